import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, assertValidPrefix, ObjectNotFoundError, type ObjectStore, type StoredObject } from './object-store.ts';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph...); omit for AWS. */
  endpoint?: string;
  /** Omit to use the AWS default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** How long a connection may take to open, and a request's socket may stay silent, before the call fails (tests shorten them). */
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

/** A bucket that stops answering must fail the call, not hold the request (and its upload) forever. */
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 60_000;

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const HEAD_CONCURRENCY = 16;

export class S3ObjectStore implements ObjectStore {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(options: S3StoreOptions) {
    this.#bucket = options.bucket;
    this.#client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // An idle timeout rather than a total one: a large upload or a download to a slow reader may take long while data flows.
      requestHandler: {
        connectionTimeout: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        socketTimeout: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
      },
      // Many S3-compatible servers reject the checksums recent SDKs add by default; send them only when S3 requires them.
      ...(options.endpoint ? ({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const) : {}),
    });
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    if (!Buffer.isBuffer(body)) body.on('error', ignoreUntilRead);
    let size = 0;
    let bodyError: unknown;
    async function* counted(source: Readable): AsyncGenerator<Buffer | string> {
      try {
        for await (const chunk of source) {
          size += Buffer.byteLength(chunk);
          yield chunk;
        }
      } catch (err) {
        bodyError = err;
        throw err;
      }
    }
    try {
      assertValidKey(key);
      if (Buffer.isBuffer(body)) size = body.length;
      // Upload sends one PUT for small bodies and a multipart upload (aborted on failure) for large ones.
      const upload = new Upload({
        client: this.#client,
        params: {
          Bucket: this.#bucket,
          Key: key,
          Body: Buffer.isBuffer(body) ? body : Readable.from(counted(body)),
          ContentType: contentType,
        },
      });
      await upload.done();
      return { key, size, contentType };
    } catch (err) {
      // Callers hand us request streams; leaving one unconsumed would stall the request.
      if (!Buffer.isBuffer(body)) body.destroy();
      // When the multipart abort fails too, Upload reports that instead of the body's error, which is the real cause.
      throw bodyError ?? err;
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string }> {
    assertValidKey(key);
    try {
      const out = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return { body: out.Body, size: out.ContentLength ?? 0, contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    return this.#head(key);
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertValidPrefix(prefix);
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2({ client: this.#client }, { Bucket: this.#bucket, Prefix: prefix })) {
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    }
    // S3 lists in key order, but not every compatible server does (s3rver doesn't).
    keys.sort();
    // Listings carry no content type, so each object is HEADed, a few at a time.
    const objects: StoredObject[] = [];
    for (let i = 0; i < keys.length; i += HEAD_CONCURRENCY) {
      const batch = await Promise.all(keys.slice(i, i + HEAD_CONCURRENCY).map((key) => this.#head(key)));
      for (const object of batch) if (object) objects.push(object);
    }
    return objects;
  }

  async #head(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { key, size: out.ContentLength ?? 0, contentType: out.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }
}

/** The body may fail before Upload starts reading it; the read loop then gets the error from the stream itself. */
function ignoreUntilRead(): void {}

/** GET answers NoSuchKey; HEAD has no body, so the SDK can only name it NotFound. NoSuchBucket stays an error. */
function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');
}
