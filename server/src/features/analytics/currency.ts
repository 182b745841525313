import { AppError } from '../../platform/errors.ts';
import { ident, literal } from '../../platform/sql-text.ts';
import { allUseCases } from '../governance/index.ts';
import type { Scope, WarehouseFile } from './compile.ts';
import type { BaseMeasure } from './semantic-layer.ts';

/**
 * Amounts in several currencies never add up as they are (issue 32): before a measure of a table
 * with a currency column aggregates, each row's amount is converted to EUR with the rate its BU
 * sent for its month in FX_RATES, a governed monthly file of the Finance catalogue. EUR needs no
 * rate. A row in another currency without one stops the query with the reason, through DuckDB's
 * error(): a refusal that says which rates are missing beats a number that silently drops rows or
 * adds yen to euros.
 */

const FX_RATES = 'FX_RATES';
const CURRENCY = 'currency';
const RATE = 'rate_to_eur';

/** The rates file as the catalogue declares it: the compiler reads its period, currency and rate. */
const RATES = (() => {
  const def = allUseCases()
    .flatMap((u) => u.fileTypes)
    .find((t) => t.type === FX_RATES);
  if (def?.grain !== 'month' || ![CURRENCY, RATE].every((c) => def.columns.some((x) => x.name === c))) {
    throw new Error(`The catalogue must declare ${FX_RATES}, monthly, with the columns ${CURRENCY} and ${RATE}`);
  }
  return def;
})();

/**
 * Whether a measure adds amounts that are in the currency of their row: a KPI in EUR summing or
 * averaging a column of a table that has a currency column. The catalogue's lineage uses the same
 * rule (governance/catalogue/columns.ts, convertsToEur): the two must agree.
 */
export const convertsToEur = (m: BaseMeasure): boolean =>
  m.kpi.unit === 'EUR' && (m.kpi.aggregate === 'sum' || m.kpi.aggregate === 'avg') && m.table.columns.some((c) => c.name === CURRENCY);

/** The start of the message DuckDB raises for a missing rate; run.ts turns it into a refusal. */
const MISSING = 'No exchange rate to EUR for ';
const MISSING_TEXT = `${MISSING}%s in %s at %s: amounts in %s cannot be added to amounts in EUR. A Finance data steward of %s sends FX_RATES (exchange rates to EUR) for %s in the Ingestion tab; ask again once it is processed.`;

/** The refusal for a query stopped on a missing rate, or null for any other error. */
export function missingRateRefusal(err: unknown): AppError | null {
  const text = err instanceof Error ? err.message : String(err);
  const at = text.indexOf(MISSING);
  return at < 0 ? null : new AppError('CONFLICT', text.slice(at).trim(), undefined, { cause: err });
}

const list = (values: readonly string[]) => values.map((v) => literal(v)).join(', ');
const monthKey = (f: WarehouseFile) => `${f.year}-${String(f.month).padStart(2, '0')}`;

/** Months as a short text: runs of consecutive months as "from to". */
function span(months: readonly string[]): string {
  const next = (m: string) => {
    const [y, n] = m.split('-').map(Number) as [number, number];
    return n === 12 ? `${y + 1}-01` : `${y}-${String(n + 1).padStart(2, '0')}`;
  };
  const runs: string[][] = [];
  for (const m of [...new Set(months)].sort()) {
    const last = runs.at(-1);
    if (last && next(last.at(-1)!) === m) last.push(m);
    else runs.push([m]);
  }
  return runs.map((r) => (r.length > 1 ? `${r[0]} to ${r.at(-1)}` : r[0]!)).join(', ');
}

export interface InEuros {
  /** The measure's rows with the amount in EUR (the same rows and columns as `source`). */
  source: string;
  /** The rates files read. */
  files: WarehouseFile[];
  /** Which rates were used, when any. */
  notice: string | null;
}

/**
 * A measure's rows (`source`: each with its `bu`) with its amount column replaced by the amount in
 * EUR: joined with the FX_RATES files of the same BUs and months that the scope lets the caller
 * read, on month and currency. `where` is what the measure counts a row by: only such a row without
 * a rate stops the query (a row the measure does not count needs none).
 */
export function inEuros(
  m: BaseMeasure,
  source: string,
  where: readonly string[],
  read: readonly WarehouseFile[],
  files: readonly WarehouseFile[],
  scope: Scope,
): InEuros {
  if (!convertsToEur(m)) return { source, files: [], notice: null };
  const readable = scope.get(RATES.useCase) ?? new Set<string>();
  const monthsOf = (f: WarehouseFile) =>
    m.table.grain === 'month' ? [monthKey(f)] : Array.from({ length: 12 }, (_, i) => `${f.year}-${String(i + 1).padStart(2, '0')}`);
  const needed = new Set(read.flatMap((f) => monthsOf(f).map((month) => `${f.bu}|${month}`)));
  const rates = files.filter(
    (f) => f.useCase === RATES.useCase && f.fileType === RATES.type && readable.has(f.bu) && needed.has(`${f.bu}|${monthKey(f)}`),
  );
  const byBu = new Map<string, WarehouseFile[]>();
  for (const f of rates) byBu.set(f.bu, [...(byBu.get(f.bu) ?? []), f]);
  // One rate per BU, month and currency: the registry holds one file per BU and month, and the
  // file's checks refuse a currency twice (its key) or a month other than the file's.
  const rateRows = byBu.size
    ? [...byBu]
        .map(
          ([bu, fs]) =>
            `SELECT ${literal(bu)} AS _fx_bu, CAST(${ident(RATES.periodColumn)} AS VARCHAR) AS _fx_month, ${ident(CURRENCY)} AS _fx_currency, ` +
            `CAST(${ident(RATE)} AS DOUBLE) AS _fx_rate FROM read_parquet([${list(fs.map((f) => f.path))}], hive_partitioning = false)`,
        )
        .join(' UNION ALL ')
    : 'SELECT NULL::VARCHAR AS _fx_bu, NULL::VARCHAR AS _fx_month, NULL::VARCHAR AS _fx_currency, NULL::DOUBLE AS _fx_rate WHERE FALSE';
  const amount = `s.${ident(m.kpi.column)}`;
  const currency = `s.${ident(CURRENCY)}`;
  const month = `CAST(s.${ident(m.table.periodColumn)} AS VARCHAR)`;
  const missing = `error(printf(${literal(MISSING_TEXT)}, ${currency}, ${month}, s.bu, ${currency}, s.bu, ${month}))`;
  // The conditions name the source's columns unqualified: the rates' columns are all prefixed _fx_.
  const counted = where.length ? where.map((w) => `(${w})`).join(' AND ') : 'TRUE';
  const converted =
    `SELECT s.* REPLACE (CASE WHEN ${currency} = ${literal('EUR')} THEN ${amount} WHEN fx._fx_rate IS NOT NULL THEN ${amount} * fx._fx_rate ` +
    `WHEN ${counted} THEN ${missing} END AS ${ident(m.kpi.column)}) ` +
    `FROM (${source}) s LEFT JOIN (${rateRows}) fx ON fx._fx_bu = s.bu AND fx._fx_month = ${month} AND fx._fx_currency = ${currency}`;
  const notice = byBu.size
    ? `Amounts in other currencies converted to EUR at the monthly rates of FX_RATES (${[...byBu]
        .map(([bu, fs]) => `${bu} ${span(fs.map(monthKey))}`)
        .join('; ')}).`
    : null;
  return { source: converted, files: rates, notice };
}
