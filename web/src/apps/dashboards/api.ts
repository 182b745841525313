import {
  DashboardCatalogue,
  DashboardData,
  DashboardReportResponse,
  DashboardSessionCreated,
  DashboardSessionInfo,
} from '@hangar/contract';
import { apiFetch, apiJson } from '../../api/client';
import { type AnswerSnapshot, readAnswerStream } from '../chat';

// The dashboard report screen's calls (spec section 7, "Dashboards and streamlit"). Sessions are
// opened for the generic "dashboard" app: one per open dashboard tab, whatever it shows.

const APP = 'dashboard';

export const DASHBOARD_API = {
  catalogue: '/api/v1/dashboards',
  createSession: `/api/v1/${APP}/create-session`,
  session: (id: string) => `/api/v1/${APP}/get-session/${encodeURIComponent(id)}`,
  deleteSession: (id: string) => `/api/v1/${APP}/delete-session/${encodeURIComponent(id)}`,
  report: (key: string, sessionId: string) => `/api/v1/dashboard/${encodeURIComponent(key)}/${encodeURIComponent(sessionId)}`,
  rendered: '/api/v1/dashboard/report-rendered',
  assistant: '/api/nav_chat/askstream',
} as const;

export const dashboardKeys = {
  catalogue: ['dashboards', 'catalogue'] as const,
};

/** The filters of the screen's top bar: months yyyy-MM, BU and airport codes (empty: all of the user's). */
export interface DashboardFilters {
  from: string;
  to: string;
  bu: string;
  airport: string;
}

export const fetchDashboards = () => apiJson(DASHBOARD_API.catalogue, DashboardCatalogue);

export const createSession = () => apiJson(DASHBOARD_API.createSession, DashboardSessionCreated, { method: 'POST' });

export const fetchSession = (id: string) => apiJson(DASHBOARD_API.session(id), DashboardSessionInfo);

export const deleteSession = (id: string) => apiFetch(DASHBOARD_API.deleteSession(id), { method: 'DELETE' }).then(() => undefined);

export const fetchReport = (key: string, sessionId: string) => apiJson(DASHBOARD_API.report(key, sessionId), DashboardReportResponse);

/** The builtin report's widget data: its embed URL with the embed token and the filters. */
export function fetchWidgetData(report: DashboardReportResponse, filters: DashboardFilters): Promise<DashboardData> {
  const params = new URLSearchParams({ token: report.token });
  for (const key of ['from', 'to', 'bu', 'airport'] as const) if (filters[key]) params.set(key, filters[key]);
  return apiJson(`${report.reports[0]!.embedUrl}?${params}`, DashboardData);
}

export const postRendered = (sessionId: string, renderTime: number) =>
  apiFetch(DASHBOARD_API.rendered, { method: 'POST', body: JSON.stringify({ sessionId, renderTime }) }).then(() => undefined);

/** Asks the dashboard assistant; the answer streams as the classic chat's does (text, then the credit chunk). */
export async function askAssistant(
  body: { id: string; message: string; uc: 'Traffic' | 'Ops' },
  onUpdate: (snapshot: AnswerSnapshot) => void,
): Promise<AnswerSnapshot> {
  const response = await apiFetch(DASHBOARD_API.assistant, { method: 'POST', body: JSON.stringify(body) });
  if (!response.body) throw new Error('The assistant sent no answer.');
  return readAnswerStream(response.body, onUpdate);
}
