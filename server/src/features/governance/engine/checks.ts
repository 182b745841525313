import { rm } from 'node:fs/promises';
// DuckDB's native library (tens of MB) loads with the first check, not with the server.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { KpiTables } from '@hangar/contract';
import type { ColumnDef, FileTypeDef } from '../catalogue/types.ts';
import { clip, someOf } from './bounded.ts';
import { csvColumns, LINE_COLUMN, longestLine, readHeader } from './header.ts';
import { describeFormat, nulFinding, usesDecimalComma } from './read-as.ts';
import { badType, FORMULA_START, formatKpi, ident, kpiSql, literal, rawName, typed, typeLabel } from './sql.ts';
import type { FileFormat } from './tabular.ts';

export interface Finding {
  problem: string;
  count: number;
  /** Line numbers in the file (header = line 1) and the offending values. */
  sample: { line: number; column?: string; value?: string }[];
}

export interface CheckOutcome {
  passed: boolean;
  /** false when an earlier check failed and this one could not run. */
  ran: boolean;
  findings: Finding[];
}

export interface CoverageOutcome {
  ran: boolean;
  percent: number;
  message: string;
  missing: string[];
}

export interface CheckReport {
  rows: number;
  /** How the file was read (separator, decimal mark, encoding), in words for the steward. */
  readAs: string;
  fileIntegrity: CheckOutcome;
  dataIntegrity: CheckOutcome;
  coverage: CoverageOutcome;
  kpis: KpiTables;
  /** The validated table was written here as Parquet (only when both integrity checks passed). */
  staged: boolean;
}

export interface CheckInput {
  csvPath: string;
  format: FileFormat;
  def: FileTypeDef;
  period: { year: number; month: number };
  /** Local Parquet copies of the current referential files, by referential type. */
  referentials: Map<string, string>;
  stagedPath: string;
  memoryLimit?: string;
  threads?: number;
}

const SAMPLE = 5;
/** The file line of a row, written in front of each record when the file was normalised. */
const LINE = ident(LINE_COLUMN);
const MAX_LINE_BYTES = 2 * 1024 * 1024;
const LONG_LINE = 'A line of the file is longer than 2 MB: the file is not a CSV with one record per line.';
const NOT_RUN: CheckOutcome = { passed: false, ran: false, findings: [] };

/** Runs file integrity, data integrity and mapping coverage on one file, and computes its KPIs. */
export async function runChecks(input: CheckInput): Promise<CheckReport> {
  const { def } = input;
  let readAs = describeFormat(input.format, false);
  const report = (fileIntegrity: CheckOutcome, rows = 0): CheckReport => ({
    rows,
    readAs,
    fileIntegrity,
    dataIntegrity: NOT_RUN,
    coverage: { ran: false, percent: 0, message: 'Not checked: the file integrity check failed.', missing: [] },
    kpis: {},
    staged: false,
  });

  const header = await readHeader(input.csvPath);
  if (!header) return report(fail('The file is empty: it has no header row.'));
  const headerFindings = checkHeader(header.columns, def.columns);
  if (input.format.nulCount) headerFindings.unshift(nulFinding(input.format));
  if (headerFindings.length) return report({ passed: false, ran: true, findings: headerFindings });

  if ((await longestLine(input.csvPath)) > MAX_LINE_BYTES) return report(fail(LONG_LINE));

  const instance = await (await import('@duckdb/node-api')).DuckDBInstance.create(':memory:', {
    memory_limit: input.memoryLimit ?? '512MB',
    threads: String(input.threads ?? 2),
    preserve_insertion_order: 'true',
  });
  const db = await instance.connect();
  try {
    let decimalComma = false;
    try {
      const source = `read_csv(${literal(input.csvPath)},
          delim = ${literal(header.delimiter)}, header = true, auto_detect = false, columns = ${csvColumns(header)},
          quote = '"', escape = '"', strict_mode = true, max_line_size = ${MAX_LINE_BYTES})`;
      decimalComma = header.delimiter !== ',' && (await usesDecimalComma(db, def, source));
      readAs = describeFormat(input.format, decimalComma);
      // One pass: each column typed, plus the text of non-text columns so bad values can be reported.
      const rawCopies = def.columns.filter((c) => c.type !== 'string').map((c) => `${ident(c.name)} AS ${ident(rawName(c))}`);
      await db.run(
        `CREATE TABLE t AS SELECT CAST(${LINE} AS BIGINT) AS ${LINE}, ${[...def.columns.map((c) => typed(c, decimalComma)), ...rawCopies].join(', ')}
         FROM ${source}`,
      );
    } catch (err) {
      return report(fail(readError(err)));
    }
    const rows = await scalar(db, 'SELECT count(*) FROM t');
    if (rows === 0) return report(fail('The file has a header but no data rows.'));

    const fileIntegrity = await fileChecks(db, def, input.period, decimalComma);
    if (!fileIntegrity.passed) return report(fileIntegrity, rows);

    // Most files pass: the Parquet copy is written on a second connection while the checks run,
    // and thrown away if the data checks fail.
    const writer = await instance.connect();
    const staging = writer
      .run(`COPY (SELECT ${def.columns.map((c) => ident(c.name)).join(', ')} FROM t) TO ${literal(input.stagedPath)} (FORMAT parquet)`)
      .finally(() => writer.closeSync());
    try {
      const dataIntegrity = await dataChecks(db, def);
      const coverage = await coverageCheck(db, def, input.referentials);
      const kpis = await computeKpis(db, def);
      await staging;
      if (!dataIntegrity.passed) await rm(input.stagedPath, { force: true });
      return { rows, readAs, fileIntegrity, dataIntegrity, coverage, kpis, staged: dataIntegrity.passed };
    } catch (err) {
      await staging.catch(() => {});
      await rm(input.stagedPath, { force: true });
      throw err;
    }
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

const fail = (problem: string): CheckOutcome => ({ passed: false, ran: true, findings: [{ problem, count: 1, sample: [] }] });

function checkHeader(actual: string[], expected: readonly ColumnDef[]): Finding[] {
  const findings: Finding[] = [];
  const spaced = actual.filter((c) => /\s/.test(c));
  if (spaced.length) {
    findings.push({
      problem: `Column names must not contain spaces: ${someOf(spaced.map((c) => `"${c}"`))}.`,
      count: spaced.length,
      sample: [],
    });
  }
  const empty = actual.filter((c) => c === '').length;
  if (empty) findings.push({ problem: `${empty} column(s) have no name.`, count: empty, sample: [] });
  const names = new Set(actual.map((c) => c.trim()));
  const missing = expected.filter((c) => !names.has(c.name)).map((c) => c.name);
  if (missing.length) findings.push({ problem: `Missing columns: ${someOf(missing)}.`, count: missing.length, sample: [] });
  const known = new Set(expected.map((c) => c.name));
  const extra = actual.filter((c) => c.trim() !== '' && !known.has(c.trim()));
  if (extra.length) findings.push({ problem: `Unexpected columns: ${someOf(extra)}.`, count: extra.length, sample: [] });
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const c of actual) (seen.has(c) ? dupes : seen).add(c);
  if (dupes.size) findings.push({ problem: `Repeated columns: ${someOf([...dupes])}.`, count: dupes.size, sample: [] });
  return findings;
}

/** DuckDB's reader errors, said in the user's terms. */
function readError(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (/unicode|utf-?8|byte sequence/i.test(msg)) {
    return 'The file is not UTF-8 text. Save it as "CSV UTF-8" (or as .xlsx), then upload again.';
  }
  if (/maximum line size|max_line_size|does not support a full read/i.test(msg)) return LONG_LINE;
  const line = /line:?\s*(\d+)/i.exec(msg)?.[1];
  const where = line ? ` near line ${line}` : '';
  if (/expected \d+ values|too many|columns/i.test(msg)) return `A row${where} does not have the same number of values as the header.`;
  if (/quote/i.test(msg)) return `A quoted value${where} is not closed.`;
  return `The file could not be read as CSV${where}.`;
}

async function scalar(db: DuckDBConnection, sql: string): Promise<number> {
  const reader = await db.runAndReadAll(sql);
  return Number(reader.getRows()[0]?.[0] ?? 0);
}

async function sample(db: DuckDBConnection, table: string, where: string, column?: string): Promise<Finding['sample']> {
  const value = column ? `, CAST(${ident(column)} AS VARCHAR)` : '';
  const reader = await db.runAndReadAll(`SELECT ${LINE}${value} FROM ${table} WHERE ${where} ORDER BY ${LINE} LIMIT ${SAMPLE}`);
  return reader.getRows().map((r) => ({
    line: Number(r[0]),
    column: column?.replace(/__text$/, ''),
    value: r[1] === undefined || r[1] === null ? undefined : clip(String(r[1])),
  }));
}

interface Probe {
  problem: string;
  where: string;
  column?: string;
}

/** Counts every probe in one scan, then samples the ones that found something. */
async function runProbes(db: DuckDBConnection, table: string, probes: Probe[]): Promise<Finding[]> {
  if (!probes.length) return [];
  const counts = await db.runAndReadAll(`SELECT ${probes.map((p) => `count(*) FILTER (WHERE ${p.where})`).join(', ')} FROM ${table}`);
  const row = counts.getRows()[0] ?? [];
  const findings: Finding[] = [];
  for (const [i, p] of probes.entries()) {
    const count = Number(row[i] ?? 0);
    if (count > 0) findings.push({ problem: p.problem, count, sample: await sample(db, table, p.where, p.column) });
  }
  return findings;
}

async function fileChecks(
  db: DuckDBConnection,
  def: FileTypeDef,
  period: { year: number; month: number },
  decimalComma: boolean,
): Promise<CheckOutcome> {
  // The reader reads empty fields as NULL: an empty line is a row of NULLs (and has no bad types).
  const allEmpty = def.columns.map((c) => `${ident(c.type === 'string' ? c.name : rawName(c))} IS NULL`).join(' AND ');
  const probes: Probe[] = [{ problem: 'Empty lines', where: allEmpty }];
  for (const c of def.columns) {
    const bad = badType(c, rawName(c), decimalComma);
    if (bad)
      probes.push({
        problem: `Values of ${c.name} that are not ${c.type === 'decimal' && decimalComma ? 'a number with a decimal comma' : typeLabel[c.type]}`,
        where: bad,
        column: rawName(c),
      });
  }
  const pc = ident(def.periodColumn);
  const expected = def.grain === 'year' ? `${period.year}-` : `${period.year}-${String(period.month).padStart(2, '0')}`;
  const outside = def.grain === 'year' ? `NOT starts_with(${pc}, ${literal(expected)})` : `${pc} <> ${literal(expected)}`;
  const chosen = def.grain === 'year' ? String(period.year) : expected;
  probes.push({
    problem: `Rows whose ${def.periodColumn} is outside the chosen period ${chosen}`,
    where: `${pc} IS NOT NULL AND regexp_matches(${pc}, '^[0-9]{4}-[0-9]{2}$') AND ${outside}`,
    column: def.periodColumn,
  });
  const findings = await runProbes(db, 't', probes);
  return { passed: findings.length === 0, ran: true, findings };
}

async function dataChecks(db: DuckDBConnection, def: FileTypeDef): Promise<CheckOutcome> {
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
        where: `regexp_matches(${v}, ${literal(FORMULA_START)})`,
        column: c.name,
      });
    }
    if (c.min !== undefined) probes.push({ problem: `Values of ${c.name} below ${c.min}`, where: `${v} < ${c.min}`, column: c.name });
    if (c.max !== undefined) probes.push({ problem: `Values of ${c.name} above ${c.max}`, where: `${v} > ${c.max}`, column: c.name });
  }
  for (const r of def.rules ?? []) probes.push({ problem: r.message, where: `NOT COALESCE(${r.expression}, TRUE)` });
  const findings = await runProbes(db, 't', probes);

  const keys = def.columns.filter((c) => c.key).map((c) => ident(c.name));
  if (keys.length) {
    const dupes = await db.runAndReadAll(
      // Key values come back for duplicate groups only: formatting them for every group costs more than the grouping.
      `SELECT max(${LINE}), count(*) - 1, ${keys.join(', ')} FROM t GROUP BY ${keys.join(', ')} HAVING count(*) > 1 ORDER BY 1`,
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
      `SELECT min(${LINE}), CAST(${ident(groupBy)} AS VARCHAR), round(sum(${ident(column)}), 2) FROM t
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
  return { passed: findings.length === 0, ran: true, findings };
}

async function coverageCheck(db: DuckDBConnection, def: FileTypeDef, referentials: Map<string, string>): Promise<CoverageOutcome> {
  const coded = def.columns.filter((c) => c.codeOf);
  if (!coded.length) return { ran: true, percent: 100, message: 'This file has no coded columns to map.', missing: [] };
  let total = 0;
  let found = 0;
  const missing: string[] = [];
  const absent: string[] = [];
  for (const c of coded) {
    const ref = referentials.get(c.codeOf!.referential);
    const codes = await db.runAndReadAll(`SELECT DISTINCT CAST(${ident(c.name)} AS VARCHAR) FROM t WHERE ${ident(c.name)} IS NOT NULL`);
    const values = codes.getRows().map((r) => String(r[0]));
    total += values.length;
    if (!ref) {
      absent.push(c.codeOf!.referential);
      continue;
    }
    const unmapped = await db.runAndReadAll(
      `SELECT DISTINCT CAST(${ident(c.name)} AS VARCHAR) AS code FROM t WHERE ${ident(c.name)} IS NOT NULL
       AND CAST(${ident(c.name)} AS VARCHAR) NOT IN (SELECT CAST(${ident(c.codeOf!.column)} AS VARCHAR) FROM read_parquet(${literal(ref)}))
       ORDER BY code`,
    );
    const notFound = unmapped.getRows().map((r) => String(r[0]));
    found += values.length - notFound.length;
    missing.push(...notFound);
  }
  const percent = total === 0 ? 100 : Math.round((found / total) * 1000) / 10;
  const parts = [`${found} of ${total} codes found in the referential (${percent}%).`];
  if (absent.length) parts.push(`No referential file uploaded for ${someOf([...new Set(absent)])}.`);
  if (missing.length) parts.push(`Codes not mapped: ${someOf(missing)}.`);
  return { ran: true, percent, message: parts.join(' '), missing };
}

async function computeKpis(db: DuckDBConnection, def: FileTypeDef): Promise<KpiTables> {
  const tables: KpiTables = {};
  for (const kpi of def.kpis ?? []) {
    const reader = await db.runAndReadAll(kpiSql(kpi));
    const head = [kpi.groupBy ?? '', `${kpi.name} (${kpi.unit})`];
    tables[kpi.name] = [head, ...reader.getRows().map((r) => [String(r[0] ?? ''), formatKpi(kpi, r[1] === null ? null : Number(r[1]))])];
  }
  return tables;
}
