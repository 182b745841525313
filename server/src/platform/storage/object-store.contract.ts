import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { ObjectNotFoundError, type ObjectStore } from './object-store.ts';

/** The behaviour every ObjectStore must share; call inside a describe block. */
export function objectStoreContract(getStore: () => ObjectStore): void {
  // Each test works under its own prefix, so one store (one bucket) serves the whole suite.
  const scope = () => `t-${randomUUID()}/`;

  it('round-trips a buffer', async () => {
    const store = getStore();
    const key = `${scope()}notes/hello.txt`;
    expect(await store.put(key, Buffer.from('hello, hangar'), 'text/plain')).toEqual({ key, size: 13, contentType: 'text/plain' });
    const got = await store.get(key);
    expect({ size: got.size, contentType: got.contentType }).toEqual({ size: 13, contentType: 'text/plain' });
    expect(await text(got.body)).toBe('hello, hangar');
    expect(await store.head(key)).toEqual({ key, size: 13, contentType: 'text/plain' });
  });

  it('round-trips an empty object', async () => {
    const store = getStore();
    const key = `${scope()}empty`;
    await store.put(key, Buffer.alloc(0), 'application/octet-stream');
    const got = await store.get(key);
    expect(got.size).toBe(0);
    expect(await text(got.body)).toBe('');
  });

  it('streams a multi-megabyte upload of unknown length', async () => {
    const store = getStore();
    const key = `${scope()}big.bin`;
    const data = randomBytes(8 * 1024 * 1024 + 123); // past S3's 5 MiB part size, so multipart
    const chunks = function* () {
      for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
    };
    expect(await store.put(key, Readable.from(chunks()), 'application/pdf')).toEqual({
      key,
      size: data.length,
      contentType: 'application/pdf',
    });
    const got = await store.get(key);
    expect(got.size).toBe(data.length);
    expect(await sha256(got.body)).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('overwrites an existing key, content type included', async () => {
    const store = getStore();
    const key = `${scope()}doc`;
    await store.put(key, Buffer.from('first version'), 'text/plain');
    await store.put(key, Buffer.from('{"v":2}'), 'application/json');
    const got = await store.get(key);
    expect(got.contentType).toBe('application/json');
    expect(await text(got.body)).toBe('{"v":2}');
  });

  it('reports a missing key', async () => {
    const store = getStore();
    const key = `${scope()}missing.pdf`;
    const error = await store.get(key).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as ObjectNotFoundError).key).toBe(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes', async () => {
    const store = getStore();
    const key = `${scope()}a/b/c.txt`;
    await store.put(key, Buffer.from('x'), 'text/plain');
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('rejects invalid keys and prefixes', async () => {
    const store = getStore();
    const invalid = ['', '../x', 'a/../../x', '/abs', 'a//b', 'a/./b', 'a/..', 'trailing/', 'a\\b', 'nul\0byte', 'x'.repeat(1025)];
    for (const key of invalid) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid object key/);
      await expect(store.put(key, Readable.from(['x']), 'text/plain'), key).rejects.toThrow(/Invalid object key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid object key/);
      await expect(store.head(key), key).rejects.toThrow(/Invalid object key/);
      await expect(store.delete(key), key).rejects.toThrow(/Invalid object key/);
    }
    for (const prefix of ['../', '/abs', 'a//', '../../etc/']) {
      await expect(store.list(prefix), prefix).rejects.toThrow(/Invalid object key/);
    }
  });

  it.each([
    ['early', 1024],
    ['after the first multipart part', 6 * 1024 * 1024],
  ])('leaves nothing when the body stream fails %s', async (_when, bytesBeforeFailure) => {
    const store = getStore();
    const prefix = scope();
    const key = `${prefix}broken.bin`;
    const body = Readable.from(
      (async function* () {
        yield randomBytes(bytesBeforeFailure);
        await sleep(10);
        throw new Error('client went away');
      })(),
    );
    await expect(store.put(key, body, 'application/octet-stream')).rejects.toThrow('client went away');
    expect(await store.head(key)).toBeNull();
    expect(await store.list(prefix)).toEqual([]);
  });

  it('keeps the old version when an overwrite fails', async () => {
    const store = getStore();
    const key = `${scope()}kept.txt`;
    await store.put(key, Buffer.from('original'), 'text/plain');
    const body = new PassThrough();
    const pending = store.put(key, body, 'text/html');
    body.write('<p>half');
    body.destroy(new Error('aborted'));
    await expect(pending).rejects.toThrow('aborted');
    const got = await store.get(key);
    expect(got.contentType).toBe('text/plain');
    expect(await text(got.body)).toBe('original');
  });

  it('shows an object only once its write is complete', async () => {
    const store = getStore();
    const prefix = scope();
    const key = `${prefix}slow.txt`;
    const body = new PassThrough();
    const pending = store.put(key, body, 'text/plain');
    body.write('partial ');
    await sleep(50);
    expect(await store.head(key)).toBeNull();
    expect(await store.list(prefix)).toEqual([]);
    body.end('and complete');
    await pending;
    expect(await store.head(key)).toEqual({ key, size: 20, contentType: 'text/plain' });
  });

  it('lists by prefix, sorted, including nested keys and partial segments', async () => {
    const store = getStore();
    const prefix = scope();
    const put = (key: string, content: string, type: string) => store.put(`${prefix}${key}`, Buffer.from(content), type);
    await put('docs/a.txt', 'a', 'text/plain');
    await put('docs/sub/b.json', 'bb', 'application/json');
    await put('docs-archive/c.txt', 'ccc', 'text/plain');
    await put('other/d.txt', 'dddd', 'text/plain');

    expect(await store.list(`${prefix}docs/`)).toEqual([
      { key: `${prefix}docs/a.txt`, size: 1, contentType: 'text/plain' },
      { key: `${prefix}docs/sub/b.json`, size: 2, contentType: 'application/json' },
    ]);
    expect((await store.list(`${prefix}docs`)).map((o) => o.key)).toEqual([
      `${prefix}docs-archive/c.txt`,
      `${prefix}docs/a.txt`,
      `${prefix}docs/sub/b.json`,
    ]);
    expect((await store.list(`${prefix}docs/s`)).map((o) => o.key)).toEqual([`${prefix}docs/sub/b.json`]);
    expect((await store.list(prefix)).length).toBe(4);
    expect(await store.list(`${prefix}nothing/`)).toEqual([]);
    expect(await store.list(`${scope()}`)).toEqual([]);
  });
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}
