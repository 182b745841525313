import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

export interface SessionOptions {
  ttlDays: number;
  /** A token reused this soon after its rotation is a race between two tabs, not a theft. */
  reuseGraceSeconds: number;
}

export type RotateResult =
  | { ok: true; token: string; userId: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused'; userId?: string; familyId?: string };

/** Portal sessions as families of refresh tokens: every use rotates; replaying a used token revokes the family. */
export function createSessions(db: Db, opts: SessionOptions) {
  const expiry = () => new Date(Date.now() + opts.ttlDays * 86_400_000);

  async function insert(tx: Db, userId: string, familyId: string, idToken: string | null): Promise<string> {
    const token = newToken();
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(token), familyId, userId, idToken, expiresAt: expiry() });
    return token;
  }

  return {
    async start(userId: string, idToken: string | null): Promise<string> {
      return insert(db, userId, crypto.randomUUID(), idToken);
    },

    async rotate(token: string): Promise<RotateResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(token)))
          .for('update');
        if (!row) return { ok: false, reason: 'unknown' } as const;
        const who = { userId: row.userId, familyId: row.familyId };
        if (row.revokedAt) return { ok: false, reason: 'revoked', ...who } as const;
        if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired', ...who } as const;
        if (row.rotatedAt) {
          const sinceRotation = (Date.now() - row.rotatedAt.getTime()) / 1000;
          if (sinceRotation > opts.reuseGraceSeconds) {
            await tx
              .update(refreshTokens)
              .set({ revokedAt: new Date() })
              .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
            return { ok: false, reason: 'reused', ...who } as const;
          }
        } else {
          await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
        }
        const next = await insert(tx as unknown as Db, row.userId, row.familyId, row.idToken);
        return { ok: true, token: next, ...who } as const;
      });
    },

    /** True when the token is current (not used, revoked or expired). Does not rotate. */
    async isValid(token: string): Promise<boolean> {
      const [row] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.tokenHash, hashToken(token)),
            isNull(refreshTokens.revokedAt),
            isNull(refreshTokens.rotatedAt),
            sql`${refreshTokens.expiresAt} > now()`,
          ),
        );
      return Boolean(row);
    },

    /** Ends the session the token belongs to; returns its user and ID token (for the issuer's logout). */
    async end(token: string): Promise<{ userId: string; idToken: string | null } | null> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      if (!row) return null;
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { userId: row.userId, idToken: row.idToken };
    },

    async endAllOfUser(userId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
