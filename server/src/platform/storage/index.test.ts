import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { createObjectStore, LocalObjectStore, type StorageConfig } from './index.ts';
import { S3ObjectStore } from './s3-store.ts';

const base: StorageConfig = {
  STORAGE: 'local',
  HANGAR_DATA_DIR: path.resolve('data'),
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

  it('uses S3 when asked', async () => {
    expect(await createObjectStore({ ...base, STORAGE: 's3', S3_BUCKET: 'hangar' })).toBeInstanceOf(S3ObjectStore);
  });

  it('rejects incomplete S3 settings', async () => {
    await expect(createObjectStore({ ...base, STORAGE: 's3' })).rejects.toThrow(ConfigError);
    await expect(createObjectStore({ ...base, STORAGE: 's3', S3_BUCKET: 'hangar', S3_ACCESS_KEY_ID: 'id' })).rejects.toThrow(ConfigError);
  });
});
