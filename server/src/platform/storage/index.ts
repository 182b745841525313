import path from 'node:path';
import { type Config, ConfigError } from '../../config.ts';
import { LocalObjectStore } from './local-store.ts';
import { upgradeLocalStore } from './local-store-upgrade.ts';
import type { ObjectStore } from './object-store.ts';

export { LocalObjectStore } from './local-store.ts';
export { assertValidKey, ObjectNotFoundError, type ObjectStore, type StoredObject } from './object-store.ts';
export type { S3StoreOptions } from './s3-store.ts';

export type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'HANGAR_DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

interface StartLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The AWS SDK is loaded only when S3 is configured: it weighs tens of MB of memory. A local store
 * is brought to the current file format first (local-store-upgrade.ts).
 */
export async function createObjectStore(cfg: StorageConfig, log?: StartLog): Promise<ObjectStore> {
  if (cfg.STORAGE === 'local') {
    const store = new LocalObjectStore(path.join(cfg.HANGAR_DATA_DIR, 'objects'));
    const { migrated, unknown } = await upgradeLocalStore(store);
    if (migrated) log?.info({ migrated }, 'object store: objects rewritten to their exact bytes, content types moved to sidecars');
    if (unknown.length)
      log?.warn({ files: unknown.slice(0, 20), count: unknown.length }, 'object store: files without metadata are ignored');
    return store;
  }
  if (!cfg.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (!cfg.S3_ACCESS_KEY_ID !== !cfg.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials',
    );
  }
  const { S3ObjectStore } = await import('./s3-store.ts');
  return new S3ObjectStore({
    bucket: cfg.S3_BUCKET,
    region: cfg.S3_REGION,
    endpoint: cfg.S3_ENDPOINT,
    forcePathStyle: cfg.S3_FORCE_PATH_STYLE,
    credentials:
      cfg.S3_ACCESS_KEY_ID && cfg.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: cfg.S3_ACCESS_KEY_ID, secretAccessKey: cfg.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
