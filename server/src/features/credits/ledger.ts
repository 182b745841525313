import { CREDITS } from '@hangar/contract';
import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { creditAccounts, creditLedger, creditReservations } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';

export const MILLI = 1000;
export const toMilli = (credits: number) => Math.round(credits * MILLI);
export const fromMilli = (milli: number) => milli / MILLI;

type Kind = (typeof creditLedger.$inferInsert)['kind'];
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Balance {
  remaining: number;
  limit: number;
}

/** What an answer consumed, kept on its ledger row for analytics. */
export interface Usage {
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
}

export interface Reservation {
  id: string;
  userId: string;
  amount: number;
}

/** Credits that may be spent per UTC day (reserve, settle and release rows of the ledger); absent = no cap. */
export interface DailyCaps {
  user?: number;
  org?: number;
}

export class DailyCapError extends AppError {
  constructor(scope: 'user' | 'org', cap: number) {
    super(
      'RATE_LIMITED',
      scope === 'user'
        ? `You have reached your daily spending limit of ${cap} credits. It resets at midnight UTC.`
        : 'The organisation has reached its daily GenAI spending limit. It resets at midnight UTC; an administrator can raise it.',
    );
  }
}

// One advisory lock id for the daily caps (pg_advisory_xact_lock's two-key form: this, then a user key or 0 for the organisation).
const DAILY_CAP_LOCK = 7_301_002;

export class InsufficientCreditError extends AppError {
  constructor() {
    super('INSUFFICIENT_CREDIT', 'You have run out of credits. Use the Send request button at the bottom of the sidebar to ask for more.');
  }
}

/**
 * The credit economy. Every change goes through a guarded update of the balance and a ledger row
 * in the same transaction, so concurrent spends never spend the same credit twice and the balance
 * always equals the sum of the ledger. Features call reserve / settle / release (or put holdUpTo /
 * settling in their own statement), never their own credit SQL.
 */
export function createLedger(db: Db, caps: DailyCaps = {}) {
  const capped = caps.user !== undefined || caps.org !== undefined;
  /** Creates the account at the default limit (an "opening" ledger row) the first time it is needed. */
  async function ensureAccount(tx: Tx | Db, userId: string): Promise<void> {
    const opening = toMilli(CREDITS.defaultLimit);
    const inserted = await tx
      .insert(creditAccounts)
      .values({ userId, creditLimit: CREDITS.defaultLimit, remainingMilli: opening })
      .onConflictDoNothing()
      .returning({ userId: creditAccounts.userId });
    if (inserted.length) {
      await tx
        .insert(creditLedger)
        .values({ userId, kind: 'opening', deltaMilli: opening, balanceAfterMilli: opening, reason: 'Opening balance' });
    }
  }

  /** Adds (or, guarded, removes) credits and writes the ledger row; null when the guard refused. */
  async function change(
    tx: Tx,
    userId: string,
    deltaMilli: number,
    entry: {
      kind: Kind;
      actorId?: string | null;
      reservationId?: string | null;
      feature?: string | null;
      reason?: string | null;
      details?: object;
    },
  ): Promise<number | null> {
    const guard =
      deltaMilli < 0
        ? and(eq(creditAccounts.userId, userId), gte(creditAccounts.remainingMilli, -deltaMilli))
        : eq(creditAccounts.userId, userId);
    const [row] = await tx
      .update(creditAccounts)
      .set({ remainingMilli: sql`${creditAccounts.remainingMilli} + ${deltaMilli}`, updatedAt: new Date() })
      .where(guard)
      .returning({ remaining: creditAccounts.remainingMilli });
    if (!row) return null;
    await tx.insert(creditLedger).values({
      userId,
      deltaMilli,
      balanceAfterMilli: row.remaining,
      kind: entry.kind,
      actorId: entry.actorId ?? null,
      reservationId: entry.reservationId ?? null,
      feature: entry.feature ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
    });
    return row.remaining;
  }

  /**
   * What may still be held today under the daily caps, in thousandths (Infinity without caps). Takes
   * the caps' advisory lock for the rest of the transaction, so concurrent holds are counted one
   * after the other and cannot overshoot together. Outstanding holds count as spent (their reserve rows).
   */
  async function capRoomMilli(tx: Tx, userId: string): Promise<{ room: number; binding: DailyCapError | null }> {
    if (!capped) return { room: Number.POSITIVE_INFINITY, binding: null };
    // The organisation's cap needs one lock for everyone; a user's cap alone, one lock per user.
    if (caps.org !== undefined) await tx.execute(sql`SELECT pg_advisory_xact_lock(${DAILY_CAP_LOCK}, 0)`);
    else await tx.execute(sql`SELECT pg_advisory_xact_lock(${DAILY_CAP_LOCK}, hashtext(${userId}))`);
    const { rows } = (await tx.execute(sql`
      SELECT COALESCE(-SUM(delta_milli) FILTER (WHERE user_id = ${userId}), 0) AS mine,
             COALESCE(-SUM(delta_milli), 0) AS everyone
      FROM credit_ledger
      WHERE kind IN ('reserve', 'settle', 'release')
        AND at >= (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
        ${caps.org === undefined ? sql`AND user_id = ${userId}` : sql``}`)) as unknown as {
      rows: { mine: string | number; everyone: string | number }[];
    };
    const mine = Number(rows[0]?.mine ?? 0);
    const everyone = Number(rows[0]?.everyone ?? 0);
    const userRoom = caps.user === undefined ? Number.POSITIVE_INFINITY : toMilli(caps.user) - mine;
    const orgRoom = caps.org === undefined ? Number.POSITIVE_INFINITY : toMilli(caps.org) - everyone;
    const binding = userRoom <= orgRoom ? new DailyCapError('user', caps.user!) : new DailyCapError('org', caps.org!);
    const room = Math.min(userRoom, orgRoom);
    if (room <= 0) throw binding;
    return { room, binding };
  }

  async function closeReservation(
    id: string,
    status: 'settled' | 'released',
    apply: (tx: Tx, r: typeof creditReservations.$inferSelect) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      const [r] = await tx.select().from(creditReservations).where(eq(creditReservations.id, id)).for('update');
      if (!r) throw new AppError('NOT_FOUND', 'No such credit reservation.');
      if (r.status !== 'held') return; // settling or releasing twice is harmless
      await apply(tx, r);
      await tx.update(creditReservations).set({ status, closedAt: new Date() }).where(eq(creditReservations.id, id));
    });
  }

  /**
   * Takes the amount off the balance (with upTo, at most what is left) and writes the reservation
   * and its ledger row, as common table expressions for one statement: one round trip, atomic
   * without a transaction. credit_hold has one row, the amount held, when the balance allowed it.
   * A wanted amount of 0 holds nothing and only checks that some credit remains.
   */
  function holdPart(userId: string, wantedMilli: number, feature: string, upTo: boolean): { id: string | null; ctes: SQL } {
    if (wantedMilli <= 0) {
      return {
        id: null,
        ctes: sql`credit_hold AS (SELECT 0::bigint AS amount FROM credit_accounts WHERE user_id = ${userId} AND remaining_milli > 0)`,
      };
    }
    const id = crypto.randomUUID();
    const amount = upTo ? sql`LEAST(${wantedMilli}::bigint, remaining_milli)` : sql`${wantedMilli}::bigint`;
    const guard = upTo ? sql`remaining_milli > 0` : sql`remaining_milli >= ${wantedMilli}`;
    const ctes = sql`credit_cur AS (
        SELECT user_id, ${amount} AS amount FROM credit_accounts WHERE user_id = ${userId} AND ${guard} FOR UPDATE
      ), credit_hold AS (
        UPDATE credit_accounts a SET remaining_milli = a.remaining_milli - c.amount, updated_at = now()
        FROM credit_cur c WHERE a.user_id = c.user_id
        RETURNING a.remaining_milli, c.amount
      ), credit_res AS (
        INSERT INTO credit_reservations (id, user_id, feature, amount_milli)
        SELECT ${id}, ${userId}, ${feature}, amount FROM credit_hold
      ), credit_led AS (
        INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature)
        SELECT ${userId}, 'reserve', -amount, remaining_milli, ${id}, ${feature} FROM credit_hold
      )`;
    return { id, ctes };
  }

  async function holdOnce(runner: Tx | Db, userId: string, wantedMilli: number, feature: string, upTo: boolean) {
    const part = holdPart(userId, wantedMilli, feature, upTo);
    const { rows } = (await runner.execute(sql`WITH ${part.ctes} SELECT amount FROM credit_hold`)) as unknown as {
      rows: { amount: string | number }[];
    };
    return rows.length ? { id: part.id!, userId, amount: fromMilli(Number(rows[0]!.amount)) } : null;
  }

  async function hold(userId: string, wantedMilli: number, feature: string, upTo: boolean): Promise<Reservation | null> {
    if (!capped) return holdOnce(db, userId, wantedMilli, feature, upTo);
    return db.transaction(async (tx) => {
      const { room, binding } = await capRoomMilli(tx, userId);
      if (!upTo && room < wantedMilli) throw binding;
      return holdOnce(tx, userId, Math.min(wantedMilli, room), feature, upTo);
    });
  }

  /**
   * Charges the real cost, as common table expressions for one statement: returns the unused part
   * of the hold. Never more than the hold (issue 11.6: a hold is what the user agreed to spend);
   * a cost above it is recorded on the ledger row as unbilled, for analytics.
   */
  function settlePart(reservationId: string, actualCost: number, usage?: Usage): SQL {
    const actualMilli = toMilli(Math.max(0, actualCost));
    const details = JSON.stringify({ ...usage });
    return sql`credit_r AS (
        UPDATE credit_reservations SET status = 'settled', closed_at = now()
        WHERE id = ${reservationId} AND status = 'held'
        RETURNING id, user_id, feature, amount_milli
      ), credit_cur AS (
        SELECT a.user_id, r.id AS rid, r.feature, ${actualMilli}::bigint - r.amount_milli AS over,
               GREATEST(r.amount_milli - ${actualMilli}, 0) AS delta
        FROM credit_accounts a JOIN credit_r r ON a.user_id = r.user_id
        FOR UPDATE OF a
      ), credit_acc AS (
        UPDATE credit_accounts a SET remaining_milli = a.remaining_milli + cur.delta, updated_at = now()
        FROM credit_cur cur WHERE a.user_id = cur.user_id
        RETURNING a.remaining_milli
      ), credit_led AS (
        INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature, details)
        SELECT cur.user_id, 'settle', cur.delta, acc.remaining_milli, cur.rid, cur.feature,
               CASE WHEN cur.over > 0
                 THEN ${details}::jsonb || jsonb_build_object('unbilledMilli', cur.over)
                 ELSE ${details}::jsonb END
        FROM credit_cur cur, credit_acc acc
      )`;
  }

  async function holdOrOpen(userId: string, wantedMilli: number, feature: string, upTo: boolean): Promise<Reservation> {
    const held = await hold(userId, wantedMilli, feature, upTo);
    if (held) return held;
    // Nothing held: either the balance is too low or the account does not exist yet.
    const [account] = await db.select({ userId: creditAccounts.userId }).from(creditAccounts).where(eq(creditAccounts.userId, userId));
    if (account) throw new InsufficientCreditError();
    await ensureAccount(db, userId);
    const retried = await hold(userId, wantedMilli, feature, upTo);
    if (!retried) throw new InsufficientCreditError();
    return retried;
  }

  async function balance(userId: string): Promise<Balance> {
    await ensureAccount(db, userId);
    const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    return { remaining: fromMilli(row!.remainingMilli), limit: row!.creditLimit };
  }

  return {
    balance,
    /** True when a daily cap is configured: a hold then needs its own transaction (holdUpTo cannot be used). */
    capped,

    /** Holds an estimate before an answer; refused when the balance cannot cover it. */
    async reserve(userId: string, estimate: number, feature: string): Promise<Reservation> {
      const amountMilli = toMilli(estimate);
      if (!(amountMilli > 0)) throw new AppError('BAD_REQUEST', 'A reservation must be for more than 0 credits.');
      return holdOrOpen(userId, amountMilli, feature, false);
    },

    /**
     * Holds the estimate, or what is left when less remains (at least a thousandth of a credit);
     * refused only when nothing remains: the credit check of an answer, in one statement.
     */
    async reserveUpTo(userId: string, estimate: number, feature: string): Promise<Reservation> {
      return holdOrOpen(userId, Math.max(1, toMilli(estimate)), feature, true);
    },

    /** Charges the real cost of a reservation (see settlePart), in one statement. */
    async settle(reservationId: string, actualCost: number, usage?: Usage): Promise<void> {
      await db.execute(sql`WITH ${settlePart(reservationId, actualCost, usage)} SELECT 1`);
    },

    /**
     * reserveUpTo and settle as parts of a feature's own statement, so that the credit check and the
     * feature's own writes cost one round trip. holdUpTo's credit_hold has no row when nothing was
     * held: no credit left, or no account yet (then reserveUpTo opens it); an estimate of 0 only checks.
     */
    holdUpTo: (userId: string, estimate: number, feature: string) =>
      holdPart(userId, estimate > 0 ? Math.max(1, toMilli(estimate)) : 0, feature, true),
    settling: settlePart,

    /** credit_hold for a feature's own statement when the hold was already taken (reserveUpTo under caps). */
    heldAlready: (reservation: Reservation): SQL => sql`credit_hold AS (SELECT ${toMilli(reservation.amount)}::bigint AS amount)`,

    /**
     * Adds up to `extra` credits to a held reservation (as much as the balance and the daily caps
     * allow) and returns what is held now: an answer whose conversation turned out longer than the
     * first estimate. Nothing is added once the reservation is closed.
     */
    async extendUpTo(reservationId: string, extra: number): Promise<number> {
      return db.transaction(async (tx) => {
        const [r] = await tx.select().from(creditReservations).where(eq(creditReservations.id, reservationId)).for('update');
        if (!r) throw new AppError('NOT_FOUND', 'No such credit reservation.');
        if (r.status !== 'held') return fromMilli(r.amountMilli);
        let wanted = toMilli(extra);
        if (wanted > 0 && capped) wanted = Math.min(wanted, (await capRoomMilli(tx, r.userId).catch(() => ({ room: 0 }))).room);
        const [account] = await tx
          .select({ remaining: creditAccounts.remainingMilli })
          .from(creditAccounts)
          .where(eq(creditAccounts.userId, r.userId))
          .for('update');
        const take = Math.min(wanted, account?.remaining ?? 0);
        if (take <= 0) return fromMilli(r.amountMilli);
        await change(tx, r.userId, -take, { kind: 'reserve', reservationId: r.id, feature: r.feature });
        await tx
          .update(creditReservations)
          .set({ amountMilli: r.amountMilli + take })
          .where(eq(creditReservations.id, r.id));
        return fromMilli(r.amountMilli + take);
      });
    },

    /** Gives the whole estimate back (the call failed or was cancelled before any cost). */
    async release(reservationId: string): Promise<void> {
      await closeReservation(reservationId, 'released', async (tx, r) => {
        await change(tx, r.userId, r.amountMilli, { kind: 'release', reservationId: r.id, feature: r.feature });
      });
    },

    /** Credits given or taken by an administrator, or granted by an approved request. */
    async adjust(
      userId: string,
      delta: number,
      entry: { kind: 'admin_adjustment' | 'request_approved'; actorId: string; reason: string },
      /** Runs first in the same transaction (e.g. marking a request approved); throwing aborts both. */
      within?: (tx: Tx) => Promise<void>,
    ): Promise<Balance> {
      const deltaMilli = toMilli(delta);
      await ensureAccount(db, userId);
      await db.transaction(async (tx) => {
        await within?.(tx);
        const after = await change(tx, userId, deltaMilli, entry);
        if (after === null)
          throw new AppError('BAD_REQUEST', 'That would take the balance below zero. Remove at most the remaining credits.');
      });
      return balance(userId);
    },

    async setLimit(userId: string, limit: number): Promise<void> {
      await ensureAccount(db, userId);
      await db.update(creditAccounts).set({ creditLimit: limit, updatedAt: new Date() }).where(eq(creditAccounts.userId, userId));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
