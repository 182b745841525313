import type { CheckName, StageError, StageStatusMap } from '@hangar/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { govCheckResults, govReferentials, govUploads, govWarehouse } from '../../platform/db/schema.ts';
import { resultsChanged } from './results-cache.ts';

export type UploadRow = typeof govUploads.$inferSelect;
export type ReferentialRow = typeof govReferentials.$inferSelect;
export type CheckRow = typeof govCheckResults.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** Like setStages, only while the upload is live; false when it was superseded meanwhile. */
export async function setLiveStages(db: Db, id: string, patch: Parameters<typeof setStages>[2]): Promise<boolean> {
  const rows = await db
    .update(govUploads)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(govUploads.id, id), isNull(govUploads.supersededAt)))
    .returning({ id: govUploads.id });
  return rows.length > 0;
}

/** Checks that run on a delivered file; file_not_received is about the period, not a file. */
export const FILE_CHECKS: CheckName[] = ['file_integrity', 'data_integrity', 'mapping_coverage'];

/** The results of these checks for one file type, BU, use case and period. */
const checksOfPeriod = (file: Pick<UploadRow, 'bu' | 'useCase' | 'fileType' | 'year' | 'month'>, checks: CheckName[]) =>
  and(
    eq(govCheckResults.bu, file.bu),
    eq(govCheckResults.useCase, file.useCase),
    eq(govCheckResults.fileType, file.fileType),
    eq(govCheckResults.year, file.year),
    eq(govCheckResults.month, file.month),
    inArray(govCheckResults.check, checks),
  );

/**
 * Makes these results the current ones of the upload's file and period. Every file check of an
 * earlier delivery stops being current, also those this file did not reach: one delivery's
 * results, never a mix (a failed file must not sit beside the previous file's coverage).
 */
export async function recordChecks(db: Db, upload: UploadRow, results: CheckRow[]): Promise<void> {
  const checks = [...new Set([...FILE_CHECKS, ...results.map((r) => r.check as CheckName)])];
  await db.transaction(async (tx) => {
    await tx
      .update(govCheckResults)
      .set({ current: false })
      .where(and(checksOfPeriod(upload, checks), eq(govCheckResults.current, true)));
    if (results.length) await tx.insert(govCheckResults).values(results.map(withoutNul));
  });
  resultsChanged();
}

/** PostgreSQL refuses NUL in text: whatever a file held, stored texts never carry it. */
function withoutNul(row: CheckRow): CheckRow {
  const clean = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.replaceAll('\u0000', '')
      : Array.isArray(v)
        ? v.map(clean)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x)]))
          : v;
  return clean(row) as CheckRow;
}

/**
 * After the live upload of a file and period is rejected or deleted, the delivery the warehouse
 * still holds for it is the live one again, with its check results: the month shows what it has.
 */
export async function restoreProcessed(tx: Tx, removed: UploadRow): Promise<void> {
  const [entry] = await tx
    .select({ uploadId: govWarehouse.uploadId })
    .from(govWarehouse)
    .where(
      and(
        eq(govWarehouse.bu, removed.bu),
        eq(govWarehouse.useCase, removed.useCase),
        eq(govWarehouse.fileType, removed.fileType),
        eq(govWarehouse.version, removed.version),
        eq(govWarehouse.year, removed.year),
        eq(govWarehouse.month, removed.month),
      ),
    );
  if (!entry || entry.uploadId === removed.id) return;
  await tx.update(govUploads).set({ supersededAt: null }).where(eq(govUploads.id, entry.uploadId));
  const results = await tx
    .selectDistinctOn([govCheckResults.check], { id: govCheckResults.id })
    .from(govCheckResults)
    .where(and(eq(govCheckResults.uploadId, entry.uploadId), inArray(govCheckResults.check, FILE_CHECKS)))
    .orderBy(govCheckResults.check, desc(govCheckResults.createdAt));
  if (!results.length) return;
  await tx.update(govCheckResults).set({ current: false }).where(checksOfPeriod(removed, FILE_CHECKS));
  await tx
    .update(govCheckResults)
    .set({ current: true })
    .where(
      inArray(
        govCheckResults.id,
        results.map((r) => r.id),
      ),
    );
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

/** The columns of a CheckStatusRow. */
const CHECK_STATUS = {
  bu: govCheckResults.bu,
  year: govCheckResults.year,
  month: govCheckResults.month,
  check: govCheckResults.check,
  status: govCheckResults.status,
};

export interface CheckStatusRow {
  bu: string;
  year: number;
  month: number;
  check: CheckName;
  status: (typeof govCheckResults.$inferSelect)['status'];
}

/**
 * The checks of the deliveries the warehouse holds (by upload), not of the latest upload: a failed
 * re-upload waiting beside a validated month does not make that month's numbers "failed". Results
 * kept without an upload (file not received) are the current ones of those months.
 */
export async function checkStatusesOfDeliveries(
  db: Db,
  where: { useCase: string; fileType: string; uploadIds: readonly string[]; bus: readonly string[]; years: readonly number[] },
): Promise<CheckStatusRow[]> {
  if (!where.uploadIds.length) return [];
  const [held, unattached] = await Promise.all([
    db
      .select(CHECK_STATUS)
      .from(govCheckResults)
      .where(inArray(govCheckResults.uploadId, [...where.uploadIds])),
    db
      .select(CHECK_STATUS)
      .from(govCheckResults)
      .where(
        and(
          eq(govCheckResults.useCase, where.useCase),
          eq(govCheckResults.fileType, where.fileType),
          inArray(govCheckResults.bu, [...where.bus]),
          inArray(govCheckResults.year, [...where.years]),
          eq(govCheckResults.current, true),
          isNull(govCheckResults.uploadId),
        ),
      ),
  ]);
  return [...held, ...unattached];
}

/** The current result of each check of one table, for the BUs and years given. */
export async function currentCheckStatuses(
  db: Db,
  where: { useCase: string; fileType: string; bus: readonly string[]; years: readonly number[] },
): Promise<CheckStatusRow[]> {
  if (!where.bus.length || !where.years.length) return [];
  return db
    .select(CHECK_STATUS)
    .from(govCheckResults)
    .where(
      and(
        eq(govCheckResults.useCase, where.useCase),
        eq(govCheckResults.fileType, where.fileType),
        inArray(govCheckResults.bu, [...where.bus]),
        inArray(govCheckResults.year, [...where.years]),
        eq(govCheckResults.current, true),
      ),
    );
}
