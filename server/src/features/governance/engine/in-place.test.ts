import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { fileTypeDef } from '../catalogue/index.ts';
import { kpiValueSql, kpiWhereSql } from '../catalogue/kpi-sql.ts';
import { generateRows, toCsv } from '../demo/files.ts';
import { type CheckReport, runChecks } from './checks.ts';
import { computeKpis } from './kpis.ts';
import { plainCsv } from './plain-csv.ts';
import { FORMULA_START, literal, startsLikeFormula, typedValue } from './sql.ts';
import { toTabular } from './tabular.ts';

// Plain UTF-8 CSV files are checked where they are (no rewrite): every result must be the one the
// rewrite gives, line numbers included.

const dir = mkdtempSync(path.join(tmpdir(), 'gov-in-place-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const period = { year: 2026, month: 10 };
let n = 0;

function file(content: string | Buffer): string {
  const p = path.join(dir, `f${++n}.csv`);
  writeFileSync(p, content);
  return p;
}

async function check(source: string, inPlace: boolean) {
  const tab = await toTabular(source, 'csv', mkdtempSync(path.join(dir, 't-')), { inPlace });
  if (!tab.ok) return { lines: null, message: tab.message };
  const stagedPath = path.join(dir, `s${++n}.parquet`);
  const report = await runChecks({ ...tab, def: GL, period, referentials: new Map(), stagedPath });
  return { lines: tab.format.lines, report, stored: report.staged ? await parquetRows(stagedPath) : null };
}

async function parquetRows(file: string): Promise<string[]> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (await db.runAndReadAll(`SELECT CAST(p AS VARCHAR) FROM read_parquet(${literal(file)}) p`)).getRows();
  db.closeSync();
  return rows.map((r) => String(r[0]));
}

/** What the steward sees, without the sentence saying how the file was read. */
const seen = (r: CheckReport) => ({ ...r, readAs: undefined });

function ledger(edit?: (rows: string[][]) => void): string[][] {
  const rows = generateRows(GL, { ...period, size: 12 });
  edit?.(rows);
  return rows;
}

const withErrors = ledger((rows) => {
  rows[3]![6] = 'twelve'; // line 4
  rows[6]![3] = '2026-09'; // line 7
  rows[8]![2] = '2026-1-5'; // line 9
});
const withDataErrors = ledger((rows) => {
  rows[2]![4] = ''; // line 3, required account
  rows[5]![8] = '=HYPERLINK("x")'; // line 6
  rows[9]![8] = ' padded\u00a0'; // trimmed, not a formula
  rows.push([...rows[10]!]); // a duplicate of line 11, at line 26
  rows[13]![6] = String(Number(rows[13]![6]) + 10); // journal of line 14 unbalanced
});

describe('a plain UTF-8 CSV, checked where it is', () => {
  it('gives the findings, lines and stored table of the rewrite, LF or CRLF, with or without a BOM', async () => {
    for (const rows of [withErrors, withDataErrors, ledger()]) {
      const lf = toCsv(rows);
      for (const text of [lf, lf.replace(/\n/g, '\r\n'), `\ufeff${lf}`, lf.slice(0, -1)]) {
        const inPlace = await check(file(text), true);
        const rewritten = await check(file(text), false);
        expect(inPlace.lines).toBe('position');
        expect(rewritten.lines).toBe('column');
        expect(inPlace.report).toEqual(rewritten.report);
        expect(inPlace.stored).toEqual(rewritten.stored);
      }
    }
    const { report } = await check(file(toCsv(withErrors)), true);
    const lines = Object.fromEntries(report!.fileIntegrity.findings.map((f) => [f.problem, f.sample.map((s) => s.line)]));
    expect(lines).toEqual({
      'Values of amount that are not a number': [4],
      'Values of posting_date that are not a date yyyy-MM-dd': [9],
      'Rows whose period is outside the chosen period 2026-10': [7],
    });
    const data = (await check(file(toCsv(withDataErrors)), true)).report!.dataIntegrity.findings;
    expect(data.map((f) => [f.problem.slice(0, 40), f.sample.map((s) => s.line)])).toEqual([
      ['Missing values in required column accoun', [3]],
      ['Values of description that a spreadsheet', [6]],
      ['Duplicate keys (journal_id, line)', [26]],
      ['Journal entry does not balance (journal_', [10, 14]], // the duplicate unbalances its journal too
    ]);
  });

  it('gives the same findings as the same file saved as Windows-1252 with semicolons (rewritten)', async () => {
    for (const rows of [withErrors, withDataErrors]) {
      const text = toCsv(rows.map((r) => r.map((v) => (v === 'Aeronautical and commercial fees' ? 'Redevances aéroportuaires' : v))));
      const utf8 = await check(file(text), true);
      const latin1 = await check(file(Buffer.from(text.replace(/,/g, ';'), 'latin1')), true);
      expect(utf8.lines).toBe('position');
      expect(latin1.lines).toBe('column');
      expect(seen(latin1.report!)).toEqual(seen(utf8.report!));
    }
  });

  it('reads a CRLF file whose last line has no line ending (the rewrite said a quote was not closed)', async () => {
    const text = toCsv(ledger()).replace(/\n/g, '\r\n').slice(0, -2);
    for (const inPlace of [true, false]) {
      const { report } = await check(file(text), inPlace);
      expect(report!.fileIntegrity.findings).toEqual([]);
      expect(report!.rows).toBe(24);
    }
  });

  it('leaves to the rewrite what it cannot number by position, with the same lines', async () => {
    const header = `${GL.columns.map((c) => c.name).join(',')}\n`;
    const row = toCsv(ledger()).split('\n')[1]!;
    const cases = {
      'latin-1': Buffer.from(`${header}${row.replace('fees', 'frais é')}\n`, 'latin1'),
      'a NUL byte': `${header}${row.replace('fees', 'f\0ees')}\n`,
      'a blank line': `${header}${row}\n\n${row}\n`,
      'a line of spaces': `${header}${row}\n   \n${row}\n`,
      'a line break inside quotes': `${header}${row.replace('fees', '"fe\nes"')}\n`,
      'a CR alone': `${header}${row.replace('fees', 'fe\res')}\n`,
      'mixed line endings': `${header}${row}\r\n${row}\n`,
      'a line over 1 MB': `${header}${row.replace('fees', 'x'.repeat(1_100_000))}\n`,
    };
    for (const [why, content] of Object.entries(cases)) {
      expect(await plainCsv(file(content)), why).toBeNull();
    }
    expect(await plainCsv(file(`\ufeff${header}${row}\r\n`.replace('\n', '\r\n')))).toEqual({ delimiter: ',', records: 1 });
    expect(await plainCsv(file(`${header.replace(/,/g, ';')}${row.replace(/,/g, ';')}`))).toEqual({ delimiter: ';', records: 1 });

    // A quoted line break: the finding after it names the line a text editor shows.
    const rows = ledger((r) => {
      r[2]![8] = 'two\nlines';
      r[5]![6] = 'bad';
    });
    const { lines, report } = await check(file(toCsv(rows)), true);
    expect(lines).toBe('column');
    expect(report!.fileIntegrity.findings[0]!.sample).toEqual([{ line: 7, column: 'amount', value: 'bad' }]);
  });

  it('refuses an overlong last line as the rewrite does (the reader would drop it silently)', async () => {
    const text = `${toCsv(ledger())}${toCsv(ledger()).split('\n')[1]!.replace('fees', 'y'.repeat(2_200_000))}`;
    const inPlace = await check(file(text), true);
    expect(inPlace).toEqual(await check(file(text), false));
    expect(inPlace.message).toBe('Line 26 is longer than 2 MB: the file is not a CSV with one record per line.');
  });

  it('falls back on the rewrite when the reader refuses the file, with the same explanation', async () => {
    const text = toCsv(ledger()).replace(/\n(JE-2026-10-000004,1,[^\n]*)/, '\n$1,extra');
    const inPlace = await check(file(text), true);
    expect(inPlace.lines).toBe('position');
    expect(inPlace.report).toEqual((await check(file(text), false)).report);
    expect(inPlace.report!.fileIntegrity.findings[0]!.problem).toMatch(/^A row near line \d+ does not have the same number of values/);
  });
});

describe('the SQL shortcuts of the load and the probes', () => {
  const values = [
    ...['', ' ', 'a', ' a', 'a ', ' a ', 'abc', '\ta', 'a\t', 'a\r\nb', '!x', '~', '\u007f', 'x\u007f'],
    ...[0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x202f, 0x205f, 0x3000, 0xfeff, 0x200b].flatMap((c) => {
      const s = String.fromCodePoint(c);
      return [s, `${s}a`, `a${s}`, `${s}a${s}`];
    }),
    ...['é', 'aé', 'éa', 'e\u0301', '=1', '+1', '-1', '@SUM', '\t=', '\r', 'x=', '😀', '😀 ', 'a\u0600 '],
  ];

  it('skips trim() only where it changes nothing, and tests formula starts as the pattern does', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run('CREATE TABLE v ("s" VARCHAR)');
    await db.run(`INSERT INTO v VALUES (NULL), ${values.map((s) => `(${literal(s)})`).join(', ')}`);
    const column = { name: 's', type: 'string', note: '', example: '' } as const;
    const rows = (
      await db.runAndReadAll(
        `SELECT s, ${typedValue(column)} IS NOT DISTINCT FROM NULLIF(trim(s), ''),
           ${startsLikeFormula('s')} IS NOT DISTINCT FROM regexp_matches(s, ${literal(FORMULA_START)}) FROM v`,
      )
    ).getRows();
    db.closeSync();
    expect(rows.filter((r) => r[1] !== true || r[2] !== true)).toEqual([]);
    expect(rows.length).toBe(values.length + 1);
  });

  it('computes every KPI as its own query over its rows would', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run(
      `CREATE TABLE t AS SELECT * FROM (VALUES ('CC-1', '706100', -100.5, 'J1'), ('CC-1', '601000', 40.25, 'J1'),
        ('CC-2', '601000', 10.0, 'J2'), (NULL, '706200', -7.0, 'J3'), ('CC-3', '411000', 3.0, 'J3'))
        AS v(cost_center, account, amount, journal_id)`,
    );
    const kpis = await computeKpis(db, GL);
    for (const kpi of GL.kpis!) {
      const value = `CAST(${kpiValueSql(kpi)} AS DOUBLE)`;
      const g = kpi.groupBy ? `"${kpi.groupBy}"` : null;
      const groups = g
        ? (
            await db.runAndReadAll(
              `SELECT CAST(${g} AS VARCHAR), ${value} FROM t WHERE ${kpiWhereSql(kpi)} GROUP BY ${g} ORDER BY ${g} LIMIT 50`,
            )
          ).getRows()
        : [];
      const total = (await db.runAndReadAll(`SELECT ${value} FROM t WHERE ${kpiWhereSql(kpi)}`)).getRows()[0]!;
      const shown = (v: unknown) => (v === null ? '' : Number(v).toLocaleString('en-GB', { maximumFractionDigits: 0 }));
      expect(kpis[kpi.name]).toEqual([
        [kpi.groupBy ?? '', `${kpi.name} (${kpi.unit})`],
        ...groups.map((r) => [String(r[0] ?? ''), shown(r[1])]),
        ['Total', shown(total[0])],
      ]);
    }
    expect(kpis.Revenue!.map((r) => r[0])).toEqual(['cost_center', 'CC-1', '', 'Total']);
    db.closeSync();
  });
});
