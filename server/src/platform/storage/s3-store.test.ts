import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectStoreContract } from './object-store.contract.ts';
import { S3ObjectStore, type S3StoreOptions } from './s3-store.ts';

let directory: string;
let server: S3rver | undefined;
let options: S3StoreOptions;
let store: S3ObjectStore;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'hangar-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  options = {
    bucket: 'hangar-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, // s3rver's fixed test credentials
  };
  const admin = new S3Client(options);
  await admin.send(new CreateBucketCommand({ Bucket: options.bucket }));
  admin.destroy();
  store = new S3ObjectStore(options);
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('S3ObjectStore', () => {
  objectStoreContract(() => store);

  it('holds both "a" and "a/b", as S3 allows', async () => {
    await store.put('clash/a', Buffer.from('file'), 'text/plain');
    await store.put('clash/a/b', Buffer.from('nested'), 'text/plain');
    expect((await store.list('clash/')).map((o) => o.key)).toEqual(['clash/a', 'clash/a/b']);
  });

  it('fails a call to a bucket that accepts the connection and never answers, instead of waiting forever', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const mute = new S3ObjectStore({ ...options, endpoint: `http://127.0.0.1:${port}`, idleTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(mute.head('any/key')).rejects.toThrow();
      await expect(mute.put('any/key', Buffer.from('body'), 'text/plain')).rejects.toThrow();
      // Retries included, well under what a hung request would take.
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 30_000);

  it('does not mistake a missing bucket for a missing object', async () => {
    const elsewhere = new S3ObjectStore({ ...options, bucket: 'no-such-bucket' });
    await expect(elsewhere.get('x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
