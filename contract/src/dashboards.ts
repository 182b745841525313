import { z } from 'zod';
import { KpiQuality, SemanticColumn, SemanticQuery } from './analytics.ts';

// Dashboards (issue 17): the catalogue the tab strip lists, the session and report responses of the
// spec (section 3), and the widget data the builtin provider serves.

export const DASHBOARD_SESSION_MINUTES = 35;
export const DASHBOARD_SESSION_CHECK_SECONDS = 30;
export const DASHBOARD_WIDGET_KINDS = ['card', 'line', 'bar', 'donut', 'table'] as const;
export const DASHBOARD_FILTERS = ['period', 'airport', 'bu'] as const;
export const DASHBOARD_PROVIDERS = ['builtin', 'powerbi'] as const;

export const DashboardWidgetSummary = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(DASHBOARD_WIDGET_KINDS),
  /** Grid position, 12 columns wide. */
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
});
export type DashboardWidgetSummary = z.infer<typeof DashboardWidgetSummary>;

export const DashboardSummary = z.object({
  /** The tab id of the menu catalogue. */
  id: z.number().int(),
  /** The report key used in the routes. */
  key: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  section: z.enum(['Dashboards HQ', 'Dashboards BU']),
  provider: z.enum(DASHBOARD_PROVIDERS),
  available: z.boolean(),
  /** Why it cannot be shown, when it cannot. */
  unavailableReason: z.string().nullable(),
  filters: z.array(z.enum(DASHBOARD_FILTERS)),
  widgets: z.array(DashboardWidgetSummary),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

export const DashboardCatalogue = z.object({
  dashboards: z.array(DashboardSummary),
  /** How long a session lives on this portal (the spec's 35 minutes unless configured). */
  sessionMinutes: z.number(),
});
export type DashboardCatalogue = z.infer<typeof DashboardCatalogue>;

export const DashboardSessionCreated = z.object({ uuid: z.string().uuid() });
export const DashboardSessionInfo = z.object({ start_time: z.string() });
export const DashboardSessionParams = z.object({ app: z.string().min(1).max(60), id: z.string().uuid('The session id is a uuid.') });
export const DashboardAppParams = z.object({ app: z.string().min(1).max(60) });

export const DashboardReportParams = z.object({
  report: z.string().min(1).max(60),
  sessionId: z.string().uuid('The session id is a uuid.'),
});
export const DashboardReportResponse = z.object({
  reports: z.array(z.object({ id: z.string(), embedUrl: z.string() })).length(1),
  token: z.string(),
  expiration: z.string().optional(),
});
export type DashboardReportResponse = z.infer<typeof DashboardReportResponse>;

const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is yyyy-MM.');
export const DashboardDataQuery = z.object({
  token: z.string().min(1, 'The embed token of the report response is required.').max(2000),
  from: Month.optional(),
  to: Month.optional(),
  /** Comma-separated BUs (narrowed to the caller's; never widened). */
  bu: z.string().max(200).optional(),
  airport: z.string().max(200).optional(),
});
export type DashboardDataQuery = z.infer<typeof DashboardDataQuery>;

export const WidgetSource = z.object({
  kpis: z.array(z.object({ useCase: z.string(), kpi: z.string(), table: z.string(), definition: z.string() })),
  /** The delivery months and files the numbers were computed from. */
  deliveries: z.array(z.object({ useCase: z.string(), table: z.string(), month: z.string(), file: z.string() })),
  quality: z.array(KpiQuality),
});

export const WidgetData = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(DASHBOARD_WIDGET_KINDS),
  query: SemanticQuery,
  columns: z.array(SemanticColumn),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  truncated: z.boolean(),
  /** The months its figures cover ("2025-01 to 2025-12"), or null when it read none. */
  period: z.string().nullable(),
  notices: z.array(z.string()),
  source: WidgetSource,
});
export type WidgetData = z.infer<typeof WidgetData>;

export const DashboardData = z.object({
  key: z.string(),
  title: z.string(),
  widgets: z.array(WidgetData),
});
export type DashboardData = z.infer<typeof DashboardData>;

export const ReportRenderedRequest = z.object({
  sessionId: z.string().uuid('The session id is a uuid.'),
  renderTime: z.number().min(0, 'The render time is in seconds, 0 or more.').max(3600),
});
