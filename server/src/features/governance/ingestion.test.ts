import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { DuckDBInstance } from '@duckdb/node-api';
import type { IngestionItem } from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog, govCheckResults, govWarehouse } from '../../platform/db/schema.ts';
import { fileTypeDef, referentialDef } from './catalogue/index.ts';
import { generateReferential, generateRows, toCsv } from './demo/files.ts';
import { evaluateFileNotReceived } from './file-not-received.ts';
import { fieldsForm, postForm, recentMonth, uploadForm, waitForItem } from './test-helpers.ts';

const P1 = recentMonth(1);
const P2 = recentMonth(2);

let t: TestApp;
const call = apiCaller(() => t.url);
const tokens: Record<string, string> = {};
const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const HEAD = { file_asset: 'SSA', use_case: 'Finance', month: P1.m, year: P1.y, day: '3' };
const items = (token: string, q = `use_case=Finance&asset=SSA&year=${P1.y}&month=${P1.m}`) =>
  call('GET', `/api/data_gov/ingestion/data?${q}`, token).then((r) => r.body as IngestionItem[]);
const glCsv = (size = 20, seed = 1) => toCsv(generateRows(GL, { year: P1.year, month: P1.month, size, seed }));

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['finance.ssa', 'analyst', 'viewer', 'admin']) {
    tokens[who] = (await signIn(t.url, `${who}@hangar.local`, DEMO_PASSWORD)).accessToken;
  }
  const mapping = toCsv(generateReferential(referentialDef('Finance', 'MAPPING_LOCAL')!));
  const form = uploadForm({ file_asset: 'SSA', file_type: 'MAPPING_LOCAL' }, []);
  form.append('file', new Blob([mapping]), 'MAPPING_LOCAL.csv');
  const ref = await postForm(t.url, '/api/data_gov/referentiel/mapping_file', tokens['finance.ssa']!, form);
  expect(ref.body).toEqual({ status: 'finished', error: null });
}, 60_000);
afterAll(() => t?.close());

async function uploadGl(csv: string, token = tokens['finance.ssa']!, head = HEAD) {
  return postForm(
    t.url,
    '/api/data_gov/ingestion/file',
    token,
    uploadForm(head, [{ file_type: 'GENERAL_LEDGER', name: 'SSA_GL_2026_10.csv', body: csv }]),
  );
}
const reviewing = (i: IngestionItem) => i.status.checkKpis === 'running' || i.status.checkfile === 'error';

async function warehouseRows(): Promise<{ key: string; rows: number }> {
  const [entry] = await t.ctx.db
    .select()
    .from(govWarehouse)
    .where(
      and(
        eq(govWarehouse.bu, 'SSA'),
        eq(govWarehouse.fileType, 'GENERAL_LEDGER'),
        eq(govWarehouse.year, P1.year),
        eq(govWarehouse.month, P1.month),
      ),
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'wh-'));
  try {
    const local = path.join(dir, 'x.parquet');
    writeFileSync(local, await buffer((await t.ctx.store.get(entry!.objectKey)).body));
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = Number((await db.runAndReadAll(`SELECT count(*) FROM read_parquet('${local}')`)).getRows()[0]![0]);
    return { key: entry!.objectKey, rows };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('permissions', () => {
  it('lists the authorised BUs and the permission map', async () => {
    const res = await call('GET', '/api/data_gov/gouvernance/authorized-bus', tokens['finance.ssa']);
    expect(res.body.authorised_bus).toEqual(['SSA']);
    expect(res.body.user_permissions.SSA['Finance SSA data stewards'].sort()).toEqual([
      'Finance/Ingestion',
      'Finance/Lineage',
      'Finance/Quality',
      'Finance/Referentiel',
    ]);
    expect((await call('GET', '/api/data_gov/gouvernance/authorized-bus', tokens.analyst)).body.authorised_bus).toEqual(['AMA', 'SSA']);
    expect((await call('GET', '/api/data_gov/gouvernance/authorized-bus', tokens.viewer)).status).toBe(403);
  });

  it('refuses uploads without the Ingestion right for the BU, and audits them', async () => {
    const byAnalyst = await uploadGl(glCsv(), tokens.analyst);
    expect(byAnalyst.status).toBe(403);
    expect(byAnalyst.body.message).toContain('Ingestion right for Finance at SSA');
    const otherBu = await uploadGl(glCsv(), tokens['finance.ssa'], { ...HEAD, file_asset: 'AMA' });
    expect(otherBu.status).toBe(403);
    const denied = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'access.denied'));
    expect(denied.some((d) => d.target === 'POST /api/data_gov/ingestion/file' && d.actorEmail === 'analyst@hangar.local')).toBe(true);
    expect(
      (await call('GET', `/api/data_gov/ingestion/data?use_case=Finance&asset=LGW&year=${P1.y}&month=${P1.m}`, tokens.analyst)).status,
    ).toBe(403);
    expect((await items(tokens.analyst!)).length).toBeGreaterThan(0); // Quality holders read SSA
  });
});

describe('the ingestion pipeline', () => {
  it('lists the expected files of a period, pending', async () => {
    const list = await items(tokens['finance.ssa']!);
    const types = list.map((i) => i.file_type);
    expect(types).toEqual([
      'GENERAL_LEDGER',
      'SUPPLIER_OPEX',
      'CUSTOMER_REVENUES',
      'CAPEX',
      'CPXFORECAST',
      'CAPEX_FORECAST',
      'RECEIVABLES',
      'RECEIVABLES',
      'FX_RATES',
    ]);
    expect(list.filter((i) => i.file_type === 'RECEIVABLES').map((i) => i.version)).toEqual(['SSA', 'AMA']);
    expect(list[0]!.status).toEqual({ loaded: 'pending', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' });
    const budget = await items(tokens['finance.ssa']!, 'use_case=Finance&asset=SSA&year=2027&month=1&use_case_type=BUDGET');
    expect(budget.map((i) => i.file_type)).toEqual(['BUDGET']);
    expect(budget[0]!.versions).toEqual(['B0', 'R1', 'R2', 'R3']);
  });

  it('checks a file in the background, shows its KPIs, and processes it into the warehouse once validated', async () => {
    const csv = glCsv(25);
    const up = await uploadGl(csv);
    expect(up.status).toBe(200);
    expect(up.body).toHaveLength(1);
    expect(up.body[0].status).toEqual({ loaded: 'finished', checkfile: 'running', checkKpis: 'pending', processed: 'pending' });
    const review = await waitForItem(() => items(tokens['finance.ssa']!), 'GENERAL_LEDGER', reviewing);
    expect(review.error).toBeNull();
    expect(review.status).toEqual({ loaded: 'finished', checkfile: 'finished', checkKpis: 'running', processed: 'pending' });
    expect(Object.keys(review.kpis!)).toEqual(['Revenue', 'Operating expenses', 'Journal entries']);
    expect(review.kpis!['Journal entries']).toEqual([
      ['', 'Journal entries (entries)'],
      ['Total', '25'],
    ]);
    expect(review.uploaded_by).toBe('finance.ssa@hangar.local');
    expect(review.date).toMatch(/\+00:00$/);
    expect(review.tmp_bucket_url).toBeTruthy();
    const checks = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(and(eq(govCheckResults.uploadId, review.file_id!), eq(govCheckResults.current, true)));
    expect(Object.fromEntries(checks.map((c) => [c.check, c.value]))).toEqual({
      file_integrity: 1,
      data_integrity: 1,
      mapping_coverage: 100,
    });

    const validate = await postForm(
      t.url,
      '/api/data_gov/ingestion/validate',
      tokens['finance.ssa']!,
      fieldsForm({ file_asset: 'SSA', file_type: 'GENERAL_LEDGER', month: P1.m, year: P1.y, tmp_bucket_url: review.tmp_bucket_url! }),
    );
    expect(validate.status).toBe(200);
    expect(validate.body.status).toMatchObject({ checkKpis: 'finished', processed: 'running' });
    const done = await waitForItem(
      () => items(tokens['finance.ssa']!),
      'GENERAL_LEDGER',
      (i) => i.status.processed !== 'running',
    );
    expect(done.status).toEqual({ loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' });
    const first = await warehouseRows();
    expect(first.rows).toBe(50);

    // Reprocessing the period replaces the data and removes the previous object.
    await uploadGl(glCsv(10, 7));
    const again = await waitForItem(() => items(tokens['finance.ssa']!), 'GENERAL_LEDGER', reviewing);
    await postForm(
      t.url,
      '/api/data_gov/ingestion/validate',
      tokens['finance.ssa']!,
      fieldsForm({ file_asset: 'SSA', file_type: 'GENERAL_LEDGER', month: P1.m, year: P1.y, tmp_bucket_url: again.tmp_bucket_url! }),
    );
    await waitForItem(
      () => items(tokens['finance.ssa']!),
      'GENERAL_LEDGER',
      (i) => i.status.processed === 'finished',
    );
    const second = await warehouseRows();
    expect(second.rows).toBe(20);
    expect(second.key).not.toBe(first.key);
    // The replaced object is deleted right after the registry switch commits.
    await expect.poll(() => t.ctx.store.head(first.key)).toBeNull();
  });

  it('stops at checkfile with the findings when the file is broken', async () => {
    const rows = generateRows(GL, { year: P1.year, month: P1.month, size: 5 });
    rows[0] = rows[0]!.filter((h) => h !== 'currency');
    const bad = await uploadGl(toCsv(rows.map((r, i) => (i === 0 ? r : r.slice(0, 7).concat(r.slice(8))))));
    expect(bad.status).toBe(200);
    const item = await waitForItem(() => items(tokens['finance.ssa']!), 'GENERAL_LEDGER', reviewing);
    expect(item.status.checkfile).toBe('error');
    expect(item.error!.title).toBe('File integrity check failed');
    expect(item.error!.description).toContain('Missing columns: currency.');
    expect(item.kpis).toBeNull();
  });

  it('discards a file whose KPIs are rejected, and the month shows the delivery it still has (item 2)', async () => {
    // The period was processed earlier (a broken file uploaded since then stopped at its checks).
    const [inWarehouse] = await t.ctx.db
      .select()
      .from(govWarehouse)
      .where(and(eq(govWarehouse.bu, 'SSA'), eq(govWarehouse.fileType, 'GENERAL_LEDGER'), eq(govWarehouse.month, P1.month)));
    const processed = {
      file_id: inWarehouse!.uploadId,
      status: { loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' },
    };
    await uploadGl(glCsv(5, 3));
    const review = await waitForItem(() => items(tokens['finance.ssa']!), 'GENERAL_LEDGER', reviewing);
    expect(review.file_id).not.toBe(processed.file_id);
    const body = { file_asset: 'SSA', file_type: 'GENERAL_LEDGER', month: P1.month, year: P1.year, tmp_bucket_url: review.tmp_bucket_url };
    const rejected = await call('POST', '/api/data_gov/ingestion/reject', tokens['finance.ssa'], body);
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toEqual({ loaded: 'pending', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' });
    const after = (await items(tokens['finance.ssa']!)).find((i) => i.file_type === 'GENERAL_LEDGER')!;
    expect(after.file_id).toBe(processed.file_id);
    expect(after.status).toEqual(processed.status);
    expect(await t.ctx.store.head(review.file_url!)).toBeNull();
    // The quality results are the processed delivery's again, all of them.
    const current = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(and(eq(govCheckResults.bu, 'SSA'), eq(govCheckResults.fileType, 'GENERAL_LEDGER'), eq(govCheckResults.current, true)));
    expect(new Set(current.filter((c) => c.check !== 'file_not_received').map((c) => c.uploadId))).toEqual(new Set([processed.file_id]));
    expect((await call('POST', '/api/data_gov/ingestion/reject', tokens['finance.ssa'], body)).status).toBe(404);

    // Deleting a newer upload that failed its checks brings the processed delivery back too.
    const broken = generateRows(GL, { year: P1.year, month: P1.month, size: 3 });
    broken[0] = broken[0]!.map((h) => (h === 'currency' ? 'ccy' : h));
    await uploadGl(toCsv(broken));
    const failed = await waitForItem(() => items(tokens['finance.ssa']!), 'GENERAL_LEDGER', reviewing);
    expect(failed.status.checkfile).toBe('error');
    const deleted = await call('DELETE', '/api/data_gov/ingestion/delete', tokens['finance.ssa'], { file_name_sftp: failed.file_url });
    expect(deleted.status).toBe(204);
    expect((await items(tokens['finance.ssa']!)).find((i) => i.file_type === 'GENERAL_LEDGER')!.file_id).toBe(processed.file_id);
  });

  it('a delivery answers "File Not Sent" for its period at once, not at the next hourly run', async () => {
    const p3 = recentMonth(3);
    const period = { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: p3.year, month: p3.month };
    const fileNotReceived = async () =>
      (
        await t.ctx.db
          .select()
          .from(govCheckResults)
          .where(
            and(
              eq(govCheckResults.bu, 'SSA'),
              eq(govCheckResults.fileType, 'GENERAL_LEDGER'),
              eq(govCheckResults.year, p3.year),
              eq(govCheckResults.month, p3.month),
              eq(govCheckResults.check, 'file_not_received'),
              eq(govCheckResults.current, true),
            ),
          )
      )[0];
    // The hourly run found nothing for that month, past its due day.
    await evaluateFileNotReceived(t.ctx.db, new Date(), period);
    expect(await fileNotReceived()).toMatchObject({ status: 'failed', value: -1 });

    const csv = toCsv(generateRows(GL, { year: p3.year, month: p3.month, size: 10, seed: 3 }));
    const up = await uploadGl(csv, tokens['finance.ssa']!, { ...HEAD, month: p3.m, year: p3.y });
    expect(up.status).toBe(200);
    await waitForItem(
      () => items(tokens['finance.ssa']!, `use_case=Finance&asset=SSA&year=${p3.y}&month=${p3.m}`),
      'GENERAL_LEDGER',
      reviewing,
    );
    // Received after its due day: late, which counts as received.
    expect(await fileNotReceived()).toMatchObject({ status: 'delayed', value: 1, fileName: 'SSA_GL_2026_10.csv' });
  });

  it('processes use cases without KPI review straight after the checks', async () => {
    const epos = fileTypeDef('Retail', 'LGW', 'EPOS_SALES')!;
    const form = uploadForm({ file_asset: 'LGW', use_case: 'Retail', month: P2.m, year: P2.y }, [
      { file_type: 'EPOS_SALES', name: 'epos.csv', body: toCsv(generateRows(epos, { year: P2.year, month: P2.month })) },
    ]);
    const up = await postForm(t.url, '/api/data_gov/ingestion/file', tokens.admin!, form);
    expect(up.body[0].status).toEqual({ loaded: 'finished', checkfile: 'running', processed: 'pending' });
    const done = await waitForItem(
      () => items(tokens.admin!, `use_case=Retail&asset=LGW&year=${P2.y}&month=${P2.m}`),
      'EPOS_SALES',
      (i) => i.status.processed === 'finished' || i.status.checkfile === 'error',
    );
    expect(done.status).toEqual({ loaded: 'finished', checkfile: 'finished', processed: 'finished' });
    expect(done.check_ref_messages).toContain('No referential file uploaded for MAPPING_SHOPS');
  });
});

describe('bad input', () => {
  it('answers each mistake with a 4xx saying what to change', async () => {
    const ft = tokens['finance.ssa']!;
    const send = (head: Record<string, string>, parts: Parameters<typeof uploadForm>[1]) =>
      postForm(t.url, '/api/data_gov/ingestion/file', ft, uploadForm(head, parts));
    const gl = { file_type: 'GENERAL_LEDGER', name: 'gl.csv', body: 'x' };
    expect((await send({ ...HEAD, month: '13' }, [gl])).body.message).toContain('month must be from 1 to 12');
    expect((await send({ ...HEAD, file_asset: 'XYZ' }, [gl])).body.message).toContain('file_asset must be one of');
    const wrongType = await send(HEAD, [{ ...gl, file_type: 'EPOS_SALES' }]);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('EPOS_SALES is not a file type SSA sends for Finance');
    const exe = await send(HEAD, [{ ...gl, name: 'payload.exe' }]);
    expect(exe.status).toBe(415);
    expect((await send(HEAD, [])).body.message).toContain('Attach the file');
    const receivables = await send(HEAD, [{ ...gl, file_type: 'RECEIVABLES', file_version: 'B0' }]);
    expect(receivables.body.message).toBe('file_version for RECEIVABLES must be one of SSA, AMA.');
    const json = await call('POST', '/api/data_gov/ingestion/file', ft, { file_asset: 'SSA' });
    expect(json.status).toBe(400);
    const unknownRef = await call('POST', '/api/data_gov/ingestion/validate', ft, {
      ...HEAD,
      file_type: 'GENERAL_LEDGER',
      tmp_bucket_url: 'governance/staging/nope',
    });
    expect(unknownRef.status).toBe(404);
  });
});

describe('files', () => {
  it('downloads an uploaded file through a signed link, for holders of the BU only', async () => {
    await uploadGl(glCsv(3, 9));
    const item = await waitForItem(() => items(tokens['finance.ssa']!), 'GENERAL_LEDGER', reviewing);
    const link = await call('POST', '/api/data_gov/gouvernance/download', tokens['finance.ssa'], { gs_url: item.file_url });
    expect(link.status).toBe(200);
    expect(link.headers.get('content-type')).toContain('application/json');
    expect(typeof link.body).toBe('string');
    // The link is bound to its user: the cookie set with it, or that user's own bearer token.
    const setCookie = link.headers.get('set-cookie') as string;
    expect(setCookie).toMatch(/^hangar_gov_download=[^;]+; Max-Age=600; Path=\/api\/data_gov\/file; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    const file = await fetch(link.body, { headers: { cookie } });
    expect(file.status, `${link.body} ${file.status === 200 ? '' : await file.clone().text()}`).toBe(200);
    expect(await file.text()).toBe(glCsv(3, 9));
    expect(file.headers.get('content-disposition')).toContain('SSA_GL_2026_10.csv');
    expect((await fetch(link.body, { headers: { authorization: `Bearer ${tokens['finance.ssa']}` } })).status).toBe(200);
    // Anyone else holding the link: no cookie, another user's cookie, another user's token.
    const bare = await fetch(link.body);
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as { message: string }).message).toContain('belongs to another session');
    const adminLink = await call('POST', '/api/data_gov/gouvernance/download', tokens.admin, { gs_url: item.file_url });
    const adminCookie = (adminLink.headers.get('set-cookie') as string).split(';')[0]!;
    expect((await fetch(link.body, { headers: { cookie: adminCookie } })).status).toBe(403);
    expect((await fetch(link.body, { headers: { cookie, authorization: `Bearer ${tokens.admin}` } })).status).toBe(403);
    const tampered = await fetch(
      link.body.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')),
      { headers: { cookie } },
    );
    expect(tampered.status).toBe(403);
    expect((await call('POST', '/api/data_gov/gouvernance/download', tokens['finance.ssa'], { gs_url: '../../etc/passwd' })).status).toBe(
      403,
    );
    expect((await call('POST', '/api/data_gov/gouvernance/download', tokens.viewer, { gs_url: item.file_url })).status).toBe(403);
  });

  it('generates the template from the schema', async () => {
    const res = await fetch(`${t.url}/api/data_gov/ingestion/template?file_asset=SSA&file_type=GENERAL_LEDGER&uc=finance`, {
      headers: { authorization: `Bearer ${tokens['finance.ssa']}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('SSA_GENERAL_LEDGER_template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect((wb.getWorksheet('Data')!.getRow(1).values as string[]).slice(1)).toEqual(GL.columns.map((c) => c.name));
    expect(wb.getWorksheet('Instructions')!.rowCount).toBeGreaterThan(GL.columns.length);
  });
});
