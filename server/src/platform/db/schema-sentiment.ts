import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * One uploaded sheet and its analysis (a pg-boss job with progress). Files live under
 * sentiment/{id}/ in the object store and go with the row.
 */
export const sentimentAnalyses = pgTable(
  'sentiment_analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The sheet in normalised CSV form (first column: the row of the uploaded file). */
    sheetKey: text('sheet_key').notNull(),
    /** The stored sheet's delimiter (an uploaded CSV keeps its own). */
    delimiter: text('delimiter').notNull().default(','),
    rows: integer('rows').notNull(),
    /** Columns with their kind and samples, and the proposed text/date/category columns. */
    columns: jsonb('columns').notNull(),
    proposed: jsonb('proposed').notNull(),
    textColumn: text('text_column'),
    dateColumn: text('date_column'),
    categoryColumn: text('category_column'),
    engine: text('engine'),
    credits: real('credits').notNull().default(0),
    reservationId: text('reservation_id'),
    state: text('state', { enum: ['uploaded', 'queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('uploaded'),
    progress: real('progress').notNull().default(0),
    step: text('step').notNull().default('Choose the columns, then run'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sentiment_analyses_user_idx').on(t.userId)],
);
