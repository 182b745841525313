import { eq, sql, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import type { Database } from '../../platform/db/client.ts';
import { creditAccounts, creditLedger, users } from '../../platform/db/schema.ts';
import { createLedger, DailyCapError, InsufficientCreditError, type Ledger } from './ledger.ts';

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

  it("holds a new user's first estimate even when another request opens their account meanwhile", async () => {
    // The balance shown by the shell opens the account between the hold that found no account and
    // the check of why nothing was held: the user has their full credit and must not be refused.
    for (let i = 0; i < 20; i++) {
      const user = await newUser();
      const [reservation, balance] = await Promise.all([ledger.reserveUpTo(user, 3, 'chat'), ledger.balance(user)]);
      expect(reservation.amount).toBe(3);
      expect(balance.limit).toBe(5000);
      expect((await ledger.balance(user)).remaining).toBe(4997);
      expect(await ledgerSum(user)).toBe(4997);
    }
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

  it('never settles more than the hold, and records the unbilled excess', async () => {
    const user = await withBalance(10);
    const r = await ledger.reserve(user, 8, 'chat');
    await ledger.settle(r.id, 25);
    expect((await ledger.balance(user)).remaining).toBe(2);
    expect(await ledgerSum(user)).toBe(2);
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user));
    expect(rows.at(-1)?.details).toEqual({ unbilledMilli: 17000 });
  });

  it('extends a hold up to what is left, and not once it is closed', async () => {
    const user = await withBalance(10);
    const r = await ledger.reserveUpTo(user, 4, 'chat');
    expect(await ledger.extendUpTo(r.id, 3)).toBe(7);
    expect(await ledger.extendUpTo(r.id, 100)).toBe(10);
    expect((await ledger.balance(user)).remaining).toBe(0);
    await ledger.settle(r.id, 6);
    expect(await ledger.extendUpTo(r.id, 1)).toBe(10);
    expect((await ledger.balance(user)).remaining).toBe(4);
    expect(await ledgerSum(user)).toBe(4);
  });

  it('keeps 40 concurrent holds of 10 within daily caps of 25 per user and 50 for everyone', async () => {
    const capped = createLedger(database.db, { user: 25, org: 50 });
    // Other tests' spending today counts towards the organisation: measure from a fresh baseline.
    const spentToday = async () => {
      const { rows } = (await database.db.execute(sql`SELECT COALESCE(-SUM(delta_milli), 0) AS s FROM credit_ledger
        WHERE kind IN ('reserve', 'settle', 'release') AND at >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`)) as unknown as {
        rows: { s: string }[];
      };
      return Number(rows[0]!.s) / 1000;
    };
    const already = await spentToday();
    const org = createLedger(database.db, { user: 25, org: already + 50 });
    const people = await Promise.all(Array.from({ length: 4 }, () => withBalance(1000)));
    const spend = async (user: string) => {
      const r = await org.reserveUpTo(user, 10, 'chat');
      await org.settle(r.id, 10);
      return r.amount;
    };
    const results = await Promise.allSettled(people.flatMap((p) => Array.from({ length: 10 }, () => spend(p))));
    const held = results.filter((r) => r.status === 'fulfilled').reduce((t, r) => t + (r as PromiseFulfilledResult<number>).value, 0);
    expect(held).toBeCloseTo(50, 3);
    expect((await spentToday()) - already).toBeCloseTo(50, 3);
    for (const p of people) expect(1000 - (await org.balance(p)).remaining).toBeLessThanOrEqual(25);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e instanceof DailyCapError && e.status === 429)).toBe(true);
    expect(capped.capped).toBe(true);
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

  /** The closing rows (settle or release) of each reservation of a user. */
  async function closings(userId: string): Promise<Map<string, string[]>> {
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    const byReservation = new Map<string, string[]>();
    for (const r of rows) if (r.reservationId) byReservation.set(r.reservationId, byReservation.get(r.reservationId) ?? []);
    for (const r of rows) if (r.reservationId && r.kind !== 'reserve') byReservation.get(r.reservationId)!.push(r.kind);
    return byReservation;
  }

  it('closes a reservation exactly once under 40 concurrent settles and releases, retries included', async () => {
    const user = await withBalance(100);
    const reservations = await Promise.all(Array.from({ length: 5 }, () => ledger.reserve(user, 10, 'chat')));
    expect((await ledger.balance(user)).remaining).toBe(50);
    await Promise.all(
      reservations.flatMap((r) =>
        Array.from({ length: 40 }, (_, i) => (i % 2 ? ledger.settle(r.id, 4, { model: 'm' }) : ledger.release(r.id))),
      ),
    );
    const closed = await closings(user);
    expect([...closed.values()].map((kinds) => kinds.length)).toEqual([1, 1, 1, 1, 1]);
    // Each reservation costs 4 when a settle won, nothing when a release won.
    const settled = [...closed.values()].filter((kinds) => kinds[0] === 'settle').length;
    expect((await ledger.balance(user)).remaining).toBe(100 - 4 * settled);
    expect(await ledgerSum(user)).toBe(100 - 4 * settled);
    await expect(ledger.release(crypto.randomUUID())).rejects.toThrow(/No such credit reservation/);
  });

  it('keeps many concurrent reservations on one balance exact: holds, extensions racing closes, settles and releases', async () => {
    const user = await withBalance(60);
    const one = async (i: number) => {
      const r = await ledger.reserveUpTo(user, 3, 'chat');
      // An extension racing the close: whichever comes first, every credit held is closed with the reservation.
      const [extended] = await Promise.all([
        ledger.extendUpTo(r.id, 2).catch(() => r.amount),
        i % 3 === 0 ? ledger.release(r.id) : ledger.settle(r.id, 1),
      ]);
      await (i % 2 ? ledger.settle(r.id, 5) : ledger.release(r.id)); // a retry changes nothing
      return extended;
    };
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => one(i)));
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientCreditError);
    const closed = await closings(user);
    for (const kinds of closed.values()) expect(kinds).toHaveLength(1);
    const settled = [...closed.values()].filter((kinds) => kinds[0] === 'settle').length;
    const { remaining } = await ledger.balance(user);
    // Nothing stays held: what is gone is what the settles charged (1 each, or less when less was held).
    expect(remaining).toBeGreaterThanOrEqual(60 - settled);
    expect(remaining).toBe(await ledgerSum(user));
    // Nothing stays held, extensions included: a released reservation's rows add up to 0, a settled
    // one's to minus the charge (1, or all it held when less).
    const { rows } = (await database.db.execute(sql`
      SELECT reservation_id, SUM(delta_milli) AS net, -SUM(delta_milli) FILTER (WHERE kind = 'reserve') AS held,
             MAX(kind) FILTER (WHERE kind <> 'reserve') AS closing
      FROM credit_ledger WHERE user_id = ${user} AND reservation_id IS NOT NULL GROUP BY reservation_id`)) as unknown as {
      rows: { net: string; held: string; closing: string }[];
    };
    expect(rows.length).toBe(closed.size);
    for (const r of rows) expect(Number(r.net)).toBe(r.closing === 'release' ? 0 : -Math.min(1000, Number(r.held)));
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
