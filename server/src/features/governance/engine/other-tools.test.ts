import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { text, zip } from '../../../../test/zip.ts';
import { fileTypeDef } from '../catalogue/index.ts';
import { contentMismatch } from '../upload-content.ts';
import { runChecks } from './checks.ts';
import { DAMAGED_WORKBOOK, toTabular } from './tabular.ts';
import { readable } from './test-kit.ts';

// Files made by other tools (LibreOffice, Python's csv and zipfile modules): see fixtures/README.md.

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);
const dir = mkdtempSync(path.join(tmpdir(), 'gov-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const period = { year: 2026, month: 10 };
let n = 0;

async function check(name: string, def = GL) {
  const ext = path.extname(name).slice(1);
  const tab = await readable(fixture(name), dir, ext);
  const stagedPath = path.join(dir, `staged-${++n}.parquet`);
  return { tab, stagedPath, report: await runChecks({ ...tab, def, period, referentials: new Map(), stagedPath }) };
}
const problems = (outcome: { findings: { problem: string }[] }) => outcome.findings.map((f) => f.problem);
const finding = (outcome: { findings: { problem: string; sample: { line: number; value?: string }[] }[] }, start: string) =>
  outcome.findings.find((f) => f.problem.startsWith(start));

async function parquetColumn(file: string, column: string): Promise<string[]> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (await db.runAndReadAll(`SELECT CAST("${column}" AS VARCHAR) FROM read_parquet('${file}')`)).getRows();
  db.closeSync();
  return rows.map((r) => String(r[0]));
}

describe('Excel date cells (item 1)', () => {
  for (const name of ['gl-date-cells-libreoffice.xlsx', 'gl-date-cells-excel-1900.xlsx', 'gl-date-cells-excel-1904.xlsx']) {
    it(`reads typed dates of ${name} as dates`, async () => {
      const { report, stagedPath } = await check(name);
      expect(problems(report.fileIntegrity)).toEqual([]);
      expect(problems(report.dataIntegrity)).toEqual([]);
      expect(report.rows).toBe(20);
      const days = await parquetColumn(stagedPath, 'posting_date');
      expect(days.slice(0, 4)).toEqual(['2026-10-02', '2026-10-02', '2026-10-03', '2026-10-03']);
    });
  }

  it('writes dates, date-times and times as the template asks', async () => {
    const tab = await readable(fixture('dates-times-libreoffice.xlsx'), dir, 'xlsx');
    expect(readFileSync(tab.csvPath, 'utf8').trim().split('\n')).toEqual([
      '__line,posting_date,booked_at,booked_time',
      '2,2026-10-31,2026-10-31 14:30:00,08:05:09',
      '3,1900-03-01,2027-01-01,23:59:59',
    ]);
  });
});

describe('line numbers (item 6)', () => {
  it('are the lines of the file, blank lines included', async () => {
    const { report } = await check('gl-blank-lines.csv');
    expect(finding(report.fileIntegrity, 'Values of amount that are not')!.sample.map((s) => s.line)).toEqual([13, 33, 43]);
    expect(finding(report.fileIntegrity, 'Empty lines')!.sample.map((s) => s.line)).toEqual([6, 21]);
  });
});

describe('formula-like text (item 7)', () => {
  it('is a data-integrity finding per text column, with its lines', async () => {
    const { report } = await check('gl-formulas.csv');
    expect(problems(report.fileIntegrity)).toEqual([]);
    expect(report.dataIntegrity.passed).toBe(false);
    const costCenter = finding(report.dataIntegrity, 'Values of cost_center that a spreadsheet would run as a formula')!;
    expect(costCenter.sample).toEqual([{ line: 3, column: 'cost_center', value: '=1+1' }]);
    const description = finding(report.dataIntegrity, 'Values of description that a spreadsheet would run as a formula')!;
    expect(description.sample.map((s) => s.line)).toEqual([2, 4, 5, 6, 7]);
    expect(report.staged).toBe(false);
  });

  it('is accepted where the file type allows it, and stored as plain text', async () => {
    const { report, stagedPath } = await check('gl-formulas.csv', { ...GL, allowFormulaLikeText: true });
    expect(report.dataIntegrity.findings.filter((f) => f.problem.includes('formula'))).toEqual([]);
    expect(await parquetColumn(stagedPath, 'cost_center')).toContain('=1+1');
  });
});

describe('NUL bytes (item 8)', () => {
  it('are a file-integrity finding with the line', async () => {
    const { report } = await check('gl-nul-byte.csv');
    const nul = finding(report.fileIntegrity, 'NUL bytes')!;
    expect(nul.sample).toEqual([{ line: 4 }]);
    expect(report.fileIntegrity.passed).toBe(false);
  });
});

describe('bounded messages (item 10)', () => {
  it('lists ten unexpected columns and counts the rest', async () => {
    const header = [...GL.columns.map((c) => c.name), ...Array.from({ length: 5000 }, (_, i) => `extra_column_${i}_${'x'.repeat(200)}`)];
    const source = path.join(dir, 'wide.csv');
    writeFileSync(source, `${header.join(',')}\n`);
    const tab = await readable(source, dir);
    const report = await runChecks({ ...tab, def: GL, period, referentials: new Map(), stagedPath: path.join(dir, 'w.parquet') });
    const [extra] = problems(report.fileIntegrity);
    expect(extra).toMatch(/^Unexpected columns: extra_column_0_x+…, .* and [\d,]+ more\.$/);
    expect(extra!.length).toBeLessThan(1000);
  });
});

describe('not a workbook (item 11)', () => {
  it('says a zip without a workbook part is damaged or not a workbook', async () => {
    const tab = await toTabular(fixture('junk-renamed.xlsx'), 'xlsx', mkdtempSync(path.join(dir, 'j-')));
    expect(tab).toEqual({ ok: false, message: `${DAMAGED_WORKBOOK} (It has no workbook part.)` });
  });
});

describe('European CSV exports (item 13)', () => {
  it('detects the separator, the decimal comma and Windows-1252, and says so', async () => {
    const { report, stagedPath } = await check('gl-semicolon-decimal-comma-cp1252.csv');
    expect(problems(report.fileIntegrity)).toEqual([]);
    expect(problems(report.dataIntegrity)).toEqual([]);
    expect(report.readAs).toBe('Read as semicolon-separated text, decimal comma, encoding Windows-1252 (converted to UTF-8).');
    expect((await parquetColumn(stagedPath, 'amount')).slice(0, 2)).toEqual(['137.25', '-137.25']);
    expect(await parquetColumn(stagedPath, 'description')).toContain('Redevances aéroportuaires €');
  });

  it('keeps a point-decimal file as it is', async () => {
    const { report } = await check('gl-formulas.csv');
    expect(report.readAs).toBe('Read as comma-separated text, decimal point, encoding UTF-8.');
  });
});

describe('zip limits and content (issue 11)', () => {
  it('refuses a workbook that inflates far beyond its size, before extracting', async () => {
    const tab = await toTabular(fixture('expanding.xlsx'), 'xlsx', mkdtempSync(path.join(dir, 'e-')));
    expect(tab).toEqual({ ok: false, message: expect.stringMatching(/^The workbook unpacks to 71 MB from a 1 MB file/) });
  });

  it('refuses a workbook with thousands of parts', async () => {
    const entries = [
      { name: 'xl/workbook.xml', chunks: text('<workbook/>') },
      ...Array.from({ length: 2001 }, (_, i) => ({ name: `xl/media/p${i}.xml`, chunks: text('x') })),
    ];
    const source = path.join(dir, 'parts.xlsx');
    writeFileSync(source, await zip(entries));
    const tab = await toTabular(source, 'xlsx', mkdtempSync(path.join(dir, 'p-')));
    expect(tab).toEqual({ ok: false, message: expect.stringMatching(/^The workbook has more than 2,000 parts/) });
  });

  it('tells a program or a zip renamed .csv from text', () => {
    expect(contentMismatch('program.csv', readFileSync(fixture('program.csv')))).toBe(
      'program.csv is a Linux program, not a .csv file. Programs are never accepted.',
    );
    expect(contentMismatch('book.csv', readFileSync(fixture('gl-date-cells-libreoffice.xlsx')))).toMatch(
      /is a zip archive or Office file, not CSV text/,
    );
    expect(contentMismatch('fake.xlsx', readFileSync(fixture('gl-formulas.csv')))).toMatch(/is not an Office .xlsx file/);
    expect(contentMismatch('gl.csv', readFileSync(fixture('gl-nul-byte.csv')))).toBeNull();
    expect(contentMismatch('gl.xlsx', readFileSync(fixture('junk-renamed.xlsx')))).toBeNull();
  });
});
