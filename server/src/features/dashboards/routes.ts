import {
  DashboardAppParams,
  DashboardCatalogue,
  DashboardData,
  DashboardDataQuery,
  DashboardReportParams,
  DashboardReportResponse,
  DashboardSessionCreated,
  DashboardSessionInfo,
  DashboardSessionParams,
  ReportRenderedRequest,
} from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { dashboardRenders } from '../../platform/db/schema.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { perUserPerMinute } from '../../platform/request-guards.ts';
import { registerDashboardAssistant } from './assistant.ts';
import { createBuiltinProvider } from './builtin.ts';
import { DASHBOARDS } from './catalogue/index.ts';
import { createDashboardData } from './data.ts';
import { registerDashboardLineage } from './lineage.ts';
import type { ProviderKind, ReportProvider } from './providers.ts';
import { DASHBOARD_APP_IDS, holds, providerChoices, type ResolvedDashboard, reportFor, resolveDashboard } from './registry.ts';
import { createDashboardSessions } from './sessions.ts';
import { createEmbedTokens } from './tokens.ts';

export const DASHBOARD_RULE = { anyApp: DASHBOARD_APP_IDS } as const;
const TAG = ['dashboards'];
/** The {app} of the session routes: the dashboard report screen, or one dashboard by key or tab id. */
const GENERIC_APP = 'dashboard';

/** Providers other than builtin, when configured (Power BI); absent or null means not configured. */
export type DashboardProviders = Partial<Record<Exclude<ProviderKind, 'builtin'>, ReportProvider | null>>;

export async function registerDashboardRoutes(ctx: AppContext, others: DashboardProviders = {}): Promise<void> {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const choices = providerChoices(ctx.config);
  // A dashboard Power BI has a report for shows through it, unless DASHBOARD_PROVIDERS names it builtin.
  const powerBiKeys = others.powerbi?.configuredKeys?.() ?? [];
  for (const def of DASHBOARDS) {
    if (!choices.has(def.key) && [String(def.id), def.key].some((k) => powerBiKeys.includes(k))) choices.set(def.key, 'powerbi');
  }
  registerDashboardAssistant(ctx, choices);
  registerDashboardLineage();
  const sessions = createDashboardSessions(ctx);
  const tokens = await createEmbedTokens(ctx.db);
  const data = createDashboardData(ctx);
  const providers: Record<ProviderKind, ReportProvider | null> = {
    builtin: createBuiltinProvider(tokens, ctx.config.DASHBOARD_TOKEN_SECONDS),
    powerbi: others.powerbi ?? null,
  };

  /** The dashboard, if it exists and the caller holds its application. */
  function dashboardFor(request: Parameters<typeof requireUser>[0], key: string): ResolvedDashboard {
    const d = resolveDashboard(key, choices);
    if (!d) throw new AppError('NOT_FOUND', `There is no dashboard "${key}". Dashboards: ${DASHBOARDS.map((x) => x.key).join(', ')}.`);
    if (!holds(requireUser(request), d)) throw forbidden(`The ${d.title} dashboard needs one of: ${d.requires.join(', ')}.`);
    return d;
  }
  function checkApp(request: Parameters<typeof requireUser>[0], appName: string): void {
    if (appName !== GENERIC_APP) dashboardFor(request, appName);
  }
  /** Why a dashboard cannot be shown, or null. */
  function unavailable(d: ResolvedDashboard, bu: string | null): string | null {
    if (d.provider === 'builtin') return reportFor(d.def, bu) ? null : (d.def.unavailableReason ?? 'It has no report.');
    const provider = providers[d.provider];
    if (!provider) return `It is configured to show through ${d.provider}, which is not configured on this portal.`;
    const keys = provider.configuredKeys?.();
    const own = reportFor(d.def, bu)?.key ?? d.def.key;
    if (keys && ![String(d.def.id), d.def.key, own].some((k) => keys.includes(k))) {
      return `${d.provider} has no report configured for it (dashboard ${d.def.id}).`;
    }
    return null;
  }

  app.get(
    '/api/v1/dashboards',
    {
      config: { access: DASHBOARD_RULE },
      schema: {
        tags: TAG,
        summary: 'The dashboards the caller holds: titles, provider, availability, filters and widget layout',
        response: { 200: DashboardCatalogue },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const dashboards = DASHBOARDS.map((def) => resolveDashboard(def.key, choices)!)
        .filter((d) => holds(actor, d))
        .map((d) => {
          const report = d.provider === 'builtin' ? reportFor(d.def, actor.bu) : null;
          const reason = unavailable(d, actor.bu);
          return {
            id: d.def.id,
            key: d.def.key,
            title: d.title,
            description: d.def.description,
            icon: d.def.icon,
            section: d.section,
            provider: d.provider,
            available: reason === null,
            unavailableReason: reason,
            filters: report?.filters ?? [],
            widgets: (report?.widgets ?? []).map((w) => ({ id: w.id, title: w.title, kind: w.kind, ...w.at })),
          };
        });
      return { dashboards, sessionMinutes: ctx.config.DASHBOARD_SESSION_MINUTES };
    },
  );

  app.post(
    '/api/v1/:app/create-session',
    {
      config: { access: DASHBOARD_RULE, openapi: { errors: [403, 404] } },
      schema: {
        tags: TAG,
        summary: `Starts a dashboard session ({app}: "${GENERIC_APP}", or a dashboard key or tab id); it lives DASHBOARD_SESSION_MINUTES (35) from its start`,
        params: DashboardAppParams,
        response: { 200: DashboardSessionCreated },
      },
    },
    async (request) => {
      checkApp(request, request.params.app);
      const row = await sessions.create(requireUser(request).sub, request.params.app);
      return { uuid: row.id };
    },
  );

  const getSession = async (request: Parameters<typeof requireUser>[0], appName: string, id: string) => {
    checkApp(request, appName);
    const row = await sessions.live(requireUser(request).sub, id);
    return { start_time: row.startTime.toISOString() };
  };
  const sessionDoc = {
    tags: TAG,
    summary: 'The start_time of one of the caller’s live dashboard sessions (404 once expired, or another user’s)',
    response: { 200: DashboardSessionInfo },
  };
  app.get(
    '/api/v1/:app/get-session/:id',
    { config: { access: DASHBOARD_RULE, openapi: { errors: [403, 404] } }, schema: { ...sessionDoc, params: DashboardSessionParams } },
    (request) => getSession(request, request.params.app, request.params.id),
  );
  // The report route below would read /api/v1/dashboard/get-session/{id} as report "get-session".
  app.get(
    '/api/v1/dashboard/get-session/:id',
    {
      config: { access: DASHBOARD_RULE, openapi: { errors: [404] } },
      schema: { ...sessionDoc, params: DashboardSessionParams.pick({ id: true }) },
    },
    (request) => getSession(request, GENERIC_APP, request.params.id),
  );

  app.delete(
    '/api/v1/:app/delete-session/:id',
    {
      config: { access: DASHBOARD_RULE, openapi: { errors: [403, 404] } },
      schema: {
        tags: TAG,
        summary: 'Ends one of the caller’s dashboard sessions',
        params: DashboardSessionParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      checkApp(request, request.params.app);
      await sessions.remove(requireUser(request).sub, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/dashboard/:report/:sessionId',
    {
      config: { access: DASHBOARD_RULE, openapi: { errors: [403, 404, 503] } },
      schema: {
        tags: TAG,
        summary:
          'The report response of a dashboard for a live session: reports[0].id, reports[0].embedUrl and token (builtin: the widget data route and a short-lived signed token; powerbi: the Power BI embed URL and embed token). 503 when the dashboard cannot be shown, with the reason.',
        params: DashboardReportParams,
        response: { 200: DashboardReportResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const d = dashboardFor(request, request.params.report);
      const session = await sessions.live(actor.sub, request.params.sessionId);
      const reason = unavailable(d, actor.bu);
      if (reason) throw new AppError('UNAVAILABLE', `The ${d.title} dashboard is unavailable. ${reason}`);
      // Builtin reports are addressed by key (the data route); other providers are configured by tab id or report key.
      const reportKey = reportFor(d.def, actor.bu)?.key ?? d.def.key;
      const answer = await providers[d.provider]!.embed({
        dashboardId: d.provider === 'builtin' ? d.def.key : String(d.def.id),
        reportKey,
        userId: actor.sub,
        sessionId: request.params.sessionId,
        sessionEndsAt: sessions.endsAt(session),
      });
      await sessions.opened(request.params.sessionId, d.def.key);
      return answer;
    },
  );

  app.get(
    '/api/v1/dashboard/:report/data',
    {
      config: { access: DASHBOARD_RULE, rateLimit: perUserPerMinute(240), openapi: { errors: [400, 403, 404, 429, 503] } },
      schema: {
        tags: TAG,
        summary:
          'The widget data of a builtin dashboard, with the embed token of its report response: per widget the rows (aggregated, at most 500 points) and where they come from (KPI definition, delivery months and files, quality status), always within the caller’s BUs',
        params: DashboardReportParams.pick({ report: true }),
        querystring: DashboardDataQuery,
        response: { 200: DashboardData },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const d = dashboardFor(request, request.params.report);
      const check = tokens.verify(request.query.token, { userId: actor.sub, report: d.def.key });
      if (!check.ok) throw forbidden(check.reason);
      await sessions.live(actor.sub, check.claims.sessionId);
      if (request.query.from && request.query.to && request.query.from > request.query.to) {
        throw badRequest(`The period starts (${request.query.from}) after it ends (${request.query.to}).`);
      }
      const report = d.provider === 'builtin' ? reportFor(d.def, actor.bu) : null;
      if (!report)
        throw new AppError('UNAVAILABLE', `The ${d.title} dashboard has no builtin data. ${unavailable(d, actor.bu) ?? ''}`.trim());
      return data.report(report, request.query, actor);
    },
  );

  app.post(
    '/api/v1/dashboard/report-rendered',
    {
      config: { access: DASHBOARD_RULE, openapi: { errors: [400, 404] } },
      schema: {
        tags: TAG,
        summary: 'Records how long the dashboard of a session took to render (seconds)',
        body: ReportRenderedRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const session = await sessions.live(actor.sub, request.body.sessionId);
      if (!session.report) throw badRequest('No dashboard was opened in this session yet: open one, then report its render time.');
      await ctx.db
        .insert(dashboardRenders)
        .values({ userId: actor.sub, sessionId: session.id, report: session.report, renderSeconds: request.body.renderTime });
      return reply.status(204).send(null);
    },
  );
}
