import { BUSINESS_UNITS, type GovUseCase, type QuestionLanguage, type SemanticColumn, type SemanticQuery } from '@hangar/contract';
import { badRequest } from '../../platform/errors.ts';
import { ident, literal } from '../../platform/sql-text.ts';
import { inEuros } from './currency.ts';
import { compileOperation } from './operations.ts';
import { type BaseMeasure, isRatio, type Measure, type RatioMeasure, type SemanticLayer } from './semantic-layer.ts';

/** One Parquet file of the warehouse, as the registry lists it. */
export interface WarehouseFile {
  bu: string;
  useCase: string;
  fileType: string;
  year: number;
  month: number;
  path: string;
  /** The delivery the registry holds for it: its checks are the ones an answer reports. */
  uploadId?: string;
  /** The months its rows cover: its own, or the twelve of a whole-year file. */
  months?: readonly string[];
}

/** Which BUs the caller may read, per use case: the only place rows are let through. */
export type Scope = Map<GovUseCase, ReadonlySet<string>>;

export interface CompiledQuery {
  sql: string;
  columns: SemanticColumn[];
  /** Rows to fetch: one more than the cap tells the answer was cut. */
  fetch: number;
  cap: number;
  /** Things the answer must say: scope narrowed, no data for a measure. */
  notices: string[];
  /** The files read, for the quality status of the months used. */
  files: WarehouseFile[];
}

const timeExpr = (m: BaseMeasure, dim: string) => {
  const p = `CAST(${ident(m.table.periodColumn)} AS VARCHAR)`;
  if (dim === 'month') return p;
  if (dim === 'year') return `substr(${p}, 1, 4)`;
  if (dim === 'bu') return 'bu';
  return `CAST(${ident(dim)} AS VARCHAR)`;
};

const list = (values: readonly string[]) => values.map((v) => literal(v)).join(', ');

/** The month key of a breakdown that is not asked for (a ratio's sides are joined on it). */
const MONTH_KEY = '_month';
export const monthKey = (f: WarehouseFile) => `${f.year}-${String(f.month).padStart(2, '0')}`;
/** The months a file of a measure's table can hold: its own, or the twelve of a whole-year file. */
export const monthsOf = (m: BaseMeasure) => (f: WarehouseFile) =>
  m.table.grain === 'month' ? [monthKey(f)] : Array.from({ length: 12 }, (_, i) => `${f.year}-${String(i + 1).padStart(2, '0')}`);

/**
 * Why a measure has no rows, in the words a user can act on: no right to its data, nothing
 * delivered yet, or nothing in the period asked (with the months that are held).
 */
function noDataReason(
  m: BaseMeasure,
  readable: ReadonlySet<string>,
  files: readonly WarehouseFile[],
  buFilter?: readonly string[],
): string {
  const what = `No ${m.label.toLowerCase()} data in your scope`;
  if (!readable.size) return `${what}: you have no access to ${m.useCase} data. Ask for it with Send request at the bottom of the sidebar.`;
  const held = files
    .filter((f) => f.useCase === m.useCase && f.fileType === m.table.type && readable.has(f.bu) && (!buFilter || buFilter.includes(f.bu)))
    .flatMap(monthsOf(m))
    .sort();
  if (!held.length) return `${what} for this question: no ${m.table.type} has been delivered for ${[...readable].join(', ')} yet.`;
  return `${what} for this period: the months held run from ${held[0]} to ${held.at(-1)}.`;
}

/** The snapshot months of a stock: the last month of the period held (in each year, when broken down by year). */
function lastMonths(m: BaseMeasure, held: readonly string[], perYear: boolean): string[] {
  const latest = new Map<string, string>();
  for (const month of held) {
    const group = perYear ? month.slice(0, 4) : '';
    if (month > (latest.get(group) ?? '')) latest.set(group, month);
  }
  if (!latest.size) throw new Error(`No month of ${m.label} to read`);
  return [...latest.values()].sort();
}

/**
 * Checks a structured query against the semantic layer and compiles it to DuckDB SQL over the
 * warehouse files the scope lets through. Every value is quoted here; no text of the question or
 * of a model ever becomes SQL. An operation (share, total, average, change) is composed from the
 * same parts by operations.ts.
 */
export function compileQuery(
  layer: SemanticLayer,
  query: SemanticQuery,
  files: readonly WarehouseFile[],
  scope: Scope,
  cap: number,
  /** The language the columns are labelled in: the question's. */
  language: QuestionLanguage = 'en',
): CompiledQuery {
  const measures = checkQuery(layer, query);
  if (query.operation) return compileOperation(layer, query, files, scope, cap, language);
  const parts = compileParts(layer, query, files, scope);
  const dims = query.dimensions;
  const timeDims = dims.filter((d) => layer.dimensions.get(d)!.kind === 'time');
  const order = query.order
    ? `${ident(query.order.by)} ${query.order.direction.toUpperCase()} NULLS LAST`
    : timeDims.length
      ? timeDims.map((d) => ident(d)).join(', ')
      : dims.length
        ? `${ident(measures[0]!.id)} DESC NULLS LAST`
        : '';
  const fetch = Math.min(query.limit ?? cap + 1, cap + 1);
  const sql = `WITH ${parts.ctes.join(',\n')}\n${parts.select}${order ? ` ORDER BY ${order}` : ''} LIMIT ${fetch}`;
  const columns: SemanticColumn[] = [
    ...dims.map((d) => dimensionColumn(layer, d, language)),
    ...measures.map((m) => ({ id: m.id, label: m.labels[language], kind: 'measure' as const, unit: m.unit })),
  ];
  return { sql, columns, fetch, cap, notices: parts.notices, files: parts.files };
}

export const dimensionColumn = (layer: SemanticLayer, d: string, language: QuestionLanguage): SemanticColumn => ({
  id: d,
  label: layer.dimensions.get(d)!.labels[language],
  kind: 'dimension',
  unit: null,
});

/** The query's measures, once every name, breakdown, period and order is checked against the layer. */
export function checkQuery(layer: SemanticLayer, query: SemanticQuery): Measure[] {
  const measures = query.measures.map((id) => {
    const m = layer.measures.get(id);
    if (!m) throw badRequest(`There is no measure "${id}". Measures: ${[...layer.measures.keys()].join(', ')}.`);
    return m;
  });
  for (const d of [...query.dimensions, ...query.filters.map((f) => f.dimension)]) {
    if (!layer.dimensions.has(d)) throw badRequest(`There is no breakdown "${d}". Breakdowns: ${[...layer.dimensions.keys()].join(', ')}.`);
    for (const m of measures) {
      if (!m.dimensions.includes(d)) {
        throw badRequest(`${m.label} cannot be broken down by ${layer.dimensions.get(d)!.label}: it has ${m.dimensions.join(', ')}.`);
      }
    }
  }
  if (new Set(query.dimensions).size !== query.dimensions.length) throw badRequest('A breakdown is named twice.');
  if (query.time && query.time.from > query.time.to)
    throw badRequest(`The period starts (${query.time.from}) after it ends (${query.time.to}).`);
  const orderable = [...query.measures, ...query.dimensions];
  if (query.order && !orderable.includes(query.order.by)) throw badRequest(`Order by one of ${orderable.join(', ')}.`);
  return measures;
}

export interface CompiledParts {
  /** Common table expressions, named with the prefix given. */
  ctes: string[];
  /** SELECT breakdowns and measures (named by their ids) FROM the joined measures, without order or limit. */
  select: string;
  notices: string[];
  files: WarehouseFile[];
}

/**
 * The query's rows as parts to compose: its CTEs (names prefixed, so several parts can share one
 * statement) and its SELECT. The query must have passed checkQuery.
 */
export function compileParts(
  layer: SemanticLayer,
  query: SemanticQuery,
  files: readonly WarehouseFile[],
  scope: Scope,
  prefix = '',
): CompiledParts {
  const measures = query.measures.map((id) => layer.measures.get(id)!);
  const notices: string[] = [];
  const used: WarehouseFile[] = [];
  const ctes: string[] = [];
  const dims = query.dimensions;
  const dimList = dims.map((d) => ident(d)).join(', ');

  const buFilter = query.filters.find((f) => f.dimension === 'bu')?.values;
  const inPeriod = (month: string) => !query.time || (month >= query.time.from && month <= query.time.to);
  const filesOf = (m: BaseMeasure) => {
    const readable = scope.get(m.useCase) ?? new Set<string>();
    return files.filter(
      (f) =>
        f.useCase === m.useCase &&
        f.fileType === m.table.type &&
        readable.has(f.bu) &&
        (!buFilter || buFilter.includes(f.bu)) &&
        monthsOf(m)(f).some(inPeriod),
    );
  };
  /**
   * One measure's rows, grouped by the question's breakdowns (and by month too when `perMonth`: the
   * two sides of a ratio are joined month by month). A stock without a month breakdown is read at
   * the last month of the period (per year when broken down by year), never summed over months.
   */
  const baseCte = (m: BaseMeasure, name: string, perMonth = false) => {
    const readable = scope.get(m.useCase) ?? new Set<string>();
    const outside = buFilter?.filter((b) => !readable.has(b)) ?? [];
    if (outside.length) {
      notices.push(
        readable.size
          ? `${m.label}: you do not have access to ${outside.join(', ')}; the answer uses only ${[...readable].join(', ')}.`
          : `${m.label}: you do not have access to ${outside.join(', ')}, nor to any BU's ${m.useCase} data.`,
      );
    } else if (!buFilter && readable.size > 0 && readable.size < BUSINESS_UNITS.length) {
      // Asked for everything ("by BU", "all airports"): the total is the caller's, not the group's.
      notices.push(`${m.label}: answered within your access, ${[...readable].join(', ')} only.`);
    }
    const mine = filesOf(m);
    used.push(...mine);
    const keys = perMonth && !dims.includes('month') ? [...dims, MONTH_KEY] : dims;
    const keyExpr = (d: string) => (d === MONTH_KEY ? timeExpr(m, 'month') : timeExpr(m, d));
    const select = [...keys.map((d) => `${keyExpr(d)} AS ${ident(d)}`), `CAST(${m.valueSql} AS DOUBLE) AS v`].join(', ');
    if (!mine.length) {
      notices.push(noDataReason(m, readable, files, buFilter));
      ctes.push(`${name} AS (SELECT ${[...keys.map((d) => `NULL::VARCHAR AS ${ident(d)}`), 'NULL::DOUBLE AS v'].join(', ')} WHERE FALSE)`);
      return;
    }
    const byBu = new Map<string, string[]>();
    for (const f of mine) byBu.set(f.bu, [...(byBu.get(f.bu) ?? []), f.path]);
    const source = [...byBu]
      // The paths are Hive-style (bu=…/period_month=…): DuckDB would add those folders as columns, ours come from the registry.
      .map(([bu, paths]) => `SELECT ${literal(bu)} AS bu, * FROM read_parquet([${list(paths)}], hive_partitioning = false)`)
      .join(' UNION ALL BY NAME ');
    const where = [m.whereSql];
    if (query.time) where.push(`${timeExpr(m, 'month')} BETWEEN ${literal(query.time.from)} AND ${literal(query.time.to)}`);
    for (const f of query.filters) where.push(`${timeExpr(m, f.dimension)} IN (${list(f.values)})`);
    if (m.overTime === 'stock' && !keys.includes('month') && !keys.includes(MONTH_KEY)) {
      const snapshots = lastMonths(m, mine.flatMap(monthsOf(m)).filter(inPeriod), dims.includes('year'));
      where.push(`${timeExpr(m, 'month')} IN (${list(snapshots)})`);
      const late = [...new Set(mine.map((f) => f.bu))].filter(
        (bu) => !mine.some((f) => f.bu === bu && monthsOf(m)(f).some((x) => snapshots.includes(x))),
      );
      notices.push(
        `${m.label} is a month-end figure, not a sum over months: shown for ${snapshots.join(', ')}, the last month of the period${dims.includes('year') ? ' in each year' : ''}.` +
          (late.length
            ? ` ${late.join(', ')} sent no ${m.label.toLowerCase()} for that month and ${late.length > 1 ? 'are' : 'is'} not in it.`
            : ''),
      );
    }
    // Amounts in several currencies are converted to EUR first (issue 32, currency.ts).
    const euros = inEuros(m, source, where, mine, files, scope);
    used.push(...euros.files);
    if (euros.notice) notices.push(euros.notice);
    ctes.push(`${name} AS (SELECT ${select} FROM (${euros.source}) t WHERE ${where.join(' AND ')}${keys.length ? ' GROUP BY ALL' : ''})`);
  };
  const join = (a: string, b: string) => (dims.length ? `${a} FULL JOIN ${b} USING (${dimList})` : `${a} CROSS JOIN ${b}`);
  /**
   * A ratio of two measures (revenue per passenger) divides sums over the months both sides hold,
   * joined month by month: revenue of August to November over passengers of 2025 would be a number
   * of no period. The answer says which months were used, or why there is none.
   */
  const ratioCte = (m: RatioMeasure, name: string) => {
    const num = layer.measures.get(m.numerator) as BaseMeasure;
    const den = layer.measures.get(m.denominator) as BaseMeasure;
    baseCte(num, `${name}_n`, true);
    baseCte(den, `${name}_d`, true);
    const months = (side: BaseMeasure) => new Set(filesOf(side).flatMap(monthsOf(side)).filter(inPeriod));
    const [a, b] = [months(num), months(den)];
    const shared = [...a].filter((x) => b.has(x)).sort();
    const span = (xs: string[]) => (xs.length ? (xs.length === 1 ? xs[0]! : `${xs[0]} to ${xs.at(-1)}`) : 'no month');
    if (a.size && b.size && !shared.length) {
      notices.push(
        `${m.label}: ${num.label.toLowerCase()} covers ${span([...a].sort())} and ${den.label.toLowerCase()} ${span([...b].sort())} in your scope: no month in common, so there is no ${m.label.toLowerCase()} to show.`,
      );
    } else if (shared.length && (shared.length < a.size || shared.length < b.size)) {
      notices.push(
        `${m.label}: computed over the months both ${num.label.toLowerCase()} and ${den.label.toLowerCase()} have, ${span(shared)}.`,
      );
    }
    const keys = dims.includes('month') ? dims : [...dims, MONTH_KEY];
    const pick = [...dims.map((d) => ident(d)), `SUM(n.v) / NULLIF(SUM(d.v), 0) AS v`].join(', ');
    ctes.push(
      `${name} AS (SELECT ${pick} FROM ${name}_n n JOIN ${name}_d d USING (${keys.map((d) => ident(d)).join(', ')})${dims.length ? ' GROUP BY ALL' : ''})`,
    );
  };
  const measureCte = (m: Measure, name: string) => (isRatio(m) ? ratioCte(m, name) : baseCte(m, name));
  for (const [i, m] of measures.entries()) measureCte(m, `${prefix}m${i}`);

  const from = measures.map((_, i) => `${prefix}m${i}`).reduce((acc, name) => join(acc, name));
  const select = [...dims.map((d) => ident(d)), ...measures.map((m, i) => `${prefix}m${i}.v AS ${ident(m.id)}`)].join(', ');
  return { ctes, select: `SELECT ${select} FROM ${from}`, notices: [...new Set(notices)], files: used };
}
