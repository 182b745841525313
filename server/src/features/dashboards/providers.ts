/**
 * How a dashboard is shown: the spec's report response (section 3), made by the provider the
 * dashboard is configured with. 'builtin' draws the portal's own widgets over the governed
 * warehouse; 'powerbi' embeds a Power BI report ("app owns data").
 */
export interface ReportResponse {
  reports: [{ id: string; embedUrl: string }];
  token: string;
  /** ISO date-time the token stops working, when the provider says. */
  expiration?: string;
}

export interface ReportProvider {
  kind: 'builtin' | 'powerbi';
  /** `sessionEndsAt`: when the caller's live session ends (the route has just checked it). */
  embed(input: { dashboardId: string; reportKey: string; userId: string; sessionId: string; sessionEndsAt: Date }): Promise<ReportResponse>;
  /** The dashboard ids and report keys it has a report for, when it is configured per dashboard (Power BI). */
  configuredKeys?(): string[];
}

export type ProviderKind = ReportProvider['kind'];
