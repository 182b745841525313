import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
// DuckDB's native library (tens of MB) loads with the first check, not with the server.
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { KpiTables } from '@hangar/contract';
import type { ColumnDef, FileTypeDef } from '../catalogue/types.ts';
import { someOf } from './bounded.ts';
import { csvColumns, LINE_COLUMN, longestLine, readHeader } from './header.ts';
import { computeKpis } from './kpis.ts';
import { countProbes, dataIntegrityProbes, fileIntegrityProbes, findingsOf, groupFindings, type Table } from './probes.ts';
import { describeFormat, nulFinding, usesDecimalComma } from './read-as.ts';
import { ident, keepsText, keptText, literal, typed } from './sql.ts';
import { type FileFormat, normalizedCsv } from './tabular.ts';

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

const MAX_LINE_BYTES = 2 * 1024 * 1024;
const LONG_LINE = 'A line of the file is longer than 2 MB: the file is not a CSV with one record per line.';
const NOT_RUN: CheckOutcome = { passed: false, ran: false, findings: [] };
/** The reader did not find the records a plain file's scan counted, or could not read the file. */
const MISREAD = Symbol('misread');

/** Runs file integrity, data integrity and mapping coverage on one file, and computes its KPIs. */
export async function runChecks(input: CheckInput): Promise<CheckReport> {
  const report = await checkFile(input);
  if (report !== MISREAD) return report;
  // The rewrite reads every file as it always has: the same findings and lines, or the same explanation.
  const rewritten = path.join(path.dirname(input.stagedPath), `rewritten-${randomUUID()}.csv`);
  try {
    const tab = await normalizedCsv(input.csvPath, rewritten);
    if (!tab.ok) throw new Error(tab.message);
    const again = await checkFile({ ...input, csvPath: tab.csvPath, format: { ...tab.format, source: input.format.source } });
    if (again === MISREAD) throw new Error('a rewritten file was misread');
    return again;
  } finally {
    await rm(rewritten, { force: true });
  }
}

async function checkFile(input: CheckInput): Promise<CheckReport | typeof MISREAD> {
  const { def } = input;
  const inPlace = input.format.lines === 'position';
  // A row's line in the uploaded file: the rewrite wrote it in front of each record; a plain file's record n is on line n + 2.
  const line = inPlace ? '(rowid + 2)' : ident(LINE_COLUMN);
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

  const header = await readHeader(input.csvPath, !inPlace);
  if (!header) return report(fail('The file is empty: it has no header row.'));
  const headerFindings = checkHeader(header.columns, def.columns);
  if (input.format.nulCount) headerFindings.unshift(nulFinding(input.format));
  if (headerFindings.length) return report({ passed: false, ran: true, findings: headerFindings });

  // A plain file's scan has measured its lines.
  if (!inPlace && (await longestLine(input.csvPath)) > MAX_LINE_BYTES) return report(fail(LONG_LINE));

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
          delim = ${literal(header.delimiter)}, header = true, auto_detect = false, columns = ${csvColumns(header, !inPlace)},
          quote = '"', escape = '"', strict_mode = true, max_line_size = ${MAX_LINE_BYTES})`;
      decimalComma = header.delimiter !== ',' && (await usesDecimalComma(db, def, source));
      readAs = describeFormat(input.format, decimalComma);
      // One pass: each column typed, and the original text where a value did not convert, for the findings.
      // The table keeps the file's order (preserve_insertion_order): a plain file's rowid is its record number.
      const lineColumn = inPlace ? [] : [`CAST(${line} AS BIGINT) AS ${line}`];
      const texts = def.columns.filter(keepsText).map((c) => keptText(c, decimalComma));
      await db.run(
        `CREATE TABLE t AS SELECT ${[...lineColumn, ...def.columns.map((c) => typed(c, decimalComma)), ...texts].join(', ')} FROM ${source}`,
      );
    } catch (err) {
      if (inPlace) return MISREAD;
      return report(fail(readError(err)));
    }
    const rows = await scalar(db, 'SELECT count(*) FROM t');
    if (inPlace && rows !== input.format.records) return MISREAD;
    if (rows === 0) return report(fail('The file has a header but no data rows.'));

    const table: Table = { db, line };
    const fileProbes = fileIntegrityProbes(def, input.period, decimalComma);
    const dataProbes = dataIntegrityProbes(def);
    // Most files pass: the later steps start now on connections of their own, beside the file check,
    // and are stopped and dropped if it fails (the Parquet copy is kept only if both checks pass).
    const side = startSide(instance, line);
    const staging = side.run(({ db: c }) =>
      c.run(`COPY (SELECT ${def.columns.map((c) => ident(c.name)).join(', ')} FROM t) TO ${literal(input.stagedPath)} (FORMAT parquet)`),
    );
    const groupings = side.run((t) => groupFindings(t, def));
    const coverage = side.run(({ db: c }) => coverageCheck(c, def, input.referentials));
    const kpis = side.run(({ db: c }) => computeKpis(c, def));
    try {
      // One scan counts both checks' probes; the data counts are used only if the file passes (a row rule
      // that fails on rows of the wrong type cannot stop the file check: its probes are then counted alone).
      const counts = await countProbes(table, [...fileProbes, ...dataProbes]).catch(() => null);
      const fileFindings = await findingsOf(table, fileProbes, counts ?? (await countProbes(table, fileProbes)));
      const fileIntegrity: CheckOutcome = { passed: fileFindings.length === 0, ran: true, findings: fileFindings };
      if (!fileIntegrity.passed) {
        await side.stop();
        await rm(input.stagedPath, { force: true });
        return report(fileIntegrity, rows);
      }
      const dataCounts = counts ? counts.slice(fileProbes.length) : await countProbes(table, dataProbes);
      const dataFindings = [...(await findingsOf(table, dataProbes, dataCounts)), ...(await groupings)];
      const dataIntegrity: CheckOutcome = { passed: dataFindings.length === 0, ran: true, findings: dataFindings };
      const result = {
        rows,
        readAs,
        fileIntegrity,
        dataIntegrity,
        coverage: await coverage,
        kpis: await kpis,
        staged: dataIntegrity.passed,
      };
      await staging;
      if (!dataIntegrity.passed) await rm(input.stagedPath, { force: true });
      return result;
    } catch (err) {
      await side.stop();
      await rm(input.stagedPath, { force: true });
      throw err;
    }
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

/** Steps run beside the file check, each on a connection of its own. */
function startSide(instance: DuckDBInstance, line: string) {
  const open = new Set<DuckDBConnection>();
  const running: Promise<unknown>[] = [];
  return {
    run<T>(step: (table: Table) => Promise<T>): Promise<T> {
      const done = (async () => {
        const db = await instance.connect();
        open.add(db);
        try {
          return await step({ db, line });
        } finally {
          open.delete(db);
          db.closeSync();
        }
      })();
      // Handled here, so a step stopped with the file check is never an unhandled rejection.
      running.push(done.catch(() => {}));
      return done;
    },
    /** Interrupts the steps (each may have more statements to run) until every one has ended. */
    async stop() {
      let ended = false;
      const all = Promise.all(running).then(() => {
        ended = true;
      });
      while (!ended) {
        for (const db of open) db.interrupt();
        await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 10))]);
      }
    },
  };
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
