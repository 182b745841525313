import type { IngestionItem } from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { govCheckResults, govUploads, govWarehouse } from '../../platform/db/schema.ts';
import { fileTypeDef } from './catalogue/index.ts';
import { generateRows, toCsv } from './demo/files.ts';
import { evaluateFileNotReceived } from './file-not-received.ts';
import { processUpload } from './pipeline.ts';
import { postForm, recentMonth, uploadForm, waitForItem } from './test-helpers.ts';

const P2 = recentMonth(2);
const P3 = recentMonth(3);

let t: TestApp;
const call = apiCaller(() => t.url);
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['finance.ssa', 'analyst', 'viewer', 'admin']) {
    tokens[who] = (await signIn(t.url, `${who}@hangar.local`, DEMO_PASSWORD)).accessToken;
  }
}, 60_000);
afterAll(() => t?.close());

const items = (token: string, q: string) => call('GET', `/api/data_gov/ingestion/data?${q}`, token).then((r) => r.body as IngestionItem[]);

describe('linked files', () => {
  it('uploads a linked group (RECEIVABLES KOS and PNH at SCA) in one request, each checked on its own', async () => {
    const def = fileTypeDef('Finance', 'SCA', 'RECEIVABLES')!;
    const body = (seed: number) => toCsv(generateRows(def, { year: P2.year, month: P2.month, size: 6, seed }));
    const form = uploadForm({ file_asset: 'SCA', use_case: 'Finance', month: P2.m, year: P2.y }, [
      { file_type: 'RECEIVABLES', file_version: 'KOS', name: 'kos.csv', body: body(1) },
      { file_type: 'RECEIVABLES', file_version: 'PNH', name: 'pnh.csv', body: body(2) },
    ]);
    const up = await postForm(t.url, '/api/data_gov/ingestion/file', tokens.admin!, form);
    expect(up.status).toBe(200);
    expect(up.body.map((r: { version: string }) => r.version)).toEqual(['KOS', 'PNH']);
    const q = `use_case=Finance&asset=SCA&year=${P2.y}&month=${P2.m}`;
    for (const v of ['KOS', 'PNH']) {
      const get = async () => (await items(tokens.admin!, q)).filter((i) => i.version === v);
      const item = await waitForItem(get, 'RECEIVABLES', (i) => i.status.checkKpis === 'running');
      expect(item.final_filename).toBe(v === 'KOS' ? 'kos.csv' : 'pnh.csv');
      expect(item.linked).toBe('RECEIVABLES');
    }
  });
});

describe('BU rights on every governance route', () => {
  it('refuses callers without the data-governance applications', async () => {
    const v = tokens.viewer!;
    for (const [method, path, body] of [
      ['GET', `/api/data_gov/ingestion/data?use_case=Finance&asset=LGW&year=${P2.y}&month=${P2.m}`],
      ['GET', '/api/data_gov/referentiel/data?use_case=Finance&file_asset=LGW'],
      ['GET', '/api/data_gov/ingestion/template?file_asset=LGW&file_type=GENERAL_LEDGER&uc=finance'],
      ['POST', '/api/data_gov/gouvernance/download', { gs_url: 'x' }],
      ['POST', '/api/data_gov/referentiel/download', { gs_url: 'x' }],
      ['DELETE', '/api/data_gov/ingestion/delete', { file_name_sftp: 'x' }],
    ] as const) {
      expect((await call(method, path, v, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it("never serves another BU's data or files", async () => {
    const a = tokens.analyst!; // Quality and Lineage for Traffic, Finance and Retail at SSA and AMA
    expect((await call('GET', '/api/data_gov/referentiel/data?use_case=Finance&file_asset=LGW', a)).status).toBe(403);
    expect((await call('GET', '/api/data_gov/ingestion/template?file_asset=LGW&file_type=GENERAL_LEDGER&uc=finance', a)).status).toBe(403);
    expect((await call('GET', `/api/data_gov/ingestion/data?use_case=HR&asset=SSA&year=${P2.y}&month=${P2.m}`, a)).status).toBe(403);

    // An LGW upload by the administrator: its file is not the analyst's to download or delete.
    const def = fileTypeDef('Finance', 'LGW', 'GENERAL_LEDGER')!;
    const form = uploadForm({ file_asset: 'LGW', use_case: 'Finance', month: P2.m, year: P2.y }, [
      { file_type: 'GENERAL_LEDGER', name: 'lgw.csv', body: toCsv(generateRows(def, { year: P2.year, month: P2.month, size: 4 })) },
    ]);
    await postForm(t.url, '/api/data_gov/ingestion/file', tokens.admin!, form);
    const item = await waitForItem(
      () => items(tokens.admin!, `use_case=Finance&asset=LGW&year=${P2.y}&month=${P2.m}`),
      'GENERAL_LEDGER',
      (i) => i.status.checkKpis === 'running',
    );
    expect((await call('POST', '/api/data_gov/gouvernance/download', a, { gs_url: item.file_url })).status).toBe(403);
    expect((await call('DELETE', '/api/data_gov/ingestion/delete', a, { file_name_sftp: item.file_url })).status).toBe(403);
    const foreignReview = {
      file_asset: 'SSA',
      file_type: 'GENERAL_LEDGER',
      month: P2.month,
      year: P2.year,
      tmp_bucket_url: item.tmp_bucket_url,
    };
    expect((await call('POST', '/api/data_gov/ingestion/validate', tokens['finance.ssa'], foreignReview)).status).toBe(404);
    expect(
      (await call('POST', '/api/data_gov/ingestion/reject', tokens['finance.ssa'], { ...foreignReview, file_asset: 'LGW' })).status,
    ).toBe(403);

    // Referential uploads need the Referentiel right.
    const ref = uploadForm({ file_asset: 'SSA', file_type: 'MAPPING_LOCAL' }, []);
    ref.append('file', new Blob(['local_account,group_account,group_label\n1,2,3\n']), 'm.csv');
    const denied = await postForm(t.url, '/api/data_gov/referentiel/mapping_file', a, ref);
    expect(denied.status).toBe(403);

    // The owner may delete an upload that is not processed yet; it is gone with its checks.
    expect((await call('DELETE', '/api/data_gov/ingestion/delete', tokens.admin, { file_name_sftp: item.file_url })).status).toBe(204);
    expect(await t.ctx.store.head(item.file_url!)).toBeNull();
    expect(await t.ctx.db.select().from(govCheckResults).where(eq(govCheckResults.uploadId, item.file_id!))).toEqual([]);
  });
});

describe('processing that fails half-way', () => {
  it('keeps the previous warehouse data when the new object cannot be written', async () => {
    const def = fileTypeDef('Retail', 'AMA', 'EPOS_SALES')!;
    const send = (seed: number) =>
      postForm(
        t.url,
        '/api/data_gov/ingestion/file',
        tokens.admin!,
        uploadForm({ file_asset: 'AMA', use_case: 'Retail', month: P3.m, year: P3.y }, [
          { file_type: 'EPOS_SALES', name: `epos-${seed}.csv`, body: toCsv(generateRows(def, { year: P3.year, month: P3.month, seed })) },
        ]),
      );
    const q = `use_case=Retail&asset=AMA&year=${P3.y}&month=${P3.m}`;
    await send(1);
    await waitForItem(
      () => items(tokens.admin!, q),
      'EPOS_SALES',
      (i) => i.status.processed === 'finished',
    );
    const where = and(
      eq(govWarehouse.bu, 'AMA'),
      eq(govWarehouse.useCase, 'Retail'),
      eq(govWarehouse.year, P3.year),
      eq(govWarehouse.month, P3.month),
    );
    const [before] = await t.ctx.db.select().from(govWarehouse).where(where);

    // The second file passes its checks, then the store fails while its Parquet is copied in.
    const put = t.ctx.store.put.bind(t.ctx.store);
    t.ctx.store.put = async (key, body, type) => {
      if (key.startsWith('warehouse/')) {
        if (!Buffer.isBuffer(body)) body.destroy();
        throw new Error('disk full');
      }
      return put(key, body, type);
    };
    try {
      await send(2);
      const failed = await waitForItem(
        () => items(tokens.admin!, q),
        'EPOS_SALES',
        (i) => i.status.processed === 'error',
      );
      expect(failed.error?.title).toBe('Unexpected Error');
    } finally {
      t.ctx.store.put = put;
    }
    const [after] = await t.ctx.db.select().from(govWarehouse).where(where);
    expect(after).toEqual(before);
    expect(await t.ctx.store.head(before!.objectKey)).not.toBeNull();

    // Once the store works again, the same upload processes and replaces the period.
    const [stuck] = await t.ctx.db
      .select()
      .from(govUploads)
      .where(and(eq(govUploads.fileName, 'epos-2.csv')));
    await t.ctx.db
      .update(govUploads)
      .set({ status: { ...(stuck!.status as object), processed: 'running' } })
      .where(eq(govUploads.id, stuck!.id));
    await processUpload(t.ctx, stuck!.id);
    const [replaced] = await t.ctx.db.select().from(govWarehouse).where(where);
    expect(replaced!.uploadId).toBe(stuck!.id);
    await expect.poll(() => t.ctx.store.head(before!.objectKey)).toBeNull();
  });
});

describe('file not received', () => {
  it('marks each expected file received on time, late, missing after its due day, or not due yet', async () => {
    const insert = (month: number, createdAt: Date) =>
      t.ctx.db.insert(govUploads).values({
        bu: 'ANA',
        useCase: 'HR',
        fileType: 'HEADCOUNT',
        year: 2025,
        month,
        fileName: `hc-${month}.csv`,
        objectKey: `governance/uploads/test/hc-${month}.csv`,
        size: 1,
        status: { loaded: 'finished', checkfile: 'finished', processed: 'finished' },
        uploadedByEmail: 'x@hangar.local',
        createdAt,
      });
    await insert(7, new Date(Date.UTC(2025, 7, 3))); // due 10 August: on time
    await insert(8, new Date(Date.UTC(2025, 8, 20))); // due 10 September: late
    await evaluateFileNotReceived(t.ctx.db, new Date(Date.UTC(2025, 10, 5))); // 5 November 2025
    const rows = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(and(eq(govCheckResults.bu, 'ANA'), eq(govCheckResults.fileType, 'HEADCOUNT'), eq(govCheckResults.current, true)));
    const byMonth = Object.fromEntries(rows.map((r) => [r.month, [r.status, r.value]]));
    expect(byMonth).toEqual({
      7: ['success', 1],
      8: ['delayed', 1],
      9: ['failed', -1], // due 10 October, nothing came
      10: ['pending', 0], // due 10 November
    });
    // Running again changes nothing.
    expect(await evaluateFileNotReceived(t.ctx.db, new Date(Date.UTC(2025, 10, 5)))).toBe(0);
  });
});

describe('referential uploads', () => {
  const send = (fields: Record<string, string>, name: string, body: string) => {
    const form = uploadForm(fields, []);
    form.append('file', new Blob([body]), name);
    return postForm(t.url, '/api/data_gov/referentiel/mapping_file', tokens.admin!, form);
  };
  it('refuses unknown types and extensions, and reports a malformed file as an error row', async () => {
    const ok = 'local_account,group_account,group_label\n706100,REV,Revenue\n';
    const unknown = await send({ file_asset: 'SSA', file_type: 'MAPPING_MOON', use_case: 'Finance' }, 'm.csv', ok);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('MAPPING_MOON is not a referential file of Finance');
    const exe = await send({ file_asset: 'SSA', file_type: 'MAPPING_LOCAL', use_case: 'Finance' }, 'm.exe', ok);
    expect(exe.status).toBe(415);
    const broken = await send(
      { file_asset: 'SSA', file_type: 'MAPPING_LOCAL', use_case: 'Finance' },
      'm.csv',
      'local_account,group label\n1,2\n',
    );
    expect(broken.status).toBe(200);
    expect(broken.body.status).toBe('error');
    expect(broken.body.error.title).toBe('Error');
    expect(broken.body.error.description).toContain('Missing columns: group_account, group_label.');
    const list = await call('GET', '/api/data_gov/referentiel/data?use_case=Finance&file_asset=SSA', tokens.admin);
    expect(list.body.find((i: { file_type: string }) => i.file_type === 'MAPPING_LOCAL').status).toBe('error');
  });
});
