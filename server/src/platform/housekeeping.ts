import { lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.ts';
import { oidcPayloads, refreshTokens } from './db/schema.ts';

/** Deletes expired sign-in state and sessions; safe to run from several processes at once. */
export async function removeExpired(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
  // Keep revoked and rotated rows a day for reuse detection and audits, then drop them.
  await db
    .delete(refreshTokens)
    .where(
      or(
        lt(refreshTokens.expiresAt, sql`now()`),
        lt(refreshTokens.revokedAt, sql`now() - interval '1 day'`),
        lt(refreshTokens.rotatedAt, sql`now() - interval '1 day'`),
      ),
    );
}

export function scheduleHousekeeping(app: FastifyInstance, db: Db, everyMs = 3_600_000): void {
  const run = () => removeExpired(db).catch((err) => app.log.warn({ err }, 'housekeeping failed'));
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
