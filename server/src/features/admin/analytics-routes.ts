import { AnalyticsQuery, AnalyticsResponse } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_RULE, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { adminScope } from '../../platform/policies/roles.ts';
import { dashboardRenderStats } from '../dashboards/index.ts';
import { spendAnalytics } from './analytics.ts';
import { registerServicesRoutes } from './services-routes.ts';

const DAY = 86_400_000;

function period(q: { from?: string; to?: string }) {
  const to = q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY) : new Date(Date.now() + DAY);
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : new Date(to.getTime() - 31 * DAY);
  if (from >= to) throw new AppError('BAD_REQUEST', 'from must be on or before to.');
  if (to.getTime() - from.getTime() > 400 * DAY) throw new AppError('BAD_REQUEST', 'Choose a period of at most 400 days.');
  return { from, to };
}

/** Tab 74: credits and tokens by user, model, application and day; active users; and its Services section. */
export function registerAnalyticsRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  registerServicesRoutes(ctx);

  app.get(
    '/api/admin/analytics',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'GenAI spend, and dashboard render times (median, p95) per dashboard (default: the last 31 days)',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsResponse },
      },
    },
    async (request) => {
      const scope = { ...period(request.query), bu: adminScope(requireUser(request)) };
      return { ...(await spendAnalytics(ctx.db, scope)), dashboardRenders: await dashboardRenderStats(ctx.db, scope) };
    },
  );

  app.get(
    '/api/admin/analytics/export.csv',
    {
      config: { access: ADMIN_RULE, openapi: { responses: { 200: { description: 'The CSV file', contentType: 'text/csv' } } } },
      schema: { tags: ['admin'], summary: 'GenAI spend per user and day as CSV', querystring: AnalyticsQuery },
    },
    async (request, reply) => {
      const a = await spendAnalytics(ctx.db, { ...period(request.query), bu: adminScope(requireUser(request)) });
      const lines = [
        'section,key,credits,tokens,answers',
        ...a.byDay.map((d) => `day,${d.day},${d.credits},${d.tokens},${d.answers}`),
        ...a.byUser.map((u) => `user,"${u.email.replace(/"/g, '""')}",${u.credits},${u.tokens},${u.answers}`),
        ...a.byModel.map((m) => `model,"${m.model.replace(/"/g, '""')}",${m.credits},${m.tokens},${m.answers}`),
        ...a.byApplication.map((m) => `application,"${m.application.replace(/"/g, '""')}",${m.credits},${m.tokens},${m.answers}`),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="hangar-genai-usage.csv"')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
}
