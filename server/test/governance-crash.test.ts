import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { DuckDBInstance } from '@duckdb/node-api';
import type { IngestionItem } from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fileTypeDef } from '../src/features/governance/catalogue/index.ts';
import { generateRows, toCsv } from '../src/features/governance/demo/files.ts';
import { fieldsForm, postForm, recentMonth, uploadForm, waitForItem } from '../src/features/governance/test-helpers.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { govWarehouse } from '../src/platform/db/schema.ts';
import { LocalObjectStore } from '../src/platform/storage/index.ts';
import { signIn } from './browser.ts';
import { freePort } from './harness.ts';

const P3 = recentMonth(3);

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hangar-crash-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HANGAR_DATA_DIR: dataDir,
      HANGAR_DEMO_PASSWORD: 'crash-test-pw',
      LOG_LEVEL: 'warn',
      HANGAR_DEMO_WAREHOUSE: 'false',
    },
    stdio: 'ignore',
  });
  children.push(child);
  const url = `http://localhost:${port}`;
  // Start-up hashes the demo passwords: on a busy 2-core machine it can take well over 30 s.
  for (let i = 0; i < 1200; i++) {
    if (
      await fetch(`${url}/api/healthcheck`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the portal did not start');
}

const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const HEAD = { file_asset: 'SSA', use_case: 'Finance', month: P3.m, year: P3.y };
const Q = `use_case=Finance&asset=SSA&year=${P3.y}&month=${P3.m}`;

async function uploadAndValidate(url: string, token: string, journals: number, seed: number): Promise<void> {
  const csv = toCsv(generateRows(GL, { year: P3.year, month: P3.month, size: journals, seed }));
  await postForm(
    url,
    '/api/data_gov/ingestion/file',
    token,
    uploadForm(HEAD, [{ file_type: 'GENERAL_LEDGER', name: `gl-${seed}.csv`, body: csv }]),
  );
  const get = () =>
    fetch(`${url}/api/data_gov/ingestion/data?${Q}`, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => r.json() as Promise<IngestionItem[]>,
    );
  const review = await waitForItem(get, 'GENERAL_LEDGER', (i) => i.status.checkKpis === 'running', 60_000);
  const fields = { ...HEAD, file_type: 'GENERAL_LEDGER', tmp_bucket_url: review.tmp_bucket_url! };
  const validated = await postForm(url, '/api/data_gov/ingestion/validate', token, fieldsForm(fields));
  expect(validated.status).toBe(200);
}

/** The warehouse as the registry sees it: the object it names must exist and read whole. */
async function warehouseRows(): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const [entry] = await database.db
      .select()
      .from(govWarehouse)
      .where(and(eq(govWarehouse.bu, 'SSA'), eq(govWarehouse.fileType, 'GENERAL_LEDGER'), eq(govWarehouse.month, 8)));
    const object = await new LocalObjectStore(path.join(dataDir, 'objects')).get(entry!.objectKey);
    const local = path.join(dataDir, 'check.parquet');
    writeFileSync(local, await buffer(object.body));
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const rows = Number((await db.runAndReadAll(`SELECT count(*) FROM read_parquet('${local}')`)).getRows()[0]![0]);
    expect(rows).toBe(entry!.rows);
    return rows;
  } finally {
    await database.close();
  }
}

describe('a crash while processing', () => {
  it('leaves the previous warehouse data whole, and the file processes after the restart', async () => {
    const first = await start();
    const { accessToken } = await signIn(first.url, 'finance.ssa@hangar.local', 'crash-test-pw');
    await uploadAndValidate(first.url, accessToken, 20, 1);
    const get = () =>
      fetch(`${first.url}/api/data_gov/ingestion/data?${Q}`, { headers: { authorization: `Bearer ${accessToken}` } }).then(
        (r) => r.json() as Promise<IngestionItem[]>,
      );
    await waitForItem(get, 'GENERAL_LEDGER', (i) => i.status.processed === 'finished');

    // A much larger file: the process is killed the moment its processing starts.
    await uploadAndValidate(first.url, accessToken, 150_000, 2);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const afterCrash = await warehouseRows();
    expect([40, 300_000]).toContain(afterCrash);

    // After the restart the interrupted job is picked up again and the period ends on the new file.
    const second = await start();
    const token = (await signIn(second.url, 'finance.ssa@hangar.local', 'crash-test-pw')).accessToken;
    const again = () =>
      fetch(`${second.url}/api/data_gov/ingestion/data?${Q}`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.json() as Promise<IngestionItem[]>,
      );
    await waitForItem(again, 'GENERAL_LEDGER', (i) => i.status.processed === 'finished', 120_000);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    expect(await warehouseRows()).toBe(300_000);
  }, 420_000);
});
