import type { SentimentAnalysis, SentimentColumn } from '@hangar/contract';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { sentimentAnalyses } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { RaggedRows } from './sheet.ts';

export type AnalysisRow = typeof sentimentAnalyses.$inferSelect;

export const filesPrefix = (id: string) => `sentiment/${id}/`;
export const FILES = { sheet: 'sheet.csv', enriched: 'enriched.csv', xlsx: 'enriched.xlsx', results: 'results.ndjson' } as const;
export const fileKey = (id: string, name: keyof typeof FILES) => `${filesPrefix(id)}${FILES[name]}`;

export async function insertAnalysis(db: Db, values: typeof sentimentAnalyses.$inferInsert): Promise<AnalysisRow> {
  const [row] = await db.insert(sentimentAnalyses).values(values).returning();
  return row!;
}

/** The caller's own analysis; another user's id answers like an unknown one (404). */
export async function ownAnalysis(db: Db, id: string, userId: string): Promise<AnalysisRow> {
  const [row] = await db
    .select()
    .from(sentimentAnalyses)
    .where(and(eq(sentimentAnalyses.id, id), eq(sentimentAnalyses.userId, userId)));
  if (!row) throw notFound('No sentiment analysis with this id.');
  return row;
}

export async function analysisById(db: Db, id: string): Promise<AnalysisRow | undefined> {
  const [row] = await db.select().from(sentimentAnalyses).where(eq(sentimentAnalyses.id, id));
  return row;
}

export async function listAnalyses(db: Db, userId: string): Promise<AnalysisRow[]> {
  return db
    .select()
    .from(sentimentAnalyses)
    .where(eq(sentimentAnalyses.userId, userId))
    .orderBy(desc(sentimentAnalyses.createdAt))
    .limit(20);
}

/** Updates an analysis; false when it no longer exists (deleted meanwhile). */
export async function updateAnalysis(db: Db, id: string, values: Partial<typeof sentimentAnalyses.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(sentimentAnalyses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sentimentAnalyses.id, id))
    .returning({ id: sentimentAnalyses.id });
  return rows.length > 0;
}

/**
 * Updates an analysis while its run holds it: false once it is no longer in `state` (deleted, or
 * failed as lost), so a run that was given up on never writes a result or charges.
 */
export async function updateRun(
  db: Db,
  id: string,
  state: 'queued' | 'running',
  values: Partial<typeof sentimentAnalyses.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(sentimentAnalyses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(sentimentAnalyses.id, id), eq(sentimentAnalyses.state, state)))
    .returning({ id: sentimentAnalyses.id });
  return rows.length > 0;
}

/** Moves an uploaded analysis to queued, once: a second run request of the same sheet gets false. */
export async function claimForRun(db: Db, id: string, values: Partial<typeof sentimentAnalyses.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(sentimentAnalyses)
    .set({ ...values, state: 'queued', progress: 0, step: 'Waiting to start', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(sentimentAnalyses.id, id),
        or(eq(sentimentAnalyses.state, 'uploaded'), eq(sentimentAnalyses.state, 'done'), eq(sentimentAnalyses.state, 'failed')),
      ),
    )
    .returning({ id: sentimentAnalyses.id });
  return rows.length > 0;
}

export async function deleteAnalysisRow(db: Db, id: string): Promise<void> {
  await db.delete(sentimentAnalyses).where(eq(sentimentAnalyses.id, id));
}

export async function analysesOlderThan(db: Db, before: Date): Promise<AnalysisRow[]> {
  return db.select().from(sentimentAnalyses).where(lt(sentimentAnalyses.updatedAt, before));
}

/** The rows whose field count differs from the header's, kept with the proposal at upload (sheet.ts). */
export function raggedRows(row: AnalysisRow): RaggedRows | null {
  return (row.proposed as { ragged?: RaggedRows | null }).ragged ?? null;
}

export function presentAnalysis(row: AnalysisRow): SentimentAnalysis {
  const { text, date, category } = row.proposed as SentimentAnalysis['proposed'];
  const ragged = raggedRows(row);
  return {
    id: row.id,
    file_name: row.fileName,
    rows: row.rows,
    columns: (row.columns as (SentimentColumn & { chars?: number })[]).map(({ chars: _, ...c }) => c),
    proposed: { text, date, category },
    ragged_rows: ragged && {
      header_fields: ragged.header_fields,
      delimiter: ragged.delimiter,
      wider: ragged.wider,
      narrower: ragged.narrower,
    },
    text_column: row.textColumn,
    date_column: row.dateColumn,
    category_column: row.categoryColumn,
    engine: row.engine,
    state: row.state,
    progress: Math.min(1, Math.max(0, row.progress)),
    step: row.step,
    error: row.error,
    credits: row.credits,
    created_at: row.createdAt.toISOString(),
  };
}
