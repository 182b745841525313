import { SENTIMENT_ERRORS } from '@hangar/contract';
import { and, eq, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { sentimentAnalyses } from '../../platform/db/schema.ts';
import type { AnalysisRow } from './store.ts';

/** A running analysis writes at least this often, even while one slow batch is out. */
export const RUN_HEARTBEAT_MS = 20_000;
/** A running analysis silent this long lost its process (a crash, a kill, a restart). */
export const RUNNING_LOST_AFTER_MS = 120_000;
/** A queued analysis nobody picked up this long (the queue lost its job): as long as a run may last. */
export const QUEUED_LOST_AFTER_MS = 3_600_000;

export const LOST_MESSAGE = `${SENTIMENT_ERRORS.failed} (The server running it stopped before it finished; nothing was charged.)`;

/**
 * Fails the analysis if its run was lost, releasing the held credits; returns the row as it now is.
 * The update is conditional on the row still being silent, so a live run is never failed by a reader.
 */
export async function failIfLost(ctx: AppContext, row: AnalysisRow, now = Date.now()): Promise<AnalysisRow> {
  const limit = row.state === 'running' ? RUNNING_LOST_AFTER_MS : row.state === 'queued' ? QUEUED_LOST_AFTER_MS : null;
  if (limit === null || now - row.updatedAt.getTime() < limit) return row;
  const [failed] = await ctx.db
    .update(sentimentAnalyses)
    .set({ state: 'failed', step: 'Failed', error: LOST_MESSAGE, credits: 0, updatedAt: new Date(now) })
    .where(
      and(eq(sentimentAnalyses.id, row.id), eq(sentimentAnalyses.state, row.state), lt(sentimentAnalyses.updatedAt, new Date(now - limit))),
    )
    .returning();
  if (!failed) return row;
  if (row.reservationId) await ctx.credits.release(row.reservationId).catch((err) => ctx.app.log.error({ err }, 'credit release failed'));
  return failed;
}

/** Every lost analysis of the portal (the cleanup's sweep, for runs nobody looks at). */
export async function failLostRuns(ctx: AppContext, now = Date.now()): Promise<number> {
  const silent = await ctx.db
    .select()
    .from(sentimentAnalyses)
    .where(
      or(
        and(eq(sentimentAnalyses.state, 'running'), lt(sentimentAnalyses.updatedAt, new Date(now - RUNNING_LOST_AFTER_MS))),
        and(eq(sentimentAnalyses.state, 'queued'), lt(sentimentAnalyses.updatedAt, new Date(now - QUEUED_LOST_AFTER_MS))),
      ),
    );
  let failed = 0;
  for (const row of silent) if ((await failIfLost(ctx, row, now)).state === 'failed') failed++;
  return failed;
}
