import type { CheckName, StageError, StageStatusMap } from '@hangar/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { govCheckResults, govReferentials, govUploads, govWarehouse } from '../../platform/db/schema.ts';
import { resultsChanged } from './results-cache.ts';

export type UploadRow = typeof govUploads.$inferSelect;
export type ReferentialRow = typeof govReferentials.$inferSelect;
export type CheckRow = typeof govCheckResults.$inferInsert;

export interface PeriodKey {
  bu: string;
  useCase: string;
  year: number;
  month: number;
}

export async function uploadById(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(govUploads).where(eq(govUploads.id, id));
  return row;
}

export async function uploadByStagedKey(db: Db, stagedKey: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(govUploads).where(eq(govUploads.stagedKey, stagedKey));
  return row;
}

export async function uploadByObjectKey(db: Db, objectKey: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(govUploads).where(eq(govUploads.objectKey, objectKey));
  return row;
}

/** The live (not superseded) uploads of a period, newest first. */
export async function liveUploads(db: Db, key: PeriodKey): Promise<UploadRow[]> {
  return db
    .select()
    .from(govUploads)
    .where(
      and(
        eq(govUploads.bu, key.bu),
        eq(govUploads.useCase, key.useCase),
        eq(govUploads.year, key.year),
        eq(govUploads.month, key.month),
        isNull(govUploads.supersededAt),
      ),
    )
    .orderBy(desc(govUploads.createdAt));
}

export async function setStages(
  db: Db,
  id: string,
  patch: { status: StageStatusMap; error?: StageError | null } & Partial<
    Pick<UploadRow, 'kpis' | 'stagedKey' | 'rows' | 'checkRefMessages'>
  >,
): Promise<void> {
  await db
    .update(govUploads)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(govUploads.id, id));
}

/** Replaces the current results of these checks for the upload's file and period. */
export async function recordChecks(db: Db, upload: UploadRow, results: CheckRow[]): Promise<void> {
  const checks = results.map((r) => r.check as CheckName);
  await db.transaction(async (tx) => {
    await tx
      .update(govCheckResults)
      .set({ current: false })
      .where(
        and(
          eq(govCheckResults.bu, upload.bu),
          eq(govCheckResults.useCase, upload.useCase),
          eq(govCheckResults.fileType, upload.fileType),
          eq(govCheckResults.year, upload.year),
          eq(govCheckResults.month, upload.month),
          inArray(govCheckResults.check, checks),
          eq(govCheckResults.current, true),
        ),
      );
    if (results.length) await tx.insert(govCheckResults).values(results);
  });
  resultsChanged();
}

/** The current referential of a type for a BU and use case (the newest processed one). */
export async function currentReferential(db: Db, bu: string, useCase: string, fileType: string): Promise<ReferentialRow | undefined> {
  const [row] = await db
    .select()
    .from(govReferentials)
    .where(
      and(
        eq(govReferentials.bu, bu),
        eq(govReferentials.useCase, useCase),
        eq(govReferentials.fileType, fileType),
        eq(govReferentials.status, 'finished'),
      ),
    )
    .orderBy(desc(govReferentials.createdAt))
    .limit(1);
  return row;
}

/** The newest upload attempt of each referential type (whatever its status). */
export async function latestReferentials(db: Db, bu: string, useCase: string): Promise<ReferentialRow[]> {
  return db
    .selectDistinctOn([govReferentials.fileType])
    .from(govReferentials)
    .where(and(eq(govReferentials.bu, bu), eq(govReferentials.useCase, useCase)))
    .orderBy(govReferentials.fileType, desc(govReferentials.createdAt));
}

export async function referentialByObjectKey(db: Db, objectKey: string): Promise<ReferentialRow | undefined> {
  const [row] = await db.select().from(govReferentials).where(eq(govReferentials.objectKey, objectKey));
  return row;
}

/**
 * Points the warehouse at a new Parquet object for a file and period, in one transaction with the
 * upload's final stage; returns the object it replaced (to delete once committed).
 */
export async function publishToWarehouse(
  db: Db,
  upload: UploadRow,
  objectKey: string,
  rows: number,
  status: StageStatusMap,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ objectKey: govWarehouse.objectKey })
      .from(govWarehouse)
      .where(
        and(
          eq(govWarehouse.bu, upload.bu),
          eq(govWarehouse.useCase, upload.useCase),
          eq(govWarehouse.fileType, upload.fileType),
          eq(govWarehouse.version, upload.version),
          eq(govWarehouse.year, upload.year),
          eq(govWarehouse.month, upload.month),
        ),
      )
      .for('update');
    await tx
      .insert(govWarehouse)
      .values({
        bu: upload.bu,
        useCase: upload.useCase,
        fileType: upload.fileType,
        version: upload.version,
        year: upload.year,
        month: upload.month,
        objectKey,
        rows,
        uploadId: upload.id,
      })
      .onConflictDoUpdate({
        target: [govWarehouse.bu, govWarehouse.useCase, govWarehouse.fileType, govWarehouse.version, govWarehouse.year, govWarehouse.month],
        set: { objectKey, rows, uploadId: upload.id, processedAt: sql`now()` },
      });
    await tx.update(govUploads).set({ status, error: null, stagedKey: null, updatedAt: new Date() }).where(eq(govUploads.id, upload.id));
    return previous && previous.objectKey !== objectKey ? previous.objectKey : null;
  });
}

export async function warehouseEntry(db: Db, key: PeriodKey & { fileType: string; version?: string }) {
  const [row] = await db
    .select()
    .from(govWarehouse)
    .where(
      and(
        eq(govWarehouse.bu, key.bu),
        eq(govWarehouse.useCase, key.useCase),
        eq(govWarehouse.fileType, key.fileType),
        eq(govWarehouse.version, key.version ?? ''),
        eq(govWarehouse.year, key.year),
        eq(govWarehouse.month, key.month),
      ),
    );
  return row;
}
