import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('keeps each object as its exact bytes, the content type in a sidecar outside the files folder', async () => {
    const bytes = Buffer.from('PAR1 exact bytes PAR1');
    await store.put('exact/one.parquet', bytes, 'application/vnd.apache.parquet');
    expect(await readFile(path.join(root, 'files', 'exact', 'one.parquet'))).toEqual(bytes);
    expect(JSON.parse(await readFile(path.join(root, 'meta', 'exact', 'one.parquet'), 'utf8'))).toMatchObject({
      contentType: 'application/vnd.apache.parquet',
      size: bytes.length,
    });
    expect(await readdir(path.join(root, 'files', 'exact'))).toEqual(['one.parquet']);
  });

  it('serves the body in place with its own type while an overwrite has moved only its sidecar in', async () => {
    await store.put('midway/doc', Buffer.from('old'), 'text/plain');
    // What a put leaves between its two renames, or after a crash between them.
    const sidecar = { contentType: 'text/html', size: 11, previous: { contentType: 'text/plain', size: 3 } };
    await writeFile(path.join(root, 'meta', 'midway', 'doc'), JSON.stringify(sidecar));
    expect(await store.head('midway/doc')).toEqual({ key: 'midway/doc', size: 3, contentType: 'text/plain' });
    await store.put('midway/doc', Buffer.from('<p>new</p>!'), 'text/html');
    expect(await store.head('midway/doc')).toEqual({ key: 'midway/doc', size: 11, contentType: 'text/html' });
    expect(JSON.parse(await readFile(path.join(root, 'meta', 'midway', 'doc'), 'utf8')).previous).toEqual({
      contentType: 'text/plain',
      size: 3,
    });
  });

  it('shows neither a body without its sidecar nor a sidecar without its body', async () => {
    await store.put('halves/seen.txt', Buffer.from('seen'), 'text/plain');
    await writeFile(path.join(root, 'files', 'halves', 'dropped.bin'), 'no sidecar');
    await writeFile(path.join(root, 'meta', 'halves', 'ghost.txt'), JSON.stringify({ contentType: 'text/plain', size: 5 }));
    expect(await store.head('halves/dropped.bin')).toBeNull();
    expect(await store.head('halves/ghost.txt')).toBeNull();
    expect((await store.list('halves/')).map((o) => o.key)).toEqual(['halves/seen.txt']);
    await store.delete('halves/ghost.txt');
    expect(await readdir(path.join(root, 'meta', 'halves'))).toEqual(['seen.txt']);
  });

  it('refuses a body its sidecar does not describe rather than guess its type', async () => {
    await store.put('mismatch/x', Buffer.from('abc'), 'text/plain');
    await writeFile(path.join(root, 'files', 'mismatch', 'x'), 'abcdef');
    await expect(store.get('mismatch/x')).rejects.toThrow('does not match its metadata');
  });

  it('removes sidecar folders left empty by a delete', async () => {
    await store.put('prune-meta/x/y.txt', Buffer.from('y'), 'text/plain');
    await store.delete('prune-meta/x/y.txt');
    expect(await readdir(path.join(root, 'meta'))).not.toContain('prune-meta');
  });

  it('leaves an object whole or gone when a delete races a put of the same key, never a body without its sidecar', async () => {
    const file = path.join(root, 'files', 'racing', 'k.txt');
    for (let round = 0; round < 40; round++) {
      await Promise.all([store.put('racing/k.txt', Buffer.from(`v${round}`), 'text/plain'), store.delete('racing/k.txt')]);
      const onDisk = await readFile(file).then(
        () => true,
        () => false,
      );
      expect(await store.head('racing/k.txt').then((o) => o !== null)).toBe(onDisk);
    }
  });
});
