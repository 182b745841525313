import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, assertValidPrefix, ObjectNotFoundError, type ObjectStore, type StoredObject } from './object-store.ts';

const MAX_META = 4096;
/** Two puts landing between a reader's open and its metadata read; more means a writer in another process keeps going. */
const RESOLVE_ATTEMPTS = 3;

/** What the sidecar says of the body it goes with, and of the body it replaces (see #write). */
interface Meta {
  contentType: string;
  size: number;
  previous?: { contentType: string; size: number } | null;
}

/**
 * Objects live in <root>/files/<key> as their exact bytes, so other engines (DuckDB, Spark) read the
 * folder as it is; the content type lives in a sidecar <root>/meta/<key> (same path, so any key the
 * files tree can hold, the meta tree can too, and no key can clash with a sidecar name).
 * Writes go to <root>/tmp first: same filesystem, so each rename is atomic; separate folder, so keys
 * can never clash with temp files.
 *
 * Body and sidecar are two renames, so the body is the commit point: the sidecar moves in first and
 * carries, besides the new body's type and size, those of the body still in place. A reader opens the
 * body first (pinning that version), then picks the sidecar entry whose size matches it: between the
 * two renames, or after a crash between them, it is the previous one. A sidecar without a body is an
 * object never written (invisible); a body no sidecar describes is invisible too.
 */
export class LocalObjectStore implements ObjectStore {
  readonly #root: string;
  readonly #files: string;
  readonly #meta: string;
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
    this.#root = path.resolve(root);
    this.#files = path.join(this.#root, 'files');
    this.#meta = path.join(this.#root, 'meta');
    this.#tmp = path.join(this.#root, 'tmp');
  }

  /** The folders, for the start-up migration (local-store-upgrade.ts). */
  get layout(): { root: string; files: string; meta: string; tmp: string } {
    return { root: this.#root, files: this.#files, meta: this.#meta, tmp: this.#tmp };
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
    const body = found.handle.createReadStream();
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
    const meta = this.#metaOf(key);
    // In turn with puts' renames: a put of this key landing between our two unlinks would otherwise lose its sidecar.
    await this.#inTurn(async () => {
      try {
        // Body first: once it is gone the object is, whatever happens to the sidecar.
        await unlink(file);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      // Also removes a sidecar left by a put that died before its body moved in.
      await unlink(meta).catch(() => {});
      // Otherwise empty folders would remain per deleted document.
      await prune(path.dirname(file), this.#files);
      await prune(path.dirname(meta), this.#meta);
    });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    assertValidPrefix(prefix);
    const folder = prefix.slice(0, Math.max(prefix.lastIndexOf('/'), 0));
    const keys = (await filesUnder(this.#files, folder ? this.#pathOf(folder) : this.#files)).filter((key) => key.startsWith(prefix));
    const objects: StoredObject[] = [];
    for (const key of keys) {
      const object = await this.head(key);
      if (object) objects.push(object);
    }
    return objects;
  }

  /**
   * Replaces body and sidecar of `key` with exact bytes already written to `tmp` (a file in the tmp
   * folder). Also used by the migration, which is why it takes a written file.
   */
  async commit(key: string, tmp: string, contentType: string, size: number): Promise<void> {
    const file = this.#pathOf(key);
    const metaFile = this.#metaOf(key);
    const metaTmp = path.join(this.#tmp, `${randomUUID()}.meta`);
    const writeMeta = (previous: Meta['previous']) =>
      writeFile(metaTmp, JSON.stringify({ contentType, size, previous } satisfies Meta), { flush: true });
    try {
      // Written (and flushed) before taking the turn, so puts do not queue behind each other's disk flushes.
      const expected = await this.#resolve(file, metaFile);
      await writeMeta(expected);
      await this.#inTurn(async () => {
        // Checked again inside the turn: another put of this key in this process may have landed since.
        const current = await this.#resolve(file, metaFile);
        if (!sameEntry(current, expected)) await writeMeta(current);
        await moveIntoPlace(metaTmp, metaFile);
        await moveIntoPlace(tmp, file);
      });
    } finally {
      await rm(metaTmp, { force: true });
    }
  }

  async #write(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    this.#pathOf(key);
    if (Buffer.byteLength(contentType) > MAX_META / 2) throw new Error('Content type is too long');
    await mkdir(this.#tmp, { recursive: true });
    const tmp = path.join(this.#tmp, `${randomUUID()}.part`);
    try {
      await pipeline(Buffer.isBuffer(body) ? bufferSource(body) : body, createWriteStream(tmp, { flags: 'wx', flush: true }));
      const { size } = await stat(tmp);
      await this.commit(key, tmp, contentType, size);
      return { key, size, contentType };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async #open(key: string): Promise<{ handle: FileHandle; size: number; contentType: string } | null> {
    const file = this.#pathOf(key);
    for (let attempt = 1; ; attempt++) {
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        const meta = await readMeta(this.#metaOf(key));
        const described = meta && describe(meta, info.size);
        if (described) return { handle, size: info.size, contentType: described.contentType };
        await handle.close();
        // No sidecar at all: bytes nobody registered (a file dropped into the folder, or not migrated).
        if (!meta) return null;
      } catch (err) {
        await handle.close();
        throw err;
      }
      // The sidecar has moved on twice since we opened the body: read both again.
      if (attempt === RESOLVE_ATTEMPTS) throw new Error(`Stored object ${key} does not match its metadata`);
    }
  }

  /** The entry describing the body now at `file`, if any; null for no body. */
  async #resolve(file: string, metaFile: string): Promise<Meta['previous']> {
    const info = await stat(file).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!info?.isFile()) return null;
    const meta = await readMeta(metaFile);
    const described = meta && describe(meta, info.size);
    return described ? { contentType: described.contentType, size: info.size } : null;
  }

  #pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.#files, key);
    // assertValidKey already rules out '..'; this also catches platform quirks such as Windows drive letters.
    if (!file.startsWith(this.#files + path.sep)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
    return file;
  }

  #metaOf(key: string): string {
    return path.join(this.#meta, path.relative(this.#files, this.#pathOf(key)));
  }
}

function sameEntry(a: Meta['previous'], b: Meta['previous']): boolean {
  return a?.contentType === b?.contentType && a?.size === b?.size;
}

/** The sidecar entry for a body of `size` bytes: the new one, or the one it is replacing mid-put. */
function describe(meta: Meta, size: number): { contentType: string } | null {
  if (meta.size === size) return meta;
  if (meta.previous && meta.previous.size === size) return meta.previous;
  return null;
}

export async function readMeta(file: string): Promise<Meta | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
  const meta = parseMeta(text);
  if (!meta) throw new Error(`Invalid object metadata in ${file}`);
  return meta;
}

function parseMeta(text: string): Meta | null {
  try {
    const value = JSON.parse(text) as Partial<Meta> | null;
    if (typeof value?.contentType !== 'string' || typeof value.size !== 'number') return null;
    const previous = value.previous;
    if (previous && (typeof previous.contentType !== 'string' || typeof previous.size !== 'number')) return null;
    return { contentType: value.contentType, size: value.size, previous: previous ?? null };
  } catch {
    return null;
  }
}

/** Every file under `folder`, as keys relative to `files`, sorted. */
export async function filesUnder(files: string, folder: string): Promise<string[]> {
  let entries: { name: string; parentPath: string; isFile(): boolean }[];
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(files, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function prune(start: string, stop: string): Promise<void> {
  for (let dir = start; dir !== stop && dir.startsWith(stop); dir = path.dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      break;
    }
  }
}

/** The body may fail while we prepare the temp file; the read loop then gets the error from the stream itself. */
function ignoreUntilRead(): void {}

async function* bufferSource(body: Buffer): AsyncGenerator<Buffer> {
  yield body;
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

function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
}

/** ENOTDIR/EISDIR: a key that runs through, or stops at, a folder of other keys ('a/b' vs 'a'). */
export function isMissing(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
