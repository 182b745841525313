import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

export interface RenderStat {
  key: string;
  renders: number;
  medianSeconds: number;
  p95Seconds: number;
}

/** Render times per dashboard in a period: count, median and 95th percentile; `bu` limits to that BU's users. */
export async function dashboardRenderStats(db: Db, opts: { from: Date; to: Date; bu?: string }): Promise<RenderStat[]> {
  const { rows } = (await db.execute(sql`
    SELECT r.report, count(*)::int AS renders,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY r.render_seconds) AS median,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY r.render_seconds) AS p95
    FROM dashboard_renders r JOIN users u ON u.id = r.user_id
    WHERE r.created_at >= ${opts.from.toISOString()} AND r.created_at < ${opts.to.toISOString()}
      ${opts.bu ? sql`AND u.bu = ${opts.bu}` : sql``}
    GROUP BY r.report ORDER BY r.report`)) as { rows: { report: string; renders: number; median: number; p95: number }[] };
  return rows.map((r) => ({ key: r.report, renders: Number(r.renders), medianSeconds: Number(r.median), p95Seconds: Number(r.p95) }));
}
