import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnDef, FileTypeDef } from '../catalogue/types.ts';
import { clip } from './bounded.ts';
import type { Finding } from './checks.ts';
import { badType, ident, keepsText, literal, rawName, startsLikeFormula, typeLabel } from './sql.ts';

// The integrity checks over the loaded table `t`: row probes (a condition each, counted, then
// sampled with their lines), duplicate keys and unbalanced groups.

const SAMPLE = 5;

/** The checked table `t`, and the SQL of a row's line in the uploaded file. */
export interface Table {
  db: DuckDBConnection;
  line: string;
}

export interface Probe {
  problem: string;
  where: string;
  column?: string;
}

async function sample({ db, line }: Table, where: string, column?: string): Promise<Finding['sample']> {
  const value = column ? `, CAST(${ident(column)} AS VARCHAR)` : '';
  const reader = await db.runAndReadAll(`SELECT ${line}${value} FROM t WHERE ${where} ORDER BY ${line} LIMIT ${SAMPLE}`);
  return reader.getRows().map((r) => ({
    line: Number(r[0]),
    column: column?.replace(/__text$/, ''),
    value: r[1] === undefined || r[1] === null ? undefined : clip(String(r[1])),
  }));
}

/** Counts every probe in one scan. */
export async function countProbes({ db }: Table, probes: Probe[]): Promise<number[]> {
  if (!probes.length) return [];
  // count_if costs less than count(*) FILTER (WHERE …) over twenty probes (about a tenth).
  const counts = await db.runAndReadAll(`SELECT ${probes.map((p) => `count_if(${p.where})`).join(', ')} FROM t`);
  const row = counts.getRows()[0] ?? [];
  return probes.map((_, i) => Number(row[i] ?? 0));
}

/** The probes that found something, each with a sample of its rows. */
export async function findingsOf(table: Table, probes: Probe[], counts: number[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [i, p] of probes.entries()) {
    const count = counts[i] ?? 0;
    if (count > 0) findings.push({ problem: p.problem, count, sample: await sample(table, p.where, p.column) });
  }
  return findings;
}

/** Where a column's original text is: a converted column's kept text, else the column itself. */
const textOf = (c: ColumnDef) => (keepsText(c) ? rawName(c) : c.name);

export function fileIntegrityProbes(def: FileTypeDef, period: { year: number; month: number }, decimalComma: boolean): Probe[] {
  // The reader reads empty fields as NULL: an empty line is a row of NULLs (and has no bad types).
  // A converted column's text was empty where both its value and its kept text are NULL. coalesce
  // looks at a column only where the ones before it are NULL (an AND of IS NULL tests reads them all).
  const allEmpty = `coalesce(${def.columns
    .flatMap((c) => (keepsText(c) ? [c.name, rawName(c)] : [c.name]))
    .map((name) => `CAST(${ident(name)} AS VARCHAR)`)
    .join(', ')}) IS NULL`;
  const probes: Probe[] = [{ problem: 'Empty lines', where: allEmpty }];
  for (const c of def.columns) {
    const bad = badType(c, textOf(c), decimalComma);
    if (bad)
      probes.push({
        problem: `Values of ${c.name} that are not ${c.type === 'decimal' && decimalComma ? 'a number with a decimal comma' : typeLabel[c.type]}`,
        where: bad,
        column: textOf(c),
      });
  }
  const pc = ident(def.periodColumn);
  const expected = def.grain === 'year' ? `${period.year}-` : `${period.year}-${String(period.month).padStart(2, '0')}`;
  const outside = def.grain === 'year' ? `NOT starts_with(${pc}, ${literal(expected)})` : `${pc} <> ${literal(expected)}`;
  const chosen = def.grain === 'year' ? String(period.year) : expected;
  probes.push({
    problem: `Rows whose ${def.periodColumn} is outside the chosen period ${chosen}`,
    // As a CASE, the pattern is matched only on the rows outside the period (an AND evaluates both sides everywhere).
    where: `CASE WHEN ${outside} THEN regexp_matches(${pc}, '^[0-9]{4}-[0-9]{2}$') ELSE false END`,
    column: def.periodColumn,
  });
  return probes;
}

export function dataIntegrityProbes(def: FileTypeDef): Probe[] {
  const probes: Probe[] = [];
  for (const c of def.columns) {
    const v = ident(c.name);
    if (c.required) probes.push({ problem: `Missing values in required column ${c.name}`, where: `${v} IS NULL`, column: c.name });
    if (c.allowed) {
      probes.push({
        problem: `Values of ${c.name} outside ${c.allowed.join(', ')}`,
        where: `${v} IS NOT NULL AND ${v} NOT IN (${c.allowed.map((a) => literal(a)).join(', ')})`,
        column: c.name,
      });
    }
    if (c.type === 'string' && !def.allowFormulaLikeText) {
      probes.push({
        problem: `Values of ${c.name} that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)`,
        where: startsLikeFormula(v),
        column: c.name,
      });
    }
    if (c.min !== undefined) probes.push({ problem: `Values of ${c.name} below ${c.min}`, where: `${v} < ${c.min}`, column: c.name });
    if (c.max !== undefined) probes.push({ problem: `Values of ${c.name} above ${c.max}`, where: `${v} > ${c.max}`, column: c.name });
  }
  for (const r of def.rules ?? []) probes.push({ problem: r.message, where: `NOT COALESCE(${r.expression}, TRUE)` });
  return probes;
}

/** Data integrity's groupings: duplicate keys, and groups that do not balance. */
export async function groupFindings({ db, line }: Table, def: FileTypeDef): Promise<Finding[]> {
  const findings: Finding[] = [];
  const keys = def.columns.filter((c) => c.key).map((c) => ident(c.name));
  if (keys.length) {
    // Only rows whose key hash repeats can be duplicates: grouping 8-byte hashes first costs less than
    // grouping every key; the candidates are then grouped by their keys, so collisions drop out.
    const hashed = `hash(${keys.join(', ')})`;
    const dupes = await db.runAndReadAll(
      // Key values come back for duplicate groups only: formatting them for every group costs more than the grouping.
      `SELECT max(${line}), count(*) - 1, ${keys.join(', ')} FROM t
       WHERE ${hashed} IN (SELECT ${hashed} AS h FROM t GROUP BY h HAVING count(*) > 1)
       GROUP BY ${keys.join(', ')} HAVING count(*) > 1 ORDER BY 1`,
    );
    const rows = dupes.getRows();
    if (rows.length) {
      const names = def.columns.filter((c) => c.key).map((c) => c.name);
      findings.push({
        problem: `Duplicate keys (${names.join(', ')})`,
        count: rows.reduce((n, r) => n + Number(r[1]), 0),
        sample: rows
          .slice(0, SAMPLE)
          .map((r) => ({ line: Number(r[0]), column: names.join(', '), value: clip(r.slice(2).map(String).join(' / ')) })),
      });
    }
  }
  if (def.reconcile) {
    const { groupBy, column, tolerance, message } = def.reconcile;
    const off = await db.runAndReadAll(
      `SELECT min(${line}), CAST(${ident(groupBy)} AS VARCHAR), round(sum(${ident(column)}), 2) FROM t
       GROUP BY ${ident(groupBy)} HAVING abs(sum(${ident(column)})) > ${tolerance} ORDER BY 1`,
    );
    const rows = off.getRows();
    if (rows.length) {
      findings.push({
        problem: `${message} (${groupBy} whose ${column} does not sum to zero)`,
        count: rows.length,
        sample: rows.slice(0, SAMPLE).map((r) => ({ line: Number(r[0]), column: groupBy, value: clip(`${r[1]} (${r[2]})`) })),
      });
    }
  }
  return findings;
}
