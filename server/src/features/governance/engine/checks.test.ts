import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileTypeDef, referentialDef } from '../catalogue/index.ts';
import { generateReferential, generateRows, toCsv } from '../demo/files.ts';
import { runChecks } from './checks.ts';
import { loadReferential } from './referential.ts';
import { readable } from './test-kit.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'gov-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const period = { year: 2026, month: 10 };
let n = 0;
function file(rows: string[][] | string): string {
  const p = path.join(dir, `f${++n}.csv`);
  writeFileSync(p, typeof rows === 'string' ? rows : toCsv(rows));
  return p;
}
async function mapping(rows?: string[][]): Promise<Map<string, string>> {
  const def = referentialDef('Finance', 'MAPPING_LOCAL')!;
  const out = path.join(dir, `ref${++n}.parquet`);
  const result = await loadReferential((await readable(file(rows ?? generateReferential(def)), dir, 'csv', false)).csvPath, def, out);
  expect(result.ok).toBe(true);
  return new Map([['MAPPING_LOCAL', out]]);
}
const check = async (csv: string, refs = new Map<string, string>()) => {
  const { csvPath, format } = await readable(csv, dir);
  return runChecks({ csvPath, format, def: GL, period, referentials: refs, stagedPath: path.join(dir, `staged${++n}.parquet`) });
};

describe('the check engine on a general ledger', () => {
  it('passes a clean file, maps every code and computes the KPIs', async () => {
    const rows = generateRows(GL, { ...period, size: 30 });
    const report = await check(file(rows), await mapping());
    expect(report.fileIntegrity).toMatchObject({ passed: true, findings: [] });
    expect(report.dataIntegrity).toMatchObject({ passed: true, findings: [] });
    expect(report.coverage.percent).toBe(100);
    expect(report.rows).toBe(60);
    expect(report.staged).toBe(true);
    const revenue = rows
      .slice(1)
      .filter((r) => r[4]!.startsWith('7'))
      .reduce((s, r) => s - Number(r[6]), 0);
    const table = report.kpis.Revenue!;
    expect(table[0]).toEqual(['cost_center', 'Revenue (EUR)']);
    expect(table.at(-1)![0]).toBe('Total');
    expect(Number(table.at(-1)![1]!.replace(/,/g, ''))).toBe(Math.round(revenue));
  });

  it('fails file integrity on missing, extra and spaced columns', async () => {
    const rows = generateRows(GL, { ...period, size: 3 });
    rows[0] = rows[0]!.map((h) => (h === 'cost_center' ? 'cost center' : h === 'currency' ? 'ccy' : h));
    const report = await check(file(rows));
    expect(report.fileIntegrity.passed).toBe(false);
    const problems = report.fileIntegrity.findings.map((f) => f.problem).join('\n');
    expect(problems).toContain('Column names must not contain spaces: "cost center"');
    expect(problems).toContain('Missing columns: cost_center, currency');
    expect(problems).toContain('Unexpected columns: cost center, ccy');
    expect(report.dataIntegrity.ran).toBe(false);
    expect(report.staged).toBe(false);
  });

  it('fails file integrity on bad types, empty lines and rows outside the month, with line numbers', async () => {
    const rows = generateRows(GL, { ...period, size: 3 });
    rows[2]![6] = 'twelve';
    rows[3]![3] = '2026-09';
    rows.splice(
      5,
      0,
      GL.columns.map(() => ''),
    );
    const report = await check(file(rows));
    const byProblem = Object.fromEntries(report.fileIntegrity.findings.map((f) => [f.problem, f]));
    expect(byProblem['Values of amount that are not a number']).toMatchObject({ count: 1, sample: [{ line: 3, value: 'twelve' }] });
    expect(byProblem['Rows whose period is outside the chosen period 2026-10']).toMatchObject({ count: 1, sample: [{ line: 4 }] });
    expect(byProblem['Empty lines']).toMatchObject({ count: 1, sample: [{ line: 6 }] });
  });

  it('fails data integrity on missing values, duplicate keys, bad codes and unbalanced journals', async () => {
    const rows = generateRows(GL, { ...period, size: 4 });
    rows[2]![4] = ''; // required account
    rows[3]![7] = 'XYZ'; // currency outside the list
    rows.push([...rows[5]!]); // duplicate journal line
    rows[7]![6] = String(Number(rows[7]![6]) + 10); // unbalanced journal
    const report = await check(file(rows));
    expect(report.fileIntegrity.passed).toBe(true);
    const problems = report.dataIntegrity.findings.map((f) => f.problem);
    expect(problems).toContain('Missing values in required column account');
    expect(problems).toContain('Values of currency outside EUR, GBP, USD, JPY, CVE');
    expect(problems).toContain('Duplicate keys (journal_id, line)');
    expect(problems.some((p) => p.startsWith('Journal entry does not balance'))).toBe(true);
    expect(report.staged).toBe(false);
  });

  it('measures mapping coverage against the current referential', async () => {
    const ref = referentialDef('Finance', 'MAPPING_LOCAL')!;
    const partial = generateReferential(ref).filter((r, i) => i === 0 || !r[0]!.startsWith('7'));
    const report = await check(file(generateRows(GL, { ...period, size: 40 })), await mapping(partial));
    expect(report.coverage.percent).toBeGreaterThan(0);
    expect(report.coverage.percent).toBeLessThan(100);
    expect(report.coverage.missing.every((c) => c.startsWith('7'))).toBe(true);
    const none = await check(file(generateRows(GL, { ...period, size: 5 })));
    expect(none.coverage.percent).toBe(0);
    expect(none.coverage.message).toContain('No referential file uploaded for MAPPING_LOCAL');
  });

  it('explains unreadable files', async () => {
    const header = GL.columns.map((c) => c.name).join(',');
    const ragged = await check(file(`${header}\nJE-1,1,2026-10-01,2026-10,706100\n`));
    expect(ragged.fileIntegrity.findings[0]!.problem).toMatch(/A row near line 2 does not have the same number of values as the header/);
    expect((await check(file(''))).fileIntegrity.findings[0]!.problem).toMatch(/empty/);
    expect((await check(file(`${header}\n`))).fileIntegrity.findings[0]!.problem).toMatch(/no data rows/);
  });
});
