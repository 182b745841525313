import { loadavg } from 'node:os';
import { signIn } from '../server/test/browser.ts';
import {
  DEMO_PASSWORD,
  freshPostgres,
  type Proc,
  peakMb,
  rssMb,
  sleep,
  startBare,
  startPortal,
  stop,
  tempDataDir,
  waitHealthy,
} from './procs.ts';
import { log, type Result } from './result.ts';

// Idle means idle: without the first start's background build of the demo warehouse (a minute of
// DuckDB and pipeline work, resumed by the next start when cut short), which would be measured instead.
const IDLE = { HANGAR_DEMO_WAREHOUSE: 'false' };

const IDLE_MS = 3000;
const TARGET_MB = 150;

let lastPeakMb = 0;

async function idleRss(p: Proc, signInFirst: boolean): Promise<number> {
  try {
    await waitHealthy(p);
    if (signInFirst) await signIn(p.url, 'viewer@hangar.local', DEMO_PASSWORD);
    await sleep(IDLE_MS);
    lastPeakMb = peakMb(p.pid);
    return rssMb(p.pid);
  } finally {
    await stop(p);
  }
}

/**
 * The portal on a PostgreSQL server (a fresh database), when BENCH_DATABASE_URL names one: seeded by
 * a first start, then restarted from the bundle (`npm start`) and from the sources (HANGAR_BUNDLE=false).
 */
async function onPostgres(): Promise<{ bundle: number; sources: number } | null> {
  const database = await freshPostgres('hangar_bench');
  if (!database) return null;
  try {
    const dir = tempDataDir();
    const env = { ...IDLE, DATABASE_URL: database.url };
    await idleRss(await startPortal(dir, env), true); // seeds
    const bundle = await idleRss(await startPortal(dir, env), true);
    const sources = await idleRss(await startPortal(dir, { ...env, HANGAR_BUNDLE: 'false' }), true);
    return { bundle, sources };
  } finally {
    await database.drop();
  }
}

export async function memory(): Promise<Result> {
  const dataDir = tempDataDir();
  log('memory: portal on a fresh data directory (seeds it), sign-in, idle');
  const firstMb = await idleRss(await startPortal(dataDir, IDLE), true);
  // The steady state: a restart on the seeded directory, as every start after the first.
  log('memory: portal restarted on the same directory, sign-in, idle');
  const portalMb = await idleRss(await startPortal(dataDir, IDLE), true);
  const portalPeakMb = lastPeakMb;
  log('memory: portal on PostgreSQL (BENCH_DATABASE_URL), sign-in, idle: from the bundle, then from the sources');
  const postgres = await onPostgres();
  log('memory: bare Fastify, health check, idle');
  const bareMb = await idleRss(await startBare(), false);

  // The target is judged on PostgreSQL when measured: PGlite's WebAssembly memory alone is over 100 MB.
  const judgedMb = postgres?.bundle ?? portalMb;
  const idle = `${IDLE_MS / 1000} s idle`;
  return {
    name: 'memory',
    measure: postgres ? 'VmRSS, idle, PostgreSQL' : 'VmRSS, idle, PGlite',
    portal: `${judgedMb.toFixed(1)} MB`,
    baseline: `${bareMb.toFixed(1)} MB`,
    ratio: judgedMb / bareMb,
    target: `portal <= ${TARGET_MB} MB`,
    pass: judgedMb <= TARGET_MB,
    details: [
      postgres === null
        ? 'portal on PostgreSQL: not measured (set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)'
        : `portal on PostgreSQL, restart (judged): ${postgres.bundle.toFixed(1)} MB after a sign-in and ${idle}; from the sources (HANGAR_BUNDLE=false) ${postgres.sources.toFixed(1)} MB`,
      `portal on PGlite, restart on a seeded directory: ${portalMb.toFixed(1)} MB after a sign-in and ${idle}, peak (VmHWM) ${portalPeakMb.toFixed(1)} MB`,
      `portal on PGlite, first start (initdb and seeding leave garbage behind): ${firstMb.toFixed(1)} MB`,
      `bare Fastify: ${bareMb.toFixed(1)} MB after its health check and ${idle}`,
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    ],
  };
}
