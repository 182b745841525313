import { eq, sql } from 'drizzle-orm';
import { createLedger } from '../server/src/features/credits/ledger.ts';
import { openDatabase } from '../server/src/platform/db/client.ts';
import { creditAccounts, users } from '../server/src/platform/db/schema.ts';
import { log, type Result } from './result.ts';

const USERS = 50;
const OPS_PER_USER = 60;
const TARGET = 2;

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
    log(`credits: plain single-row updates, ${USERS} users x ${OPS_PER_USER}`);
    const plainRate = await rate(ids, plain);
    log(`credits: reserve + settle, ${USERS} users x ${OPS_PER_USER}`);
    const chargeRate = await rate(ids, charge);
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
        `reserve + settle (2 transactions: guarded updates, ledger rows, reservation): ${chargeRate.toFixed(0)} charges/s`,
        `plain single-row UPDATE: ${plainRate.toFixed(0)} updates/s`,
        `cost ratio ${ratio.toFixed(2)} (the "bare" column is the plain update)`,
      ],
    };
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
