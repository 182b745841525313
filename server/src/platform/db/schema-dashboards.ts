import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** A dashboard session (spec section 7): it lives DASHBOARD_SESSION_MINUTES from its start. */
export const dashboardSessions = pgTable(
  'dashboard_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The {app} of the route that created it. */
    app: text('app').notNull(),
    /** The last dashboard opened in it (render times are recorded against it). */
    report: text('report'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboard_sessions_user_idx').on(t.userId, t.startTime)],
);

/** How long a dashboard took to draw in the browser, as it reported. */
export const dashboardRenders = pgTable(
  'dashboard_renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    report: text('report').notNull(),
    renderSeconds: doublePrecision('render_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dashboard_renders_report_idx').on(t.report, t.createdAt)],
);
