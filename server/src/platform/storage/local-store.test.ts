import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from './local-store.ts';
import { objectStoreContract } from './object-store.contract.ts';

let root: string;
let store: LocalObjectStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hangar-objects-'));
  store = new LocalObjectStore(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('LocalObjectStore', () => {
  objectStoreContract(() => store);

  it('leaves no temp file behind when a write fails', async () => {
    const body = Readable.from(
      (async function* () {
        yield Buffer.alloc(4096);
        throw new Error('client went away');
      })(),
    );
    await expect(store.put('temp-check/broken.bin', body, 'application/octet-stream')).rejects.toThrow('client went away');
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('cannot hold both "a" and "a/b", unlike S3, and fails cleanly', async () => {
    await store.put('clash/a', Buffer.from('file'), 'text/plain');
    await expect(store.put('clash/a/b', Buffer.from('nested'), 'text/plain')).rejects.toThrow();
    expect(await store.head('clash/a/b')).toBeNull();
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
    await store.put('clash2/a/b', Buffer.from('nested'), 'text/plain');
    expect(await store.head('clash2/a')).toBeNull();
    await expect(store.put('clash2/a', Buffer.from('file'), 'text/plain')).rejects.toThrow();
  });

  it('removes folders left empty by a delete', async () => {
    await store.put('prune/x/y/z.txt', Buffer.from('z'), 'text/plain');
    await store.delete('prune/x/y/z.txt');
    expect(await readdir(path.join(root, 'files'))).not.toContain('prune');
  });

  it('puts succeed while deletes prune the folders they create (two governance deliveries at a time hit this)', async () => {
    // Workers write and delete their own objects in one shared folder: each delete that leaves the
    // folder empty prunes it, while other workers' puts are creating it.
    const worker = async (w: number) => {
      for (let round = 0; round < 60; round++) {
        const key = `race/a/b/c/d/${w}-${round}`;
        await store.put(key, Buffer.from('x'), 'text/plain');
        await store.delete(key);
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  });

  it('keeps serving the version being read while the key is overwritten', async () => {
    await store.put('snapshot.txt', Buffer.from('old'), 'text/plain');
    const reading = await store.get('snapshot.txt');
    await store.put('snapshot.txt', Buffer.from('new content'), 'text/plain');
    expect(await text(reading.body)).toBe('old');
    expect(await text((await store.get('snapshot.txt')).body)).toBe('new content');
  });
});
