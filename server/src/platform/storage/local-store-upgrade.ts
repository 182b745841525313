import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { filesUnder, isMissing, type LocalObjectStore, readMeta } from './local-store.ts';

/** Written once every object is in the current format, so later starts skip the walk. */
const FORMAT_FILE = 'format.json';
const FORMAT = 2;
/** Format 1 began each file with `{"contentType":...}\n`; the line was capped at this length. */
const MAX_HEADER = 4096;

export interface UpgradeReport {
  /** Objects rewritten to their exact bytes. */
  migrated: number;
  /** Files with neither a sidecar nor a format-1 header: left alone, and invisible to the store. */
  unknown: string[];
}

/**
 * Format 1 → 2: strips the one-line JSON header from every object and moves its content type to
 * the sidecar. Each object goes through the store's own commit (sidecar, then body, each a rename),
 * so a start cut short leaves every object readable in one format or the other and the next start
 * finishes the job; an object already migrated is recognised by its sidecar and skipped. Several
 * processes starting together may both rewrite an object: they write the same bytes.
 */
export async function upgradeLocalStore(store: LocalObjectStore): Promise<UpgradeReport> {
  const { root, files, meta, tmp } = store.layout;
  const report: UpgradeReport = { migrated: 0, unknown: [] };
  if ((await formatOf(root)) >= FORMAT) return report;
  await mkdir(tmp, { recursive: true });
  for (const key of await filesUnder(files, files)) {
    const file = path.join(files, key);
    const size = await stat(file).then(
      (info) => info.size,
      (err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      },
    );
    if (size === null) continue;
    // An unreadable sidecar is redone from the header if there is one, as if absent.
    const sidecar = await readMeta(path.join(meta, key)).catch(() => null);
    if (sidecar && (sidecar.size === size || sidecar.previous?.size === size)) continue;
    const header = await readHeader(file);
    if (!header) {
      report.unknown.push(key);
      continue;
    }
    const part = path.join(tmp, `${randomUUID()}.part`);
    try {
      await pipeline(createReadStream(file, { start: header.length }), createWriteStream(part, { flags: 'wx', flush: true }));
      const { size: bytes } = await stat(part);
      await store.commit(key, part, header.contentType, bytes);
      report.migrated++;
    } finally {
      await rm(part, { force: true });
    }
  }
  await writeFile(path.join(root, FORMAT_FILE), `${JSON.stringify({ format: FORMAT })}\n`, { flush: true });
  return report;
}

async function formatOf(root: string): Promise<number> {
  try {
    const value = JSON.parse(await readFile(path.join(root, FORMAT_FILE), 'utf8')) as { format?: unknown };
    return typeof value.format === 'number' ? value.format : 1;
  } catch (err) {
    if (isMissing(err)) return 1;
    throw err;
  }
}

async function readHeader(file: string): Promise<{ contentType: string; length: number } | null> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_HEADER);
    const { bytesRead } = await handle.read(buffer, 0, MAX_HEADER, 0);
    const end = buffer.subarray(0, bytesRead).indexOf('\n');
    if (end <= 0) return null;
    const value = JSON.parse(buffer.toString('utf8', 0, end)) as { contentType?: unknown } | null;
    return typeof value?.contentType === 'string' ? { contentType: value.contentType, length: end + 1 } : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
