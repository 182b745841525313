import type { TranslationJob } from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { translationJobs, translationSessions } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';

export type JobRow = typeof translationJobs.$inferSelect;

const NO_SESSION = 'No translator session with this id: reload the translator.';
const NO_JOB = 'No translation with this id.';

export async function createSession(db: Db, userId: string): Promise<string> {
  const [row] = await db.insert(translationSessions).values({ userId }).returning({ id: translationSessions.id });
  return row!.id;
}

/** The caller's own session; another user's id answers like an unknown one (404). */
export async function ownSession(db: Db, sessionId: string, userId: string): Promise<void> {
  const rows = await db
    .select({ id: translationSessions.id })
    .from(translationSessions)
    .where(and(eq(translationSessions.id, sessionId), eq(translationSessions.userId, userId)));
  if (!rows.length) throw notFound(NO_SESSION);
}

export async function deleteSession(db: Db, sessionId: string): Promise<JobRow[]> {
  const jobs = await db.select().from(translationJobs).where(eq(translationJobs.sessionId, sessionId));
  await db.delete(translationSessions).where(eq(translationSessions.id, sessionId));
  return jobs;
}

export async function ownJob(db: Db, jobId: string, userId: string): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(translationJobs)
    .where(and(eq(translationJobs.id, jobId), eq(translationJobs.userId, userId)));
  if (!row) throw notFound(NO_JOB);
  return row;
}

export async function jobById(db: Db, jobId: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(translationJobs).where(eq(translationJobs.id, jobId));
  return row;
}

export async function insertJob(db: Db, values: typeof translationJobs.$inferInsert): Promise<JobRow> {
  const [row] = await db.insert(translationJobs).values(values).returning();
  return row!;
}

/** Updates a job; false when it no longer exists (its session was cleared meanwhile). */
export async function updateJob(db: Db, jobId: string, values: Partial<typeof translationJobs.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(translationJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(translationJobs.id, jobId))
    .returning({ id: translationJobs.id });
  return rows.length > 0;
}

export const outputName = (row: Pick<JobRow, 'fileName'>) => `translated_${row.fileName}`;

export function presentJob(row: JobRow): TranslationJob {
  return {
    id: row.id,
    state: row.state,
    progress: Math.min(1, Math.max(0, row.progress)),
    step: row.step,
    error: row.error,
    file_name: outputName(row),
    download_url: row.state === 'done' ? `/api/translation/jobs/${row.id}/file` : null,
    credits: row.credits,
  };
}
