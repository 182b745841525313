import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuildOptions, type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/platform/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';

export const DEMO_PASSWORD = 'test-demo-password-1';

import { freePort } from './free-port.ts';
import { migratedPgliteTemplate } from './pglite-template.ts';

export { freePort };

/**
 * A database for one test app: PGlite in memory, or, when TEST_DATABASE_URL is set, a fresh
 * database on that PostgreSQL server (dropped afterwards).
 */
export async function testDatabase(dataDir: string): Promise<OpenedDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const database = await openDatabase({ dataDir, inMemory: true, loadDataDir: await migratedPgliteTemplate() });
    return { database, drop: async () => {}, url: undefined };
  }
  const name = `hangar_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir });
  return {
    database,
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface OpenedDatabase {
  database: Database;
  drop(): Promise<void>;
  url: string | undefined;
}

export interface TestApp extends BuiltApp {
  url: string;
  /** The PostgreSQL database of this app (TEST_DATABASE_URL only), for a second process on it. */
  databaseUrl?: string;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real port (the OIDC flow calls itself), seeded with the demo organisation. */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    /** Seeds the demo organisation (default: yes, unless `open` brings a database of its own). */
    seed?: boolean;
    extend?: BuildOptions['extend'];
    dashboardProviders?: BuildOptions['dashboardProviders'];
    /** Another portal process on the same PostgreSQL database. */
    sameDatabaseAs?: TestApp;
    /** Prepares the data directory and opens the database instead (a copied snapshot: see demo-snapshot.ts). */
    open?: (dataDir: string) => Promise<OpenedDatabase>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hangar-test-'));
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HANGAR_DATA_DIR: dataDir,
    HANGAR_DEMO_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '5000',
    RATE_LIMIT_AUTH_PER_MINUTE: '5000',
    ...env,
  });
  const shared = opts.sameDatabaseAs?.databaseUrl;
  if (opts.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs TEST_DATABASE_URL (PostgreSQL)');
  const {
    database,
    drop,
    url: databaseUrl,
  } = shared
    ? { database: await openDatabase({ databaseUrl: shared, dataDir }), drop: async () => {}, url: shared }
    : await (opts.open ?? testDatabase)(dataDir);
  const built = await buildApp(config, { database, extend: opts.extend, dashboardProviders: opts.dashboardProviders });
  const log = console.log;
  if ((opts.seed ?? !opts.open) && !shared) {
    console.log = () => {};
    try {
      await seedDemo(built.ctx);
    } finally {
      console.log = log;
    }
  }
  await built.app.listen({ port: config.PORT, host: '127.0.0.1' });
  return {
    ...built,
    url: config.publicUrl,
    databaseUrl,
    config,
    async close() {
      // A test that left a response body unread keeps its connection busy; do not wait on it.
      const closing = built.app.close();
      setTimeout(() => built.app.server.closeAllConnections(), 2000).unref();
      await closing;
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
