import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/platform/db/client.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../drizzle');

/** A hash of the migrations folder: a new migration makes a new template. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

let cached: Blob | undefined;

/**
 * An empty, migrated PGlite database as a tarball, made once per set of migrations and kept in the
 * temporary folder. Starting PGlite from it takes a quarter of a second; creating a cluster and
 * migrating it takes about one and a half, paid by each of the hundred-odd test apps otherwise.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  if (cached) return cached;
  const file = path.join(tmpdir(), `hangar-pglite-migrated-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: tmpdir(), inMemory: true });
    const dump = await database.dumpDataDir!();
    await database.close();
    // Written aside then renamed: another worker making the same template at once never reads half a file.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  cached = new Blob([readFileSync(file)]);
  return cached;
}
