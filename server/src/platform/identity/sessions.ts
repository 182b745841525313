import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

export interface SessionOptions {
  /** A session ends after this many days without use. */
  ttlDays: number;
  /** ...and this many days after its sign-in, used or not. */
  maxDays: number;
  /** A token reused this soon after its rotation is a race between two tabs, not a theft. */
  reuseGraceSeconds: number;
  /** Key of the successor derivation (see rotate). */
  successorKey: string;
  /** Told of every session that ends, so access tokens of it stop working (revocation.ts). */
  onEnded?: (familyIds: string[]) => void;
}

export type RotateResult =
  | { ok: true; token: string; userId: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused'; userId?: string; familyId?: string };

type Row = typeof refreshTokens.$inferSelect;

/**
 * Portal sessions as families of refresh tokens: every use rotates; replaying a used token revokes
 * the family. A token's successor is derived from it (HMAC), so the two tabs that refresh at once
 * within the grace get the same successor: one chain per sign-in, never two independent ones.
 */
export function createSessions(db: Db, opts: SessionOptions) {
  const successorOf = (token: string) => createHmac('sha256', opts.successorKey).update(token).digest('base64url');
  const idleExpiry = () => new Date(Date.now() + opts.ttlDays * 86_400_000);
  const absoluteEnd = (row: Pick<Row, 'familyStartedAt'>) => row.familyStartedAt.getTime() + opts.maxDays * 86_400_000;
  const expired = (row: Row) => row.expiresAt.getTime() <= Date.now() || absoluteEnd(row) <= Date.now();
  const withinGrace = (row: Row) => row.rotatedAt !== null && (Date.now() - row.rotatedAt.getTime()) / 1000 <= opts.reuseGraceSeconds;

  async function revokeFamily(tx: Db, familyId: string) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async function find(tx: Db, token: string, lock = false) {
    const query = tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  return {
    async start(userId: string, idToken: string | null): Promise<{ token: string; familyId: string }> {
      const token = newToken();
      const familyId = crypto.randomUUID();
      await db.insert(refreshTokens).values({ tokenHash: hashToken(token), familyId, userId, idToken, expiresAt: idleExpiry() });
      return { token, familyId };
    },

    async rotate(token: string): Promise<RotateResult> {
      const result = await db.transaction(async (tx): Promise<RotateResult> => {
        const row = await find(tx as unknown as Db, token, true);
        if (!row) return { ok: false, reason: 'unknown' };
        const who = { userId: row.userId, familyId: row.familyId };
        if (row.revokedAt) return { ok: false, reason: 'revoked', ...who };
        if (expired(row)) return { ok: false, reason: 'expired', ...who };
        const next = successorOf(token);
        if (row.rotatedAt) {
          if (!withinGrace(row)) {
            await revokeFamily(tx as unknown as Db, row.familyId);
            return { ok: false, reason: 'reused', ...who };
          }
          // The other tab's refresh: the same successor the first rotation issued.
          return { ok: true, token: next, ...who };
        }
        await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
        await tx.insert(refreshTokens).values({
          tokenHash: hashToken(next),
          familyId: row.familyId,
          userId: row.userId,
          idToken: row.idToken,
          familyStartedAt: row.familyStartedAt,
          expiresAt: new Date(Math.min(idleExpiry().getTime(), absoluteEnd(row))),
        });
        return { ok: true, token: next, ...who };
      });
      if (!result.ok && result.reason === 'reused' && result.familyId) opts.onEnded?.([result.familyId]);
      return result;
    },

    /** The session of a current token, without rotating it (a read: GET /auth/get-jwt). */
    async current(token: string): Promise<{ userId: string; familyId: string } | null> {
      const row = await find(db, token);
      if (!row || row.revokedAt || expired(row) || (row.rotatedAt && !withinGrace(row))) return null;
      return { userId: row.userId, familyId: row.familyId };
    },

    /** True when the token is current (not used, revoked or expired). Does not rotate. */
    async isValid(token: string): Promise<boolean> {
      const row = await find(db, token);
      return Boolean(row && !row.revokedAt && !row.rotatedAt && !expired(row));
    },

    /** Ends the session the token belongs to; returns its user and ID token (for the issuer's logout). */
    async end(token: string): Promise<{ userId: string; idToken: string | null } | null> {
      const row = await find(db, token);
      if (!row) return null;
      await revokeFamily(db, row.familyId);
      opts.onEnded?.([row.familyId]);
      return { userId: row.userId, idToken: row.idToken };
    },

    async endAllOfUser(userId: string): Promise<void> {
      const rows = await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
        .returning({ familyId: refreshTokens.familyId });
      opts.onEnded?.([...new Set(rows.map((r) => r.familyId))]);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
