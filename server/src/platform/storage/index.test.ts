import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { createObjectStore, LocalObjectStore, type StorageConfig } from './index.ts';
import { S3ObjectStore } from './s3-store.ts';

let dataDir: string;
let base: StorageConfig;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hangar-storage-config-'));
  base = { ...settings, HANGAR_DATA_DIR: dataDir };
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const settings: StorageConfig = {
  STORAGE: 'local',
  HANGAR_DATA_DIR: '',
  S3_BUCKET: undefined,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: undefined,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_FORCE_PATH_STYLE: false,
};

describe('createObjectStore', () => {
  it('uses the local folder by default', async () => {
    expect(await createObjectStore(base)).toBeInstanceOf(LocalObjectStore);
  });

  it('brings a local store written by an earlier version to exact bytes before handing it out', async () => {
    const earlier = path.join(dataDir, 'earlier');
    const file = path.join(earlier, 'objects', 'files', 'documents', 'old.txt');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"contentType":"text/plain"}\nold body');
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), warn: (_: object, message: string) => logged.push(message) };
    const store = await createObjectStore({ ...base, HANGAR_DATA_DIR: earlier }, log);
    expect(await readFile(file, 'utf8')).toBe('old body');
    expect(await store.head('documents/old.txt')).toEqual({ key: 'documents/old.txt', size: 8, contentType: 'text/plain' });
    expect(logged).toEqual(['object store: objects rewritten to their exact bytes, content types moved to sidecars']);
  });

  it('uses S3 when asked', async () => {
    expect(await createObjectStore({ ...base, STORAGE: 's3', S3_BUCKET: 'hangar' })).toBeInstanceOf(S3ObjectStore);
  });

  it('rejects incomplete S3 settings', async () => {
    await expect(createObjectStore({ ...base, STORAGE: 's3' })).rejects.toThrow(ConfigError);
    await expect(createObjectStore({ ...base, STORAGE: 's3', S3_BUCKET: 'hangar', S3_ACCESS_KEY_ID: 'id' })).rejects.toThrow(ConfigError);
  });
});
