import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** Talk to my data: each question asked, with what it was understood as and the answer shown. */
export const analyticsQuestions = pgTable(
  'analytics_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    language: text('language').notNull(),
    /** answered, clarification or failed. */
    status: text('status').notNull(),
    /** The structured query, the result (rows capped), chart, reading, notices and quality. */
    answer: jsonb('answer').notNull(),
    creditMilli: bigint('credit_milli', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_questions_user_idx').on(t.userId, t.createdAt)],
);

/** Questions a user keeps to ask again (fresh numbers each time). */
export const analyticsSaved = pgTable(
  'analytics_saved',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    question: text('question').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_saved_user_idx').on(t.userId)],
);
