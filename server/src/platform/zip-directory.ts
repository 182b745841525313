import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable, Transform } from 'node:stream';
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib';

/**
 * Reads a zip file's central directory (names and declared sizes) without extracting anything,
 * so an upload can be refused before a reader inflates it: too many entries, or a declared
 * expansion far beyond what office files reach, is a zip bomb rather than a document.
 */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  localHeaderOffset: number;
  /** CRC-32 of the inflated bytes, as the directory declares it. */
  crc32: number;
  /** Traditional zip encryption (flag bit 0): its data cannot be inflated. */
  encrypted: boolean;
}

export type ZipDirectory =
  | { ok: true; entries: ZipEntry[]; totalUncompressed: number }
  | { ok: false; reason: 'not_zip' | 'too_many_entries' };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export async function readZipDirectory(path: string, maxEntries: number): Promise<ZipDirectory> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await parseDirectory(size, maxEntries, async (position, length) => {
      const out = Buffer.alloc(length);
      await handle.read(out, 0, length, position);
      return out;
    });
  } finally {
    await handle.close();
  }
}

/** The same directory from a zip held in memory (a worker given the upload's bytes). */
export function readZipDirectoryOf(bytes: Uint8Array, maxEntries: number): Promise<ZipDirectory> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return parseDirectory(buffer.length, maxEntries, async (position, length) => {
    // Past the end reads as zeros, as a short file read does into a zeroed buffer.
    const out = Buffer.alloc(length);
    if (position < buffer.length) buffer.copy(out, 0, position, Math.min(buffer.length, position + length));
    return out;
  });
}

async function parseDirectory(
  size: number,
  maxEntries: number,
  read: (position: number, length: number) => Promise<Buffer>,
): Promise<ZipDirectory> {
  if (size < 22) return { ok: false, reason: 'not_zip' };
  const tailLength = Math.min(size, 22 + 65_535 + 20);
  const tail = await read(size - tailLength, tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) return { ok: false, reason: 'not_zip' };
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  if (
    (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) &&
    at >= 20 &&
    tail.readUInt32LE(at - 20) === ZIP64_LOCATOR
  ) {
    const recordOffset = Number(tail.readBigUInt64LE(at - 20 + 8));
    const record = await read(recordOffset, 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) return { ok: false, reason: 'not_zip' };
    count = Number(record.readBigUInt64LE(32));
    dirSize = Number(record.readBigUInt64LE(40));
    dirOffset = Number(record.readBigUInt64LE(48));
  }
  if (count > maxEntries) return { ok: false, reason: 'too_many_entries' };
  if (dirOffset + dirSize > size) return { ok: false, reason: 'not_zip' };
  const dir = await read(dirOffset, dirSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= dir.length && dir.readUInt32LE(p) === CENTRAL) {
    if (entries.length >= maxEntries) return { ok: false, reason: 'too_many_entries' };
    const flags = dir.readUInt16LE(p + 8);
    const method = dir.readUInt16LE(p + 10);
    const crc32 = dir.readUInt32LE(p + 16);
    let localHeaderOffset = dir.readUInt32LE(p + 42);
    let compressedSize = dir.readUInt32LE(p + 20);
    let uncompressedSize = dir.readUInt32LE(p + 24);
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    const name = dir.toString('utf8', p + 46, p + 46 + nameLength);
    // Zip64 sizes live in the extra field (id 1): uncompressed first, then compressed, when marked.
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = dir.readUInt16LE(e);
      const len = dir.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        if (uncompressedSize === 0xffffffff && q + 8 <= e + 4 + len) {
          uncompressedSize = Number(dir.readBigUInt64LE(q));
          q += 8;
        }
        if (compressedSize === 0xffffffff && q + 8 <= e + 4 + len) {
          compressedSize = Number(dir.readBigUInt64LE(q));
          q += 8;
        }
        if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + len) localHeaderOffset = Number(dir.readBigUInt64LE(q));
      }
      e += 4 + len;
    }
    entries.push({ name, compressedSize, uncompressedSize, method, localHeaderOffset, crc32, encrypted: (flags & 1) === 1 });
    p = extraEnd + commentLength;
  }
  if (entries.length !== count) return { ok: false, reason: 'not_zip' };
  return { ok: true, entries, totalUncompressed: entries.reduce((n, x) => n + x.uncompressedSize, 0) };
}

/**
 * The inflated bytes of one entry, found through the central directory (not by scanning local
 * headers in file order). Fails if the entry inflates beyond the size its directory declared.
 */
export async function openZipEntry(path: string, entry: ZipEntry): Promise<Readable> {
  const handle = await open(path, 'r');
  const local = Buffer.alloc(30);
  try {
    await handle.read(local, 0, 30, entry.localHeaderOffset);
  } finally {
    await handle.close();
  }
  if (local.readUInt32LE(0) !== LOCAL) throw new Error(`zip entry ${entry.name} has no local header`);
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = createReadStream(path, { start, end: start + Math.max(entry.compressedSize, 1) - 1 });
  if (entry.compressedSize === 0) {
    raw.destroy();
    return Readable.from([]);
  }
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > entry.uncompressedSize) done(new Error(`zip entry ${entry.name} inflates beyond its declared size`));
      else done(null, chunk);
    },
  });
  if (entry.method === 0) return pipeline(raw, limit, () => {});
  if (entry.method !== 8) throw new Error(`zip entry ${entry.name} uses an unsupported compression method ${entry.method}`);
  return pipeline(raw, createInflateRaw(), limit, () => {});
}

/** Why an entry could not be inflated: over the caller's limit, inflating to another size than declared, or broken. */
export type ZipEntryFailure = 'too_large' | 'size_mismatch' | 'damaged';

export class ZipEntryError extends Error {
  readonly reason: ZipEntryFailure;
  constructor(reason: ZipEntryFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * The inflated bytes of one entry of a zip held in memory, never more than `maxBytes`. zlib counts
 * the real inflated bytes as it goes and stops one past the size the directory declared, so an
 * entry that declares a few bytes and inflates to hundreds of MB costs a few bytes, not the
 * hundreds of MB (a size or CRC that does not match is refused as well).
 */
export function inflateZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Buffer {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = (why: string) => new ZipEntryError('damaged', `zip entry ${entry.name} ${why}`);
  if (entry.uncompressedSize > maxBytes) {
    throw new ZipEntryError('too_large', `zip entry ${entry.name} declares ${entry.uncompressedSize} bytes, over ${maxBytes}`);
  }
  if (entry.encrypted) throw damaged('is encrypted');
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL) throw damaged('has no local header');
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const raw = buffer.subarray(start, start + entry.compressedSize);
  if (raw.length !== entry.compressedSize) throw damaged('is cut short');
  let out: Buffer;
  if (entry.method === 0) out = raw;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipEntryError('size_mismatch', `zip entry ${entry.name} inflates beyond its declared ${entry.uncompressedSize} bytes`);
      }
      throw damaged(`cannot be inflated (${(err as Error).message})`);
    }
  } else throw damaged(`uses an unsupported compression method ${entry.method}`);
  if (out.length !== entry.uncompressedSize) {
    throw new ZipEntryError(
      'size_mismatch',
      `zip entry ${entry.name} holds ${out.length} bytes, not the ${entry.uncompressedSize} declared`,
    );
  }
  if (crc32(out) !== entry.crc32) throw damaged('fails its CRC check');
  return out;
}
