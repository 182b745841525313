import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { govWarehouse } from '../src/platform/db/schema.ts';
import { S3ObjectStore } from '../src/platform/storage/s3-store.ts';
import { startDemoWarehouseApp } from './demo-snapshot.ts';
import type { TestApp } from './harness.ts';

// docs/warehouse.md's examples, run as written: only the data folder, file and bucket names change.
const DOC = await readFile(path.resolve(import.meta.dirname, '../../docs/warehouse.md'), 'utf8');
const example = (name: string): string => {
  const found = DOC.match(new RegExp(`\`\`\`sql\\n-- example: ${name}\\n([\\s\\S]*?)\`\`\``));
  if (!found) throw new Error(`docs/warehouse.md has no example ${name}`);
  return found[1]!;
};
const NOW = new Date(Date.UTC(2026, 1, 15));
const HIVE_KEY =
  /^warehouse\/bu=[A-Z]+\/use_case=[a-z]+\/file_type=[A-Z0-9_]+\/period_month=\d{4}-\d{2}\/version=[A-Za-z0-9_-]+\/[0-9a-f-]{36}\.parquet$/;

/** Whether DuckDB's S3 reader can be loaded here (it is downloaded on first use; this machine is offline). */
const httpfs = await (async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    await db.run('LOAD httpfs');
    return { loads: true, error: '' };
  } catch (err) {
    return { loads: false, error: String(err) };
  } finally {
    db.closeSync();
  }
})();

type Row = Record<string, string | number | null>;

async function duckdb(statements: string): Promise<Row[]> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const parts = statements
      .split(/;\s*\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter(Boolean);
    let last: Row[] = [];
    for (const part of parts) {
      const reader = await db.runAndReadAll(part);
      last = reader.getRowObjectsJson() as Row[];
    }
    return last;
  } finally {
    db.closeSync();
  }
}

const inFolder = (text: string, filesParent: string) => text.replaceAll("'data/objects/files/", `'${filesParent}/objects/files/`);

/** The folder example's answer, keyed like the registry example's. */
const byMonth = (rows: Row[], month: (r: Row) => string) => Object.fromEntries(rows.map((r) => [`${r.bu} ${month(r)}`, Number(r.revenue)]));

let t: TestApp;
let work: string;

beforeAll(async () => {
  t = await startDemoWarehouseApp(NOW);
  work = await mkdtemp(path.join(os.tmpdir(), 'hangar-engines-'));
}, 600_000);
afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The registry example: the psql line's query on the portal's database, its CSV, then DuckDB. */
async function registryExample(): Promise<Row[]> {
  const text = example('registry');
  const query = text.match(/\\copy \((SELECT [^)]*)\) TO/)![1]!;
  const { rows } = (await t.ctx.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  const csv = path.join(work, 'ledger-files.csv');
  await writeFile(csv, `bu,year,month,object_key\n${rows.map((r) => `${r.bu},${r.year},${r.month},${r.object_key}`).join('\n')}\n`);
  return duckdb(inFolder(text, t.config.HANGAR_DATA_DIR).replaceAll("'ledger-files.csv'", `'${csv}'`));
}

describe('the warehouse folder after the demo deliveries, read by DuckDB as docs/warehouse.md says', () => {
  it('answers from the folder with the registry’s numbers, BU and month taken from the folders', async () => {
    const rows = await duckdb(inFolder(example('folder'), t.config.HANGAR_DATA_DIR));
    const registry = await registryExample();
    expect(byMonth(rows, (r) => String(r.period_month))).toEqual(byMonth(registry, (r) => `${r.year}-${String(r.month).padStart(2, '0')}`));
    // Not vacuous: several BUs and months of ledger data.
    expect(new Set(rows.map((r) => r.bu)).size).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.period_month)).size).toBe(3);
  });

  it('lists every file type with the row counts the registry records', async () => {
    const rows = await duckdb(inFolder(example('folder-inventory'), t.config.HANGAR_DATA_DIR));
    const registry = await t.ctx.db
      .select({ useCase: govWarehouse.useCase, fileType: govWarehouse.fileType, rows: govWarehouse.rows })
      .from(govWarehouse);
    const expected: Record<string, number> = {};
    for (const r of registry)
      expected[`${r.useCase.toLowerCase()} ${r.fileType}`] = (expected[`${r.useCase.toLowerCase()} ${r.fileType}`] ?? 0) + r.rows;
    expect(Object.fromEntries(rows.map((r) => [`${r.use_case} ${r.file_type}`, Number(r.rows)]))).toEqual(expected);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
  });
});

describe('the warehouse in an S3 bucket (s3rver)', () => {
  let s3dir: string;
  let server: S3rver | undefined;
  let client: S3Client;
  let endpoint: string;
  let mirror: string;
  const bucket = 'hangar-warehouse-test';

  beforeAll(async () => {
    s3dir = await mkdtemp(path.join(os.tmpdir(), 'hangar-engines-s3-'));
    mirror = path.join(s3dir, 'mirror');
    server = new S3rver({ address: '127.0.0.1', port: 0, directory: path.join(s3dir, 'bucket'), silent: true });
    const { port } = await server.run();
    endpoint = `127.0.0.1:${port}`;
    const options = {
      bucket,
      region: 'us-east-1',
      endpoint: `http://${endpoint}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, // s3rver's fixed test credentials
    };
    client = new S3Client(options);
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    // What processing does with STORAGE=s3: the delivery's Parquet put under its warehouse key
    // (the demo's processing itself runs on the local store above, to build the demo once).
    const s3 = new S3ObjectStore(options);
    for (const { key } of await t.ctx.db.select({ key: govWarehouse.objectKey }).from(govWarehouse)) {
      const { body } = await t.ctx.store.get(key);
      await s3.put(key, body, 'application/vnd.apache.parquet');
    }
  }, 120_000);
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    if (s3dir) await rm(s3dir, { recursive: true, force: true });
  });

  it('holds each warehouse file as a whole Parquet file under a Hive-style key, readable with the folder example', async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'warehouse/' }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    const registered = await t.ctx.db.select({ key: govWarehouse.objectKey }).from(govWarehouse);
    expect(keys.sort()).toEqual(registered.map((r) => r.key).sort());
    for (const key of keys) {
      expect(key).toMatch(HIVE_KEY);
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      // Parquet's magic number opens and closes the file: nothing added before or after.
      expect([bytes.subarray(0, 4).toString(), bytes.subarray(-4).toString()]).toEqual(['PAR1', 'PAR1']);
      await mkdir(path.dirname(path.join(mirror, 'objects', 'files', key)), { recursive: true });
      await writeFile(path.join(mirror, 'objects', 'files', key), bytes);
    }
    // The same answer as from the data folder the objects came from.
    const rows = await duckdb(inFolder(example('folder'), mirror));
    expect(rows).toEqual(await duckdb(inFolder(example('folder'), t.config.HANGAR_DATA_DIR)));
    expect(new Set(rows.map((r) => r.bu)).size).toBeGreaterThan(2);
  });

  it.runIf(httpfs.loads)('answers the bucket example straight from the bucket', async () => {
    const text = example('bucket')
      .replace(
        /CREATE SECRET[^;]*;/,
        `CREATE SECRET hangar (TYPE s3, KEY_ID 'S3RVER', SECRET 'S3RVER', REGION 'us-east-1', ENDPOINT '${endpoint}', URL_STYLE 'path', USE_SSL false);`,
      )
      .replaceAll('s3://hangar-data/', `s3://${bucket}/`);
    const fromBucket = await duckdb(text);
    const fromMirror = await duckdb(inFolder(example('folder'), mirror));
    expect(fromBucket).toEqual(fromMirror);
  });

  it.runIf(!httpfs.loads)('cannot load DuckDB’s S3 reader on this machine (so the bucket example is not run)', () => {
    expect(httpfs.error).toMatch(/httpfs/);
  });
});

describe('a warehouse file delivered before the Hive-style layout', () => {
  it('still reads a file kept under the layout before Hive folders, through the registry only', async () => {
    const [entry] = await t.ctx.db.select().from(govWarehouse).where(eq(govWarehouse.fileType, 'GENERAL_LEDGER')).limit(1);
    const period = `${entry!.year}-${String(entry!.month).padStart(2, '0')}`;
    const oldKey = `warehouse/${entry!.bu}/finance/GENERAL_LEDGER/${period}/default/${entry!.uploadId}.parquet`;
    const { body } = await t.ctx.store.get(entry!.objectKey);
    await t.ctx.store.put(oldKey, body, 'application/vnd.apache.parquet');
    await t.ctx.db.update(govWarehouse).set({ objectKey: oldKey }).where(eq(govWarehouse.id, entry!.id));
    await t.ctx.store.delete(entry!.objectKey);

    const registry = byMonth(await registryExample(), (r) => `${r.year}-${String(r.month).padStart(2, '0')}`);
    const folder = byMonth(await duckdb(inFolder(example('folder'), t.config.HANGAR_DATA_DIR)), (r) => String(r.period_month));
    expect(registry[`${entry!.bu} ${period}`]).toEqual(expect.any(Number));
    expect(folder[`${entry!.bu} ${period}`]).toBeUndefined();
    // The inventory's glob names every level, so the old file does not make DuckDB stop with a partition mismatch.
    await expect(duckdb(inFolder(example('folder-inventory'), t.config.HANGAR_DATA_DIR))).resolves.toEqual(expect.any(Array));
  });
});
