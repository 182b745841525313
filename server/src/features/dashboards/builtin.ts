import type { ReportProvider } from './providers.ts';
import type { EmbedTokens } from './tokens.ts';

/** The widget data route a builtin dashboard's embed URL points to. */
export const dataRoute = (dashboardKey: string) => `/api/v1/dashboard/${encodeURIComponent(dashboardKey)}/data`;

/**
 * The portal's own provider: the embed URL is its widget data route, the token a short-lived
 * signature bound to the user, the dashboard and the session, never outliving the session.
 */
export function createBuiltinProvider(tokens: EmbedTokens, tokenSeconds: number): ReportProvider {
  return {
    kind: 'builtin',
    async embed({ dashboardId, reportKey, userId, sessionId, sessionEndsAt }) {
      const expiresMs = Math.min(Date.now() + tokenSeconds * 1000, sessionEndsAt.getTime());
      const expires = Math.floor(expiresMs / 1000);
      return {
        reports: [{ id: reportKey, embedUrl: dataRoute(dashboardId) }],
        token: tokens.sign({ userId, report: dashboardId, sessionId, expires }),
        expiration: new Date(expires * 1000).toISOString(),
      };
    },
  };
}
