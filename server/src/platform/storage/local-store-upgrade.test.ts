import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalObjectStore } from './local-store.ts';
import { upgradeLocalStore } from './local-store-upgrade.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hangar-upgrade-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A file as format 1 wrote it: the content type on a first JSON line, then the body. */
async function writeFormat1(key: string, body: Buffer | string, contentType: string): Promise<void> {
  const file = path.join(root, 'files', key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.concat([Buffer.from(`${JSON.stringify({ contentType })}\n`), Buffer.from(body)]));
}

const parquetLike = Buffer.concat([Buffer.from('PAR1'), Buffer.from([0, 1, 2, 10, 13, 255]), Buffer.from('PAR1')]);

describe('upgradeLocalStore', () => {
  it('rewrites format-1 objects to their exact bytes, keeps their types, and is a no-op the second time', async () => {
    await writeFormat1('warehouse/SSA/finance/GL/2025-10/default/u1.parquet', parquetLike, 'application/vnd.apache.parquet');
    await writeFormat1('documents/d1/notes.txt', 'hello\nworld\n', 'text/plain');
    await writeFormat1('empty', '', 'application/octet-stream');
    const store = new LocalObjectStore(root);

    expect(await upgradeLocalStore(store)).toEqual({ migrated: 3, unknown: [] });

    const warehouseFile = path.join(root, 'files', 'warehouse/SSA/finance/GL/2025-10/default/u1.parquet');
    expect(await readFile(warehouseFile)).toEqual(parquetLike);
    expect(await store.head('warehouse/SSA/finance/GL/2025-10/default/u1.parquet')).toMatchObject({
      size: parquetLike.length,
      contentType: 'application/vnd.apache.parquet',
    });
    const notes = await store.get('documents/d1/notes.txt');
    expect({ type: notes.contentType, body: await text(notes.body) }).toEqual({ type: 'text/plain', body: 'hello\nworld\n' });
    expect(await store.head('empty')).toEqual({ key: 'empty', size: 0, contentType: 'application/octet-stream' });
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);

    expect(await upgradeLocalStore(store)).toEqual({ migrated: 0, unknown: [] });
    // Even without the format file, a migrated object is recognised and never stripped twice.
    await rm(path.join(root, 'format.json'));
    expect(await upgradeLocalStore(store)).toEqual({ migrated: 0, unknown: [] });
    expect(await readFile(warehouseFile)).toEqual(parquetLike);
  });

  it('finishes a migration cut short, whatever step each object had reached', async () => {
    const store = new LocalObjectStore(root);
    // Migrated before the cut: exact bytes and sidecar.
    await store.put('done.txt', Buffer.from('{"contentType":"looks like a header"}\nbut is data'), 'text/plain');
    // Cut between the sidecar's rename and the body's: new sidecar, body still in format 1.
    await writeFormat1('midway.csv', 'a,b\n1,2\n', 'text/csv');
    await mkdir(path.join(root, 'meta'), { recursive: true });
    await writeFile(path.join(root, 'meta', 'midway.csv'), JSON.stringify({ contentType: 'text/csv', size: 8, previous: null }));
    // Not reached yet.
    await writeFormat1('later/report.pdf', '%PDF-1.7 body', 'application/pdf');
    // The stripped copy the cut interrupted, and a file nobody registered.
    await writeFile(path.join(root, 'tmp', 'dead.part'), 'a,b\n');
    await writeFile(path.join(root, 'files', 'stray.bin'), 'no header, no sidecar');

    expect(await upgradeLocalStore(store)).toEqual({ migrated: 2, unknown: ['stray.bin'] });

    expect(await text((await store.get('done.txt')).body)).toBe('{"contentType":"looks like a header"}\nbut is data');
    expect(await readFile(path.join(root, 'files', 'midway.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(await store.head('midway.csv')).toEqual({ key: 'midway.csv', size: 8, contentType: 'text/csv' });
    expect(await store.head('later/report.pdf')).toEqual({ key: 'later/report.pdf', size: 13, contentType: 'application/pdf' });
    expect(await store.head('stray.bin')).toBeNull();
    expect((await store.list('')).map((o) => o.key)).toEqual(['done.txt', 'later/report.pdf', 'midway.csv']);
  });

  it('does nothing on a fresh data folder but mark it current', async () => {
    const store = new LocalObjectStore(path.join(root, 'objects'));
    expect(await upgradeLocalStore(store)).toEqual({ migrated: 0, unknown: [] });
    expect(JSON.parse(await readFile(path.join(root, 'objects', 'format.json'), 'utf8'))).toEqual({ format: 2 });
  });
});
