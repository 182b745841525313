import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

/**
 * Where files live: a local folder by default, any S3-compatible bucket in production.
 * Keys are the store's own ('documents/<uuid>/name.pdf'); never a path or URL from a request.
 */
export interface ObjectStore {
  /** Streams the body in; the object appears whole or not at all. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  /** Throws ObjectNotFoundError when the key does not exist. */
  get(key: string): Promise<{ body: Readable; size: number; contentType: string }>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<StoredObject[]>;
}

export class ObjectNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No object with key ${key}`);
    this.key = key;
  }
}

/** Keys are relative, slash-separated, without '..' or empty segments. */
export function assertValidKey(key: string): void {
  if (!key || key.length > 1024 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) {
    throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  }
  for (const part of key.split('/')) {
    if (part === '' || part === '.' || part === '..') throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  }
}

/** A list prefix may end mid-segment ('documents/ab'), but everything before its last '/' must be a valid key. */
export function assertValidPrefix(prefix: string): void {
  const slash = prefix.lastIndexOf('/');
  if (slash >= 0) assertValidKey(prefix.slice(0, slash));
  if (prefix.length > 1024 || prefix.includes('\\') || prefix.includes('\0')) {
    throw new Error(`Invalid object key prefix: ${JSON.stringify(prefix)}`);
  }
}
