import { TRANSLATION_ERROR_TEXT } from '@hangar/contract';
import { and, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { translationJobs, translationSessions } from '../../platform/db/schema.ts';
import { deleteSessionFiles } from './run.ts';
import type { JobRow } from './store.ts';
import { updateJob } from './store.ts';

export const CLEANUP_QUEUE = 'translation-cleanup';
/** A screen left without clearing its session (a closed tab): its files go after a day. */
const SESSION_TTL_MS = 24 * 3600 * 1000;

/**
 * A job whose worker died (a crash, a restart) stays queued or running: once it has not moved for
 * longer than a translation may take, it is failed, its credits released and its files deleted.
 */
export async function failIfLost(ctx: AppContext, row: JobRow): Promise<JobRow> {
  if (row.state !== 'queued' && row.state !== 'running') return row;
  if (Date.now() - row.updatedAt.getTime() < ctx.config.TRANSLATION_TIMEOUT_MS + 120_000) return row;
  await updateJob(ctx.db, row.id, { state: 'failed', error: TRANSLATION_ERROR_TEXT, step: 'Failed' });
  if (row.reservationId) await ctx.credits.release(row.reservationId).catch(() => {});
  await deleteSessionFiles(ctx, row.sessionId);
  return { ...row, state: 'failed', error: TRANSLATION_ERROR_TEXT, step: 'Failed' };
}

/** Hourly: sessions older than a day go with their files; lost jobs are failed. */
export async function cleanUpTranslations(ctx: AppContext): Promise<void> {
  const old = await ctx.db
    .select({ id: translationSessions.id })
    .from(translationSessions)
    .where(lt(translationSessions.createdAt, new Date(Date.now() - SESSION_TTL_MS)));
  for (const s of old) await deleteSessionFiles(ctx, s.id);
  if (old.length) {
    const ids = old.map((s) => s.id);
    const jobs = await ctx.db.select().from(translationJobs).where(inArray(translationJobs.sessionId, ids));
    for (const j of jobs) if (j.reservationId && j.state === 'queued') await ctx.credits.release(j.reservationId).catch(() => {});
    await ctx.db.delete(translationSessions).where(inArray(translationSessions.id, ids));
  }
  const stale = await ctx.db
    .select()
    .from(translationJobs)
    .where(
      and(
        inArray(translationJobs.state, ['queued', 'running']),
        lt(translationJobs.updatedAt, new Date(Date.now() - ctx.config.TRANSLATION_TIMEOUT_MS - 120_000)),
      ),
    );
  for (const j of stale) await failIfLost(ctx, j);
}
