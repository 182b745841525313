import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/client.ts';
import { seedGovernanceDemo } from '../src/seed/demo-governance.ts';
import { type OpenedDatabase, startTestApp, type TestApp } from './harness.ts';

// The demo warehouse (every use case's deliveries through the real checks and processing) takes
// 40–60 s to build. The suites that read it rather than test its building start from one copy:
// built once per version of the server's code, database kind and day, then copied (the database
// from a tarball or a PostgreSQL template, the object store as files) in a second or two.

const SERVER = path.resolve(import.meta.dirname, '..');
const LOCK_STALE_MS = 15 * 60_000;

/** A hash of everything the build depends on: the server's code, its migrations and the contract. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!entry.name.endsWith('.test.ts')) hash.update(file).update(readFileSync(file));
    }
  };
  for (const dir of [path.join(SERVER, 'src'), path.join(SERVER, 'drizzle'), path.join(SERVER, '../contract/src')]) walk(dir);
  return hash.digest('hex').slice(0, 12);
}

const pgAdmin = () => process.env.TEST_DATABASE_URL;
const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).href;

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: pgAdmin() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Waits for a build by another worker, or takes the build; true when this process must build. */
async function claimBuild(dir: string): Promise<boolean> {
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(path.join(dir, 'ready'))) return false;
    try {
      mkdirSync(lock);
      return true;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function build(dir: string, key: string, today: Date): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const template = `hangar_demo_${key}`;
  let opened: OpenedDatabase | undefined;
  const open = async (dataDir: string): Promise<OpenedDatabase> => {
    const admin = pgAdmin();
    if (!admin) {
      opened = { database: await openDatabase({ dataDir, inMemory: true }), drop: async () => {}, url: undefined };
    } else {
      await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${template}`);
      const url = withDatabase(admin, template);
      opened = { database: await openDatabase({ databaseUrl: url, dataDir }), drop: async () => {}, url };
    }
    return opened;
  };
  const app = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' }, { open, seed: true });
  try {
    await seedGovernanceDemo(app.ctx, today);
    // Background jobs finish before the copy: nothing may still be writing.
    await app.ctx.jobs.stop();
    if (opened?.database.dumpDataDir)
      writeFileSync(path.join(dir, 'pglite.tar'), Buffer.from(await (await opened.database.dumpDataDir()).arrayBuffer()));
    cpSync(path.join(app.config.HANGAR_DATA_DIR, 'objects'), path.join(dir, 'objects'), { recursive: true });
  } finally {
    await app.close();
  }
  writeFileSync(path.join(dir, 'ready'), new Date().toISOString());
}

/** Older snapshots of this machine (other versions of the code) go, so the temporary folder does not fill. */
async function removeOthers(key: string): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('hangar-demo-snapshot-') || name.includes(key)) continue;
    const file = path.join(tmpdir(), name);
    if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { recursive: true, force: true });
  }
  if (!pgAdmin()) return;
  const { rows } = await adminQuery("SELECT datname FROM pg_database WHERE datname LIKE 'hangar_demo_%'");
  for (const { datname } of rows as { datname: string }[])
    if (!datname.includes(key)) await adminQuery(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
}

/**
 * A test app on a copy of the demo organisation with the demo warehouse of `today`: its users,
 * deliveries, checks, registry and Parquet files. Close it like any test app.
 */
export async function startDemoWarehouseApp(today: Date, env: Record<string, string> = {}): Promise<TestApp> {
  const kind = pgAdmin() ? 'pg' : 'pglite';
  const key = `${sourceHash()}_${kind}_${today.toISOString().slice(0, 10).replaceAll('-', '')}`;
  const dir = path.join(tmpdir(), `hangar-demo-snapshot-${key}`);
  if (await claimBuild(dir)) {
    try {
      await removeOthers(key);
      await build(dir, key, today);
    } finally {
      rmSync(`${dir}.lock`, { recursive: true, force: true });
    }
  }
  return startTestApp(
    { HANGAR_DEMO_WAREHOUSE: 'false', ...env },
    {
      seed: false,
      open: async (dataDir) => {
        cpSync(path.join(dir, 'objects'), path.join(dataDir, 'objects'), { recursive: true });
        const admin = pgAdmin();
        if (!admin) {
          const loadDataDir = new Blob([readFileSync(path.join(dir, 'pglite.tar'))]);
          return { database: await openDatabase({ dataDir, inMemory: true, loadDataDir }), drop: async () => {}, url: undefined };
        }
        const name = `hangar_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
        await adminQuery(`CREATE DATABASE ${name} TEMPLATE hangar_demo_${key}`);
        const url = withDatabase(admin, name);
        return {
          database: await openDatabase({ databaseUrl: url, dataDir }),
          url,
          drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {}),
        };
      },
    },
  );
}
