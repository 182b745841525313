import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documents, users } from './schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A Multi Docs attachment: an uploaded file (kept in the documents registry, so /pdf opens it) or a
 * web page (only its text is kept). `uri` is what the browser holds: the document's uri, or links/<id>.
 */
export const multidocsFiles = pgTable(
  'multidocs_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uri: text('uri').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** pdf, image, audio, video, docx, pptx or html. */
    kind: text('kind').notNull(),
    url: text('url'),
    pages: integer('pages').notNull(),
    additionalTime: real('additional_time').notNull(),
    method: text('method').notNull(),
    /** ready (searchable), pending (its extraction job runs) or failed (a tombstone: no file, no passage). */
    status: text('status').notNull().default('ready'),
    /** Pending: share of the extraction done (0 to 1) when the engine can tell, and what it is doing. */
    progress: real('progress'),
    stage: text('stage'),
    /** Failed: the message and error code (contract ErrorCode) the upload would have answered. */
    error: text('error'),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('multidocs_files_user_idx').on(t.userId, t.sessionId)],
);

/** A passage of an attachment, by structure (page, heading, paragraph), searched with full-text search. */
export const multidocsChunks = pgTable(
  'multidocs_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => multidocsFiles.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    page: integer('page'),
    heading: text('heading'),
    text: text('text').notNull(),
    /**
     * The passage's embedding (little-endian float32s) when an embedding provider is configured.
     * bytea, not pgvector: neither PGlite's default build nor the PostgreSQL here has it, and the
     * vectors of the selected files are few enough to score in the process.
     */
    embedding: bytea('embedding'),
    search: tsvector('search').notNull().generatedAlwaysAs(sql`to_tsvector('english', coalesce(heading, '') || ' ' || text)`),
  },
  (t) => [index('multidocs_chunks_file_idx').on(t.fileId, t.ordinal), index('multidocs_chunks_search_idx').using('gin', t.search)],
);
