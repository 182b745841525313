import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, assertValidPrefix, ObjectNotFoundError, type ObjectStore, type StoredObject } from './object-store.ts';

const MAX_HEADER = 4096;

/**
 * Objects live in <root>/files/<key>. Each file starts with a one-line JSON header holding the content
 * type, so body and metadata are replaced together by a single rename and can never disagree (a sidecar
 * file would need two renames, and its name could collide with another key).
 * Writes go to <root>/tmp first: same filesystem, so the rename is atomic; separate folder, so keys
 * can never clash with temp files.
 */
export class LocalObjectStore implements ObjectStore {
  readonly #files: string;
  readonly #tmp: string;
  /**
   * Folder changes in this process, one at a time: a delete pruning empty folders while a put
   * creates them makes mkdir fail (ENOENT, ENOTDIR). Only the quick folder steps wait; writing the
   * body does not. Another process on the same folder is covered by moveIntoPlace's retry.
   */
  #folders: Promise<unknown> = Promise.resolve();

  #inTurn<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#folders.then(step, step);
    this.#folders = run.catch(() => {});
    return run;
  }

  constructor(root: string) {
    this.#files = path.resolve(root, 'files');
    this.#tmp = path.resolve(root, 'tmp');
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    if (!Buffer.isBuffer(body)) body.on('error', ignoreUntilRead);
    try {
      return await this.#write(key, body, contentType);
    } catch (err) {
      // Callers hand us request streams; leaving one unconsumed would stall the request.
      if (!Buffer.isBuffer(body)) body.destroy();
      throw err;
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string }> {
    const found = await this.#open(key);
    if (!found) throw new ObjectNotFoundError(key);
    // Reading through the open handle keeps serving this version even if the key is overwritten meanwhile.
    const body = found.handle.createReadStream({ start: found.headerLength });
    return { body, size: found.size, contentType: found.contentType };
  }

  async head(key: string): Promise<StoredObject | null> {
    const found = await this.#open(key);
    if (!found) return null;
    await found.handle.close();
    return { key, size: found.size, contentType: found.contentType };
  }

  async delete(key: string): Promise<void> {
    const file = this.#pathOf(key);
    try {
      await unlink(file);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    // Otherwise one empty folder would remain per deleted document.
    await this.#inTurn(async () => {
      for (let dir = path.dirname(file); dir !== this.#files; dir = path.dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
      }
    });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertValidPrefix(prefix);
    const folder = prefix.slice(0, Math.max(prefix.lastIndexOf('/'), 0));
    let entries: { name: string; parentPath: string; isFile(): boolean }[];
    try {
      entries = await readdir(folder ? this.#pathOf(folder) : this.#files, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const keys = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.#files, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
    const objects: StoredObject[] = [];
    for (const key of keys) {
      const object = await this.head(key);
      if (object) objects.push(object);
    }
    return objects;
  }

  async #write(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    const file = this.#pathOf(key);
    const header = encodeHeader(contentType);
    await mkdir(this.#tmp, { recursive: true });
    const tmp = path.join(this.#tmp, `${randomUUID()}.part`);
    try {
      await pipeline(withHeader(header, body), createWriteStream(tmp, { flags: 'wx', flush: true }));
      const { size } = await stat(tmp);
      await this.#inTurn(() => moveIntoPlace(tmp, file));
      return { key, size: size - header.length, contentType };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async #open(key: string): Promise<{ handle: FileHandle; headerLength: number; size: number; contentType: string } | null> {
    let handle: FileHandle;
    try {
      handle = await open(this.#pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const info = await handle.stat();
      if (info.isFile()) {
        const { contentType, length } = await readHeader(handle, key);
        return { handle, headerLength: length, size: info.size - length, contentType };
      }
    } catch (err) {
      await handle.close();
      throw err;
    }
    await handle.close();
    return null;
  }

  #pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.#files, key);
    // assertValidKey already rules out '..'; this also catches platform quirks such as Windows drive letters.
    if (!file.startsWith(this.#files + path.sep)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
    return file;
  }
}

/** The body may fail while we prepare the temp file; the read loop then gets the error from the stream itself. */
function ignoreUntilRead(): void {}

async function* withHeader(header: Buffer, body: Readable | Buffer): AsyncGenerator<Buffer | string> {
  yield header;
  if (Buffer.isBuffer(body)) yield body;
  else yield* body;
}

/**
 * A delete in another process may prune an empty parent folder while mkdir creates the path (mkdir
 * then fails with ENOENT) or between mkdir and rename, hence the retry around both.
 */
async function moveIntoPlace(tmp: string, file: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await mkdir(path.dirname(file), { recursive: true });
      return await rename(tmp, file);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT' || attempt === 5) throw err;
    }
  }
}

function encodeHeader(contentType: string): Buffer {
  const header = Buffer.from(`${JSON.stringify({ contentType })}\n`);
  if (header.length > MAX_HEADER) throw new Error('Content type is too long');
  return header;
}

async function readHeader(handle: FileHandle, key: string): Promise<{ contentType: string; length: number }> {
  const buffer = Buffer.alloc(MAX_HEADER);
  const { bytesRead } = await handle.read(buffer, 0, MAX_HEADER, 0);
  const end = buffer.subarray(0, bytesRead).indexOf('\n');
  const contentType = end > 0 ? parseHeader(buffer.toString('utf8', 0, end)) : undefined;
  if (contentType === undefined) throw new Error(`Stored object ${key} has no valid header`);
  return { contentType, length: end + 1 };
}

function parseHeader(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'contentType' in value && typeof value.contentType === 'string') {
      return value.contentType;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
}

/** ENOTDIR/EISDIR: a key that runs through, or stops at, a folder of other keys ('a/b' vs 'a'). */
function isMissing(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
