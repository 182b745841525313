import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { dashboardSessions } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';

export type SessionRow = typeof dashboardSessions.$inferSelect;

/**
 * Dashboard sessions (spec sections 4 and 7): a session lives DASHBOARD_SESSION_MINUTES from its
 * start_time; another user's session is as absent as one that never existed.
 */
export function createDashboardSessions(ctx: AppContext) {
  const lifetimeMs = ctx.config.DASHBOARD_SESSION_MINUTES * 60_000;
  const endsAt = (row: SessionRow) => new Date(row.startTime.getTime() + lifetimeMs);

  async function mine(userId: string, id: string): Promise<SessionRow> {
    const [row] = await ctx.db
      .select()
      .from(dashboardSessions)
      .where(and(eq(dashboardSessions.id, id), eq(dashboardSessions.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND', 'There is no such dashboard session of yours: create one first.');
    return row;
  }

  return {
    lifetimeMs,
    endsAt,
    async create(userId: string, app: string): Promise<SessionRow> {
      // Sessions of this user that outlived their lifetime are of no use to anyone: removed in the
      // same statement (one round trip: PGlite serves every request of the process on one connection).
      const expired = ctx.db.$with('expired').as(
        ctx.db
          .delete(dashboardSessions)
          .where(and(eq(dashboardSessions.userId, userId), lt(dashboardSessions.startTime, new Date(Date.now() - lifetimeMs))))
          .returning({ id: dashboardSessions.id }),
      );
      const [row] = await ctx.db.with(expired).insert(dashboardSessions).values({ userId, app }).returning();
      return row!;
    },
    /** The caller's session, refused once expired. */
    async live(userId: string, id: string, now = new Date()): Promise<SessionRow> {
      const row = await mine(userId, id);
      if (endsAt(row) <= now) {
        throw new AppError(
          'NOT_FOUND',
          `This dashboard session expired at ${endsAt(row).toISOString()} (sessions last ${ctx.config.DASHBOARD_SESSION_MINUTES} minutes): open the dashboard again.`,
        );
      }
      return row;
    },
    async remove(userId: string, id: string): Promise<void> {
      const gone = await ctx.db
        .delete(dashboardSessions)
        .where(and(eq(dashboardSessions.id, id), eq(dashboardSessions.userId, userId)))
        .returning({ id: dashboardSessions.id });
      if (!gone.length) throw new AppError('NOT_FOUND', 'There is no such dashboard session of yours.');
    },
    async opened(id: string, report: string): Promise<void> {
      await ctx.db.update(dashboardSessions).set({ report }).where(eq(dashboardSessions.id, id));
    },
  };
}
export type DashboardSessions = ReturnType<typeof createDashboardSessions>;
