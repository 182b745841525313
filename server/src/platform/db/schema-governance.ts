import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** One ingestion upload of one file: its stages, error, KPIs and where its bytes are. */
export const govUploads = pgTable(
  'gov_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bu: text('bu').notNull(),
    useCase: text('use_case').notNull(),
    fileType: text('file_type').notNull(),
    version: text('version').notNull().default(''),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    fileName: text('file_name').notNull(),
    objectKey: text('object_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The validated table, staged as Parquet until it is processed (the opaque tmp_bucket_url). */
    stagedKey: text('staged_key'),
    rows: integer('rows'),
    status: jsonb('status').notNull(),
    error: jsonb('error'),
    kpis: jsonb('kpis'),
    checkRefMessages: text('check_ref_messages'),
    uploadedBy: uuid('uploaded_by'),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    /** Set when a later upload of the same file and period replaces this one. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gov_uploads_period_idx').on(t.bu, t.useCase, t.year, t.month),
    uniqueIndex('gov_uploads_staged_key').on(t.stagedKey),
    uniqueIndex('gov_uploads_object_key').on(t.objectKey),
  ],
);

/**
 * The result of one check on one file and period. Part 2's overview and quality views read
 * these rows; file_not_received rows have no upload.
 */
export const govCheckResults = pgTable(
  'gov_check_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id'),
    bu: text('bu').notNull(),
    useCase: text('use_case').notNull(),
    fileType: text('file_type').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    check: text('check', { enum: ['data_integrity', 'file_integrity', 'file_not_received', 'mapping_coverage'] }).notNull(),
    status: text('status', { enum: ['success', 'failed', 'pending', 'running', 'delayed'] }).notNull(),
    /** 1 passed, 0 not run, -1 failed; the coverage percent for mapping_coverage. */
    value: doublePrecision('value').notNull(),
    message: text('message').notNull(),
    cause: text('cause'),
    detailedCause: text('detailed_cause'),
    fix: text('fix'),
    failingCount: integer('failing_count').notNull().default(0),
    sample: jsonb('sample'),
    fileName: text('file_name'),
    objectKey: text('object_key'),
    current: boolean('current').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('gov_checks_lookup_idx').on(t.bu, t.useCase, t.year, t.check), index('gov_checks_upload_idx').on(t.uploadId)],
);

/** The warehouse registry: which Parquet object holds each BU, use case, file type and period. */
export const govWarehouse = pgTable(
  'gov_warehouse',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bu: text('bu').notNull(),
    useCase: text('use_case').notNull(),
    fileType: text('file_type').notNull(),
    version: text('version').notNull().default(''),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    objectKey: text('object_key').notNull(),
    rows: integer('rows').notNull(),
    uploadId: uuid('upload_id').notNull(),
    processedAt: updatedAt(),
  },
  (t) => [uniqueIndex('gov_warehouse_period').on(t.bu, t.useCase, t.fileType, t.version, t.year, t.month)],
);

/** Reference (mapping) files per BU and use case; the newest of a type is the current one. */
export const govReferentials = pgTable(
  'gov_referentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bu: text('bu').notNull(),
    useCase: text('use_case').notNull(),
    fileType: text('file_type').notNull(),
    version: text('version'),
    fileName: text('file_name').notNull(),
    objectKey: text('object_key').notNull(),
    /** The parsed codes as Parquet, read by the mapping-coverage check. */
    tableKey: text('table_key'),
    status: text('status', { enum: ['pending', 'running', 'finished', 'error'] }).notNull(),
    error: jsonb('error'),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gov_referentials_lookup_idx').on(t.bu, t.useCase, t.fileType, t.createdAt),
    uniqueIndex('gov_ref_object_key').on(t.objectKey),
  ],
);
