import { eq, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import type { Database } from '../../platform/db/client.ts';
import { creditAccounts, creditLedger, users } from '../../platform/db/schema.ts';
import { createLedger, InsufficientCreditError, type Ledger } from './ledger.ts';

let database: Database;
let drop: () => Promise<void>;
let ledger: Ledger;
let admin: string;

beforeAll(async () => {
  ({ database, drop } = await testDatabase('/tmp'));
  ledger = createLedger(database.db);
  admin = await newUser();
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function newUser(): Promise<string> {
  const [u] = await database.db
    .insert(users)
    .values({ email: `u-${crypto.randomUUID()}@hangar.local`, name: 'Test' })
    .returning();
  return u!.id;
}

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await database.db
    .select({ total: sum(creditLedger.deltaMilli) })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.total ?? 0) / 1000;
}

async function withBalance(credits: number): Promise<string> {
  const user = await newUser();
  const { remaining } = await ledger.balance(user);
  await ledger.adjust(user, credits - remaining, { kind: 'admin_adjustment', actorId: admin, reason: 'test set-up' });
  return user;
}

describe('the credit ledger', () => {
  it('opens an account at the default limit of 5000 with an opening entry', async () => {
    const user = await newUser();
    expect(await ledger.balance(user)).toEqual({ remaining: 5000, limit: 5000 });
    expect(await ledgerSum(user)).toBe(5000);
  });

  it('reserves, then settles the real cost and gives back the rest', async () => {
    const user = await withBalance(100);
    const r = await ledger.reserve(user, 20, 'chat');
    expect((await ledger.balance(user)).remaining).toBe(80);
    await ledger.settle(r.id, 7.25);
    expect((await ledger.balance(user)).remaining).toBe(92.75);
    await ledger.settle(r.id, 50); // a second settle changes nothing
    expect((await ledger.balance(user)).remaining).toBe(92.75);
  });

  it('releases the whole estimate when the call fails', async () => {
    const user = await withBalance(30);
    const r = await ledger.reserve(user, 30, 'translation');
    expect((await ledger.balance(user)).remaining).toBe(0);
    await ledger.release(r.id);
    expect((await ledger.balance(user)).remaining).toBe(30);
  });

  it('refuses a reservation the balance cannot cover, and leaves nothing behind', async () => {
    const user = await withBalance(5);
    await expect(ledger.reserve(user, 6, 'chat')).rejects.toBeInstanceOf(InsufficientCreditError);
    expect((await ledger.balance(user)).remaining).toBe(5);
    expect(await ledgerSum(user)).toBe(5);
  });

  it('holds up to what is left, at least a thousandth, and refuses only at zero', async () => {
    const user = await withBalance(5);
    const small = await ledger.reserveUpTo(user, 0.0001, 'chat');
    expect(small.amount).toBe(0.001);
    const rest = await ledger.reserveUpTo(user, 8, 'chat');
    expect(rest.amount).toBe(4.999);
    expect((await ledger.balance(user)).remaining).toBe(0);
    await expect(ledger.reserveUpTo(user, 1, 'chat')).rejects.toBeInstanceOf(InsufficientCreditError);
    await ledger.settle(rest.id, 2);
    await ledger.release(small.id);
    expect((await ledger.balance(user)).remaining).toBe(3);
    expect(await ledgerSum(user)).toBe(3);
    // A first use opens the account.
    expect((await ledger.reserveUpTo(await newUser(), 10, 'chat')).amount).toBe(10);
  });

  it('takes an excess cost down to zero, never below, and records what it could not recover', async () => {
    const user = await withBalance(10);
    const r = await ledger.reserve(user, 8, 'chat');
    await ledger.settle(r.id, 25);
    expect((await ledger.balance(user)).remaining).toBe(0);
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user));
    expect(rows.at(-1)?.details).toEqual({ unrecoveredMilli: 15000 });
  });

  it('refuses an adjustment that would go below zero', async () => {
    const user = await withBalance(10);
    await expect(ledger.adjust(user, -11, { kind: 'admin_adjustment', actorId: admin, reason: 'x' })).rejects.toThrow(/below zero/);
  });

  it('admits exactly 5 of 200 parallel spends of 10 against a balance of 50', async () => {
    const user = await withBalance(50);
    const spend = async () => {
      const r = await ledger.reserve(user, 10, 'chat');
      await ledger.settle(r.id, 10);
    };
    const results = await Promise.allSettled(Array.from({ length: 200 }, spend));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientCreditError),
    ).toBe(true);
    expect((await ledger.balance(user)).remaining).toBe(0);
    expect(await ledgerSum(user)).toBe(0);
  });

  it('keeps the balance equal to the sum of the ledger and never below zero, whatever happens', async () => {
    const op = fc.oneof(
      fc.record({
        t: fc.constant('spend' as const),
        estimate: fc.integer({ min: 1, max: 400 }),
        actual: fc.double({ min: 0, max: 600, noNaN: true }),
      }),
      fc.record({ t: fc.constant('fail' as const), estimate: fc.integer({ min: 1, max: 400 }) }),
      fc.record({ t: fc.constant('adjust' as const), delta: fc.integer({ min: -500, max: 500 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.array(op, { maxLength: 12 }), async (start, ops) => {
        const user = await withBalance(start);
        for (const o of ops) {
          try {
            if (o.t === 'adjust') await ledger.adjust(user, o.delta, { kind: 'admin_adjustment', actorId: admin, reason: 'property' });
            else {
              const r = await ledger.reserve(user, o.estimate, 'chat');
              if (o.t === 'spend') await ledger.settle(r.id, o.actual);
              else await ledger.release(r.id);
            }
          } catch {
            // refused operations are part of the property: they must leave no trace
          }
          const [acc] = await database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, user));
          expect(acc!.remainingMilli).toBeGreaterThanOrEqual(0);
          expect(await ledgerSum(user)).toBe(acc!.remainingMilli / 1000);
        }
      }),
      { numRuns: 25 },
    );
  });
});
