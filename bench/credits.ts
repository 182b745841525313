import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { createLedger } from '../server/src/features/credits/ledger.ts';
import { openDatabase } from '../server/src/platform/db/client.ts';
import { creditAccounts, users } from '../server/src/platform/db/schema.ts';
import { log, type Result } from './result.ts';

const USERS = 50;
const OPS_PER_USER = 60;
const TARGET = 2;
const PAIRS = 3;

/** Runs `op` for every user OPS_PER_USER times, all users at once; returns operations per second. */
async function rate(userIds: string[], op: (userId: string) => Promise<void>): Promise<number> {
  const started = performance.now();
  await Promise.all(
    userIds.map(async (id) => {
      for (let i = 0; i < OPS_PER_USER; i++) await op(id);
    }),
  );
  return (userIds.length * OPS_PER_USER) / ((performance.now() - started) / 1000);
}

/** CPU seconds used so far by PostgreSQL backends on this machine (utime + stime at 100 ticks/s), null when not readable. */
function backendSeconds(pids: number[]): number | null {
  let ticks = 0;
  for (const pid of pids) {
    if (!existsSync(`/proc/${pid}/stat`)) return null;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/**
 * Runs `op` as `rate` does and measures the CPU it costs per operation, in microseconds: this
 * process (drizzle, pg) and the pool's PostgreSQL backends. Less sensitive to other work on a
 * shared machine than the rate, since waiting for a core costs no CPU.
 */
async function cpuPerOp(userIds: string[], pids: number[], op: (userId: string) => Promise<void>) {
  const before = process.cpuUsage();
  const backendsBefore = backendSeconds(pids);
  const perSecond = await rate(userIds, op);
  const client = process.cpuUsage(before);
  const backendsAfter = backendSeconds(pids);
  const ops = userIds.length * OPS_PER_USER;
  return {
    perSecond,
    client: (client.user + client.system) / ops,
    backends: backendsBefore === null || backendsAfter === null ? null : ((backendsAfter - backendsBefore) * 1e6) / ops,
  };
}

/**
 * The cost of charging an answer (reserve an estimate, then settle the real cost: guarded updates,
 * ledger rows, a reservation) against the plainest possible charge, one single-row UPDATE, both
 * with 50 users at once on PostgreSQL (BENCH_DATABASE_URL; a fresh database is created and dropped).
 */
export async function credits(): Promise<Result> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test');
  const pg = (await import('pg')).default;
  const name = `hangar_bench_credits_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  try {
    const { db } = database;
    const ledger = createLedger(db);
    const rows = await db
      .insert(users)
      .values(Array.from({ length: USERS }, (_, i) => ({ email: `bench${i}@hangar.local`, name: `Bench ${i}` })))
      .returning({ id: users.id });
    const ids = rows.map((r) => r.id);
    for (const id of ids) await ledger.balance(id); // opens the accounts
    const plain = (id: string) =>
      db
        .update(creditAccounts)
        .set({ remainingMilli: sql`${creditAccounts.remainingMilli} - 1` })
        .where(eq(creditAccounts.userId, id))
        .then(() => undefined);
    const charge = async (id: string) => {
      const r = await ledger.reserve(id, 0.01, 'bench');
      await ledger.settle(r.id, 0.005, { model: 'bench', inputTokens: 10, outputTokens: 5 });
    };
    log('credits: warm-up');
    await rate(ids.slice(0, 5), plain);
    await rate(ids.slice(0, 5), charge);
    // Plain and charge rounds alternate, and the ratio is the median of each pair's: on a shared
    // machine a burst of other work then squeezes both sides of a pair, not one side of the ratio.
    const pairs: { plain: number; charge: number }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      log(`credits: pair ${i + 1}/${PAIRS}: plain single-row updates, then reserve + settle, ${USERS} users x ${OPS_PER_USER}`);
      const plainRate = await rate(ids, plain);
      pairs.push({ plain: plainRate, charge: await rate(ids, charge) });
    }
    // The pool's connections (all open by now, 10), for their CPU; PostgreSQL on this machine only.
    const pidRows = await Promise.all(Array.from({ length: 12 }, () => db.execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`)));
    const pids = [...new Set(pidRows.map((r) => Number((r as unknown as { rows: { pid: number }[] }).rows[0]!.pid)))];
    log('credits: CPU per operation');
    const plainCpu = await cpuPerOp(ids, pids, plain);
    const chargeCpu = await cpuPerOp(ids, pids, charge);
    const cpuLine = (label: string, c: typeof plainCpu) =>
      `${label}: ${c.client.toFixed(0)} us in this process + ${c.backends === null ? 'n/a' : c.backends.toFixed(0)} us in PostgreSQL backends`;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const median = [...pairs].sort((a, b) => a.plain / a.charge - b.plain / b.charge)[Math.floor(PAIRS / 2)]!;
    const { plain: plainRate, charge: chargeRate } = median;
    const ratio = plainRate / chargeRate;
    return {
      name: 'credits',
      measure: 'charges/s, 50 users at once',
      portal: `${chargeRate.toFixed(0)} /s`,
      baseline: `${plainRate.toFixed(0)} /s`,
      ratio,
      target: `cost <= ${TARGET}x plain`,
      pass: ratio <= TARGET,
      details: [
        `reserve + settle (one statement and one commit each: the account's guarded update and a ledger row): ${chargeRate.toFixed(0)} charges/s`,
        `plain single-row UPDATE: ${plainRate.toFixed(0)} updates/s`,
        `cost ratio ${ratio.toFixed(2)}, the median of ${PAIRS} alternating pairs (in order: ${pairs.map((p) => (p.plain / p.charge).toFixed(2)).join(', ')}; the "bare" column is the plain update)`,
        `CPU per operation (${pids.length} backends): ${cpuLine('plain', plainCpu)}; ${cpuLine('charge', chargeCpu)}`,
        plainCpu.backends !== null && chargeCpu.backends !== null
          ? `CPU cost ratio ${((chargeCpu.client + chargeCpu.backends) / (plainCpu.client + plainCpu.backends)).toFixed(2)}`
          : 'CPU cost ratio n/a (PostgreSQL is not on this machine)',
        `load average at the end: ${load}`,
      ],
    };
  } finally {
    await database.close();
    // pg's pool.end() resolves before its connections have closed: dropping at once cut them (a
    // "connection lost" warning each). A second at most for them to go.
    for (let i = 0; i < 20; i++) {
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
