import { index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** A translator screen's session: its files live under translation/{id}/ and go with it. */
export const translationSessions = pgTable('translation_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One translation run (a pg-boss job) with the progress the screen shows. */
export const translationJobs = pgTable(
  'translation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => translationSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    fileType: text('file_type').notNull(),
    sourceLanguage: text('source_language'),
    targetLanguage: text('target_language').notNull(),
    /** The uploaded file's cleaned name; the output is translated_ + this. */
    fileName: text('file_name').notNull(),
    inputKey: text('input_key').notNull(),
    outputKey: text('output_key'),
    pages: integer('pages').notNull(),
    credits: real('credits').notNull(),
    reservationId: text('reservation_id'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: real('progress').notNull().default(0),
    step: text('step').notNull().default('Waiting to start'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('translation_jobs_session_idx').on(t.sessionId)],
);
