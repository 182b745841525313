import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** A user's session of one AI Factory app (spec sections 4 and 7): it ends at its expiry, on delete, or at the user's logout. */
export const aiFactorySessions = pgTable(
  'ai_factory_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id').notNull(),
    /** The portal sign-in session (refresh-token family) it belongs to: its logout ends this too. */
    familyId: text('family_id'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_factory_sessions_user_idx').on(t.userId), index('ai_factory_sessions_family_idx').on(t.familyId)],
);
