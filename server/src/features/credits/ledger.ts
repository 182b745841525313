import { CREDITS } from '@hangar/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { part, preparedQuery, type StatementPart } from '../../platform/db/prepared.ts';
import { creditAccounts, creditLedger } from '../../platform/db/schema.ts';
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
    this.auditedAs({ action: 'quota.credit_refused', details: { cap: scope, limit: cap } });
  }
}

// One advisory lock id for the daily caps (pg_advisory_xact_lock's two-key form: this, then a user key or 0 for the organisation).
const DAILY_CAP_LOCK = 7_301_002;

/**
 * A credit hold as common table expressions for a feature's own statement (holdUpTo, heldAlready):
 * credit_hold has one row, the amount held, when the balance allowed it. `id` is the reservation.
 */
export interface HoldPart {
  id: string | null;
  ctes: readonly StatementPart[];
}

// The texts of holdPart and closePart, fixed so a statement built from them is built once.
const HOLD_NOTHING = 'credit_hold AS (SELECT 0::bigint AS amount FROM credit_accounts WHERE user_id = $? AND remaining_milli > 0)';
const HOLD_START = `credit_hold AS (
        INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature)
        SELECT $?, 'reserve', -h.held_milli, h.after_milli, $?, $?
        FROM credit_hold_row($?::uuid, `;
const HOLD_END = `::bigint, $?::boolean) h WHERE h.held_milli IS NOT NULL
        RETURNING -delta_milli AS amount
      )`;
const CLOSE_CTES = `credit_close AS (
        SELECT * FROM credit_close_row($?::uuid, $?::bigint)
      ), credit_closing AS (
        INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reservation_id, feature, details)
        SELECT o_user, $?, o_delta, o_after, $?::uuid, o_feature,
               CASE WHEN o_over > 0 THEN $?::jsonb || jsonb_build_object('unbilledMilli', o_over) ELSE $?::jsonb END
        FROM credit_close WHERE o_state = 'closing'
      )`;

export class InsufficientCreditError extends AppError {
  constructor() {
    super('INSUFFICIENT_CREDIT', 'You have run out of credits. Use the Send request button at the bottom of the sidebar to ask for more.');
  }
}

/**
 * The credit economy. Every change goes through a guarded update of the balance and a ledger row
 * in the same statement or transaction, so concurrent spends never spend the same credit twice and the balance
 * always equals the sum of the ledger. Features call reserve / settle / release (or put holdUpTo /
 * settling in their own statement), never their own credit SQL.
 */
export function createLedger(db: Db, caps: DailyCaps = {}) {
  const capped = caps.user !== undefined || caps.org !== undefined;
  // The two statements every answer runs, prepared once per pooled connection (credit_hold and
  // credit_close, migrations 0015 and 0016).
  const holdStatement = preparedQuery(
    db,
    'credit_hold',
    'SELECT credit_hold($1::uuid, $2::bigint, $3::boolean, $4::uuid, $5::text) AS amount',
  );
  const closeStatement = preparedQuery(db, 'credit_close', 'SELECT credit_close($1::uuid, $2::bigint, $3::jsonb) AS state');
  /** Creates the account at the default limit (an "opening" ledger row) the first time it is needed. */
  async function ensureAccount(tx: Tx | Db, userId: string): Promise<void> {
    // One statement: an account is never left without its opening row, whatever stops the process.
    const opening = toMilli(CREDITS.defaultLimit);
    await tx.execute(sql`
      WITH opened AS (
        INSERT INTO credit_accounts (user_id, credit_limit, remaining_milli) VALUES (${userId}, ${CREDITS.defaultLimit}, ${opening})
        ON CONFLICT (user_id) DO NOTHING RETURNING user_id
      )
      INSERT INTO credit_ledger (user_id, kind, delta_milli, balance_after_milli, reason)
      SELECT user_id, 'opening', ${opening}, ${opening}, 'Opening balance' FROM opened`);
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

  /**
   * Takes the amount off the balance (with upTo, at most what is left) and writes the 'reserve'
   * ledger row, which is the reservation: a common table expression for one statement, one round
   * trip, atomic without a transaction (credit_hold_row, migration 0015, does the guarded update).
   * credit_hold has one row, the amount held, when the balance allowed it. A wanted amount of 0
   * holds nothing and only checks that some credit remains. An amount given as statement parts is
   * computed in the statement itself (from the feature's earlier common table expressions) and
   * always holds.
   */
  function holdPart(userId: string, wanted: number | readonly StatementPart[], feature: string, upTo: boolean): HoldPart {
    if (typeof wanted === 'number' && wanted <= 0) return { id: null, ctes: [part(HOLD_NOTHING, userId)] };
    const id = crypto.randomUUID();
    const wantedParts = typeof wanted === 'number' ? [part('$?', wanted)] : wanted;
    return { id, ctes: [part(HOLD_START, userId, id, feature, userId), ...wantedParts, part(HOLD_END, upTo)] };
  }

  /** holdPart on its own: credit_hold (migration 0015) writes the same row in a statement whose plans stay prepared. */
  async function holdOnce(runner: Tx | Db, userId: string, wantedMilli: number, feature: string, upTo: boolean) {
    const id = crypto.randomUUID();
    const rows =
      runner === db
        ? await holdStatement([userId, wantedMilli, upTo, id, feature])
        : (
            (await runner.execute(
              sql`SELECT credit_hold(${userId}::uuid, ${wantedMilli}::bigint, ${upTo}::boolean, ${id}::uuid, ${feature}) AS amount`,
            )) as unknown as { rows: Record<string, unknown>[] }
          ).rows;
    const amount = rows[0]?.amount as string | number | null | undefined;
    return amount === null || amount === undefined ? null : { id, userId, amount: fromMilli(Number(amount)) };
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
   * Closes a reservation, as common table expressions for one statement: a settle row charging
   * actualMilli (never more than the hold, issue 11.6: a hold is what the user agreed to spend; a
   * cost above it is recorded on the row as unbilled, for analytics), or with null a release row
   * giving the whole hold back. credit_close_row (migration 0015) returns the row under the
   * account's lock; the unique closing index backs it: closing twice writes nothing.
   * credit_close.o_state says 'closing' (done now), 'closed' (already) or 'missing'.
   */
  function closePart(reservationId: string, actualMilli: number | null, details: object = {}): StatementPart {
    const json = JSON.stringify(details);
    return part(CLOSE_CTES, reservationId, actualMilli, actualMilli === null ? 'release' : 'settle', reservationId, json, json);
  }

  const settlePart = (reservationId: string, actualCost: number, usage?: Usage): StatementPart =>
    closePart(reservationId, toMilli(Math.max(0, actualCost)), { ...usage });

  /** closePart on its own: credit_close (migration 0015) writes the same rows, in a statement whose plans stay prepared. */
  async function close(reservationId: string, actualMilli: number | null, details: object = {}): Promise<string> {
    const rows = await closeStatement([reservationId, actualMilli, JSON.stringify(details)]);
    return rows[0]!.state as string;
  }

  async function holdOrOpen(userId: string, wantedMilli: number, feature: string, upTo: boolean): Promise<Reservation> {
    const held = await hold(userId, wantedMilli, feature, upTo);
    if (held) return held;
    // Nothing held: the balance is too low, or the account did not exist then. It is opened (unless
    // another request, the shell's balance for one, has opened it since) and the hold tried once
    // more, so a new user is never told they ran out because another request was opening their account.
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

    /**
     * Holds the estimate, or what the balance and the daily caps leave when less, but never less
     * than `least`: a token-bounded answer that then asks the model for no more than the hold pays
     * for, and is refused when that would be too little to answer (402 out of credit, or 429 for
     * the daily cap that binds), rather than holding a scrap and cutting the answer to nothing.
     * One transaction: the caps' lock, then the account's (the order hold and extendUpTo take them).
     */
    async reserveBetween(userId: string, least: number, estimate: number, feature: string): Promise<Reservation> {
      const leastMilli = Math.max(1, toMilli(least));
      const wantedMilli = Math.max(leastMilli, toMilli(estimate));
      const attempt = () =>
        db.transaction(async (tx) => {
          const { room, binding } = await capRoomMilli(tx, userId);
          if (room < leastMilli && binding) throw binding;
          const [account] = await tx
            .select({ remaining: creditAccounts.remainingMilli })
            .from(creditAccounts)
            .where(eq(creditAccounts.userId, userId))
            .for('update');
          if (!account) return null;
          if (account.remaining < leastMilli) throw new InsufficientCreditError();
          return holdOnce(tx, userId, Math.min(wantedMilli, room), feature, true);
        });
      const held = await attempt();
      if (held) return held;
      // No account yet: opened (the opening row), then tried once more, as holdOrOpen does.
      await ensureAccount(db, userId);
      const retried = await attempt();
      if (!retried) throw new InsufficientCreditError();
      return retried;
    },

    /** Charges the real cost of a reservation (see closePart), in one statement. */
    async settle(reservationId: string, actualCost: number, usage?: Usage): Promise<void> {
      await close(reservationId, toMilli(Math.max(0, actualCost)), { ...usage });
    },

    /**
     * reserveUpTo and settle as parts of a feature's own statement, so that the credit check and the
     * feature's own writes cost one round trip. holdUpTo's credit_hold has no row when nothing was
     * held: no credit left, or no account yet (then reserveUpTo opens it); an estimate of 0 only checks.
     * The estimate may be statement parts giving an amount in credits, computed by the statement (from
     * what it reads before the hold: a conversation's length, say); it must be above 0.
     */
    holdUpTo: (userId: string, estimate: number | readonly StatementPart[], feature: string) =>
      holdPart(
        userId,
        typeof estimate === 'number'
          ? estimate > 0
            ? Math.max(1, toMilli(estimate))
            : 0
          : [part('GREATEST(1, CEIL(('), ...estimate, part(') * $?))', MILLI)],
        feature,
        true,
      ),
    settling: settlePart,

    /** credit_hold for a feature's own statement when the hold was already taken (reserveUpTo under caps). */
    heldAlready: (reservation: Reservation): HoldPart => ({
      id: reservation.id,
      ctes: [part('credit_hold AS (SELECT $?::bigint AS amount)', toMilli(reservation.amount))],
    }),

    /**
     * Adds up to `extra` credits to a held reservation (as much as the balance and the daily caps
     * allow) and returns what is held now: an answer whose conversation turned out longer than the
     * first estimate. Nothing is added once the reservation is closed.
     */
    async extendUpTo(reservationId: string, extra: number): Promise<number> {
      return db.transaction(async (tx) => {
        const [first] = await tx
          .select({ userId: creditLedger.userId, feature: creditLedger.feature })
          .from(creditLedger)
          .where(and(eq(creditLedger.reservationId, reservationId), eq(creditLedger.kind, 'reserve')))
          .limit(1);
        if (!first) throw new AppError('NOT_FOUND', 'No such credit reservation.');
        let wanted = toMilli(extra);
        // The caps' lock before the account's, in the order hold takes them.
        if (wanted > 0 && capped) wanted = Math.min(wanted, (await capRoomMilli(tx, first.userId).catch(() => ({ room: 0 }))).room);
        const [account] = await tx
          .select({ remaining: creditAccounts.remainingMilli })
          .from(creditAccounts)
          .where(eq(creditAccounts.userId, first.userId))
          .for('update');
        // Read under the account's lock, which closing takes too: no close can slip in between.
        const { rows } = (await tx.execute(sql`
          SELECT (SELECT -SUM(delta_milli) FROM credit_ledger WHERE reservation_id = ${reservationId} AND kind = 'reserve') AS held,
                 EXISTS (SELECT 1 FROM credit_ledger WHERE reservation_id = ${reservationId} AND kind IN ('settle', 'release')) AS closed`)) as unknown as {
          rows: { held: string | number; closed: boolean }[];
        };
        const held = Number(rows[0]!.held);
        if (rows[0]!.closed) return fromMilli(held);
        const take = Math.min(wanted, account?.remaining ?? 0);
        if (take <= 0) return fromMilli(held);
        await change(tx, first.userId, -take, { kind: 'reserve', reservationId, feature: first.feature });
        return fromMilli(held + take);
      });
    },

    /** Gives the whole estimate back (the call failed or was cancelled before any cost). */
    async release(reservationId: string): Promise<void> {
      if ((await close(reservationId, null)) === 'missing') throw new AppError('NOT_FOUND', 'No such credit reservation.');
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
