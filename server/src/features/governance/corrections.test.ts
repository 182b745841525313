import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IngestionItem } from '@hangar/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { govCheckResults, govUploads } from '../../platform/db/schema.ts';
import { fileTypeDef, referentialDef } from './catalogue/index.ts';
import { generateReferential, generateRows, toCsv } from './demo/files.ts';
import { evaluateFileNotReceived } from './file-not-received.ts';
import { sweepStaged } from './staging.ts';
import { postForm, recentMonth, uploadForm, waitForItem } from './test-helpers.ts';

// Issue 12 (data governance corrections) and issue 11 item 2, through the API.

let t: TestApp;
const call = apiCaller(() => t.url);
const tokens: Record<string, string> = {};
const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const P1 = recentMonth(1);
const HEAD = { file_asset: 'SSA', use_case: 'Finance', month: P1.m, year: P1.y };
const Q = `use_case=Finance&asset=SSA&year=${P1.y}&month=${P1.m}`;
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
/** A fixture made by another tool, its period moved to the month uploaded (uploads are taken for the last four months only). */
const fixtureFor = (name: string, period = P1) =>
  Buffer.from(
    readFileSync(path.join(FIXTURES, name))
      .toString('latin1')
      .replaceAll('2026-10', `${period.y}-${period.m.padStart(2, '0')}`),
    'latin1',
  );
const items = (token = tokens['finance.ssa']!, q = Q) =>
  call('GET', `/api/data_gov/ingestion/data?${q}`, token).then((r) => r.body as IngestionItem[]);
const settled = (i: IngestionItem) =>
  i.status.checkKpis === 'running' || i.status.checkfile === 'error' || i.status.processed === 'finished';
const upload = (parts: Parameters<typeof uploadForm>[1], head: Record<string, string> = HEAD, token = tokens['finance.ssa']!) =>
  postForm(t.url, '/api/data_gov/ingestion/file', token, uploadForm(head, parts));
const gl = (name = 'SSA_GL.csv', body: string | Buffer = toCsv(generateRows(GL, { year: P1.year, month: P1.month, size: 6 }))) => ({
  file_type: 'GENERAL_LEDGER',
  name,
  body,
});

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['finance.ssa', 'admin', 'analyst'])
    tokens[who] = (await signIn(t.url, `${who}@hangar.local`, DEMO_PASSWORD)).accessToken;
  const form = uploadForm({ file_asset: 'SSA', file_type: 'MAPPING_LOCAL' }, []);
  form.append('file', new Blob([toCsv(generateReferential(referentialDef('Finance', 'MAPPING_LOCAL')!))]), 'MAPPING_LOCAL.csv');
  expect((await postForm(t.url, '/api/data_gov/referentiel/mapping_file', tokens['finance.ssa']!, form)).body.status).toBe('finished');
}, 60_000);
afterAll(() => t?.close());

const uploadCount = async () => (await t.ctx.db.select({ id: govUploads.id }).from(govUploads)).length;

describe('one head per upload request (issue 11, item 2)', () => {
  it('refuses a part that switches BU, use case and file type, keeping nothing', async () => {
    const before = await uploadCount();
    const objects = (await t.ctx.store.list('governance/uploads/')).length;
    const form = uploadForm(HEAD, [gl()]);
    form.append('file_asset', 'LGW');
    form.append('use_case', 'Traffic');
    form.append('file_type', 'TRAFFIC_ACTUALS');
    form.append('file', new Blob(['x']), 'LGW_TRAFFIC.csv');
    const res = await postForm(t.url, '/api/data_gov/ingestion/file', tokens['finance.ssa']!, form);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^All files of one upload belong to SSA, Finance, .*: send LGW, Traffic, .* as a separate upload\.$/);
    expect(await uploadCount()).toBe(before);
    expect((await t.ctx.store.list('governance/uploads/')).length).toBe(objects);
  });

  it('refuses a second period in the same request, even for a user with every right', async () => {
    const P2 = recentMonth(2);
    const form = uploadForm(HEAD, [gl()]);
    form.append('month', P2.m);
    form.append('year', P2.y);
    form.append('file_type', 'GENERAL_LEDGER');
    form.append('file', new Blob(['x']), 'other.csv');
    const res = await postForm(t.url, '/api/data_gov/ingestion/file', tokens.admin!, form);
    expect(res.status).toBe(400);
  });

  it('takes one referential file per request and keeps nothing of a refused one', async () => {
    const before = (await t.ctx.store.list('governance/referential/')).length;
    const form = uploadForm({ file_asset: 'SSA', file_type: 'MAPPING_LOCAL' }, []);
    const csv = toCsv(generateReferential(referentialDef('Finance', 'MAPPING_LOCAL')!));
    form.append('file', new Blob([csv]), 'MAPPING_LOCAL.csv');
    form.append('file_asset', 'LGW');
    form.append('file', new Blob([csv]), 'MAPPING_LOCAL.csv');
    const res = await postForm(t.url, '/api/data_gov/referentiel/mapping_file', tokens['finance.ssa']!, form);
    expect(res.status).toBe(400);
    expect((await t.ctx.store.list('governance/referential/')).length).toBe(before);
  });
});

describe('the period window on the server (item 9)', () => {
  it('refuses months the selector does not offer, and budgets outside the budget period', async () => {
    const old = await upload([gl()], { ...HEAD, month: '1', year: '2020' });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/^Finance files are accepted for .*; 2020-01 is not one of them\.$/);
    expect((await upload([gl()], { ...HEAD, month: '12', year: '2030' })).status).toBe(400);
    const budget = await upload([{ file_type: 'BUDGET', file_version: 'B0', name: 'budget.csv', body: 'x' }]);
    expect(budget.status).toBe(400);
    expect(budget.body.message).toMatch(/^BUDGET is next year's budget: upload it in the \d{4} period, not for a month\.$/);
    const nextYear = String(new Date().getUTCFullYear() + 1);
    const actuals = await upload([gl()], { ...HEAD, month: '1', year: nextYear });
    expect(actuals.status).toBe(400);
    expect(actuals.body.message).toContain('GENERAL_LEDGER is not sent for next year');
  });
});

describe('content, not only the extension (issue 11, uploads)', () => {
  it('refuses a program renamed .csv and text renamed .xlsx with a 415', async () => {
    const program = await upload([gl('program.csv', readFileSync(path.join(FIXTURES, 'program.csv')))]);
    expect(program.status).toBe(415);
    expect(program.body.message).toBe('program.csv is a Linux program, not a .csv file. Programs are never accepted.');
    const fake = await upload([gl('gl.xlsx')]);
    expect(fake.status).toBe(415);
    expect(fake.body.message).toMatch(/^gl.xlsx is not an Office .xlsx file/);
  });
});

describe('one delivery per overview row (item 5), reception dates (item 3), staged files (item 12)', () => {
  it('shows the newest file alone, says which, and leaves no staged table of a replaced file', async () => {
    const first = await upload([gl('SSA_GL_first.csv')]);
    expect(first.status).toBe(200);
    const review = await waitForItem(() => items(), 'GENERAL_LEDGER', settled);
    expect(review.status.checkKpis).toBe('running');
    expect(await t.ctx.store.head(review.tmp_bucket_url!)).not.toBeNull();

    const broken = generateRows(GL, { year: P1.year, month: P1.month, size: 3 });
    broken[0] = broken[0]!.map((h) => (h === 'currency' ? 'ccy' : h));
    await upload([gl('SSA_GL_second.csv', toCsv(broken))]);
    // The replaced upload awaited KPI review: its staged table goes with it.
    expect(await t.ctx.store.head(review.tmp_bucket_url!)).toBeNull();
    const failed = await waitForItem(() => items(), 'GENERAL_LEDGER', settled);
    expect(failed.status.checkfile).toBe('error');

    const current = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(and(eq(govCheckResults.bu, 'SSA'), eq(govCheckResults.fileType, 'GENERAL_LEDGER'), eq(govCheckResults.current, true)));
    // Every delivery check names the newest file (file-not-received, about the period, is tested apart).
    expect(
      current
        .filter((c) => c.check !== 'file_not_received')
        .map((c) => [c.check, c.fileName])
        .sort(),
    ).toEqual([
      ['data_integrity', 'SSA_GL_second.csv'],
      ['file_integrity', 'SSA_GL_second.csv'],
    ]);
    const overview = await call('GET', '/api/data_gov/gouvernance/overview', tokens['finance.ssa']);
    const row = overview.body.overview_data[P1.y].SSA.Finance.find((r: { name: string }) => r.name === 'GENERAL_LEDGER');
    expect(row).toMatchObject({
      file_integrity: -1,
      data_integrity: 0,
      mapping_coverage: null,
      file_name: 'SSA_GL_second.csv',
      period: `${P1.y}-${P1.m.padStart(2, '0')}`,
    });
  });

  it('dates File Not Sent rows by the arrival of the file, and leaves missing files undated', async () => {
    await evaluateFileNotReceived(t.ctx.db);
    const [arrived] = await t.ctx.db
      .select({ at: govUploads.createdAt })
      .from(govUploads)
      .where(and(eq(govUploads.fileType, 'GENERAL_LEDGER'), eq(govUploads.month, P1.month), isNull(govUploads.supersededAt)));
    // The check runs later than the file arrived: the row must show the arrival.
    await t.ctx.db
      .update(govCheckResults)
      .set({ createdAt: new Date(Date.UTC(2030, 0, 1)) })
      .where(eq(govCheckResults.check, 'file_not_received'));
    const quality = await call('POST', '/api/data_gov/gouvernance/quality', tokens['finance.ssa'], {
      asset: 'SSA',
      use_case: 'Finance',
      year: P1.year,
    });
    const rows = quality.body.file_not_received as { table_name: string; month: number; reception_time: string | null; status: string }[];
    const gl = rows.find((r) => r.table_name === 'GENERAL_LEDGER' && r.month === P1.month)!;
    expect(gl.reception_time).toBe(arrived!.at.toISOString().replace('Z', '+00:00'));
    const missing = rows.find((r) => r.table_name === 'CAPEX' && r.month === P1.month)!;
    expect(missing.reception_time).toBeNull();
  });

  it('sweeps staged tables that nothing awaits at start, keeping those under review', async () => {
    const orphan = `governance/staging/${randomUUID()}.parquet`;
    await t.ctx.store.put(orphan, Buffer.from('PAR1'), 'application/vnd.apache.parquet');
    const kept = await upload([gl('SSA_GL_third.csv')]);
    expect(kept.status).toBe(200);
    const review = await waitForItem(() => items(), 'GENERAL_LEDGER', settled);
    expect(review.status.checkKpis).toBe('running');
    expect(await sweepStaged(t.ctx)).toBe(1);
    expect(await t.ctx.store.head(orphan)).toBeNull();
    expect(await t.ctx.store.head(review.tmp_bucket_url!)).not.toBeNull();
  });
});

describe('files made by other tools, through the API', () => {
  it('reports NUL bytes as a file-integrity finding with the line, not an unexpected error (item 8)', async () => {
    await upload([gl('nul.csv', fixtureFor('gl-nul-byte.csv'))]);
    const item = await waitForItem(() => items(), 'GENERAL_LEDGER', settled);
    expect(item.error?.title).toBe('File integrity check failed');
    expect(item.error?.description).toMatch(/NUL bytes .* \(line 4\)/);
  });

  it('accepts a LibreOffice workbook with date cells (item 1)', async () => {
    const form = uploadForm(HEAD, [
      { file_type: 'GENERAL_LEDGER', name: 'gl.xlsx', body: readFileSync(path.join(FIXTURES, 'gl-date-cells-libreoffice.xlsx')) },
    ]);
    expect((await postForm(t.url, '/api/data_gov/ingestion/file', tokens['finance.ssa']!, form)).status).toBe(200);
    const item = await waitForItem(() => items(), 'GENERAL_LEDGER', settled);
    // The fixture's period is 2026-10: only its period check may fail, never its dates.
    expect(item.error?.description ?? '').not.toContain('posting_date');
  });

  it('accepts a French Excel export and says how it was read (item 13)', async () => {
    await upload([gl('gl-fr.csv', fixtureFor('gl-semicolon-decimal-comma-cp1252.csv'))]);
    const item = await waitForItem(() => items(), 'GENERAL_LEDGER', settled);
    expect(item.error).toBeNull();
    const [check] = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(and(eq(govCheckResults.uploadId, item.file_id!), eq(govCheckResults.check, 'file_integrity')));
    expect(check!.message).toBe(
      'File integrity check passed. Read as semicolon-separated text, decimal comma, encoding Windows-1252 (converted to UTF-8).',
    );
  });
});
