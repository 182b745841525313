import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the job queue reaches the same database: PostgreSQL's connection string, or, on PGlite, a
   * function that runs one SQL text (pg-boss's own statements each fit in one text, so PGlite's
   * lock keeps them from interleaving with the app's transactions).
   */
  jobsConnection: { connectionString: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  /** Runs a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  /** PGlite only: the whole database as a tarball (a test template, loaded with `loadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../drizzle');
const MIGRATION_LOCK = 7_301_001;

export class DataDirLockedError extends Error {}

// PGlite's defaults plus smaller buffers: the embedded database is small, the files sit in the OS
// page cache anyway, and PostgreSQL's 128 MB of shared buffers doubled the idle memory.
const PGLITE_SETTINGS = {
  search_path: 'public',
  exit_on_error: 'false',
  log_checkpoints: 'false',
  max_worker_processes: '0',
  max_parallel_workers: '0',
  max_parallel_workers_per_gather: '0',
  max_parallel_maintenance_workers: '0',
  io_method: 'sync',
  shared_buffers: '16MB',
  work_mem: '4MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
};
const PGLITE_START_PARAMS = ['--single', '-F', '-O', '-j', ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`])];

/** PGlite has no cross-process lock: a second process on the same directory would lose writes. */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'hangar.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Hangar process (pid ${pid}). ` +
            'Stop that process, or give this one its own HANGAR_DATA_DIR, or use DATABASE_URL for several processes.',
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL when databaseUrl is set; else PGlite in dataDir (or in memory, for tests). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** PGlite: start from this dump instead of an empty cluster (tests: a migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  // Each driver is loaded only when it is the one used: PGlite's module is half a megabyte of code
  // that a PostgreSQL deployment never runs, and the reverse for pg.
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      jobsConnection: { connectionString: opts.databaseUrl },
      ping: async () => {
        await pool.query('SELECT 1');
      },
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const unlock = opts.inMemory ? () => {} : lockDataDir(opts.dataDir);
  try {
    const client = await PGlite.create(opts.inMemory ? 'memory://' : path.join(opts.dataDir, 'pglite'), {
      startParams: PGLITE_START_PARAMS,
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    let closed = false;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      jobsConnection: {
        executeSql: async (text, values) =>
          values?.length ? client.query(text, values) : { rows: (await client.exec(text)).flatMap((r) => r.rows) },
      },
      ping: async () => {
        if (closed) throw new Error('database closed');
        await db.execute(sql`SELECT 1`);
      },
      dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** True for a PostgreSQL unique violation (23505), as thrown by either driver through drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined);
  return codeOf(err) === '23505' || codeOf((err as { cause?: unknown } | null)?.cause) === '23505';
}
