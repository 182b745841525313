import { AppError } from '../../../platform/errors.ts';
import type { EntraTokenSource } from './entra.ts';
import { type Fetch, PowerBiRateLimited, reach, readJson, retryAfterSeconds } from './http.ts';

export interface PowerBiReportRef {
  workspaceId: string;
  reportId: string;
}

export interface PowerBiReport {
  id: string;
  embedUrl: string;
  datasetId: string;
}

export interface EmbedToken {
  token: string;
  tokenId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  expiration: string;
}

interface RestOptions {
  apiUrl: string;
  entra: EntraTokenSource;
  fetch: Fetch;
  now: () => number;
  timeoutMs: number;
}

/** The two Power BI REST calls the embedding needs, with their failures turned into messages an administrator can act on. */
export class PowerBiRest {
  private readonly o: RestOptions;

  constructor(o: RestOptions) {
    this.o = o;
  }

  private url(path: string): string {
    return `${this.o.apiUrl.replace(/\/$/, '')}/v1.0/myorg${path}`;
  }

  /** Reports - Get Report In Group: the embed URL must come from here (it carries a config parameter), never be built. */
  async getReport(ref: PowerBiReportRef, what: string): Promise<PowerBiReport> {
    const path = `/groups/${encodeURIComponent(ref.workspaceId)}/reports/${encodeURIComponent(ref.reportId)}`;
    const body = await this.call('GET', path, undefined, what, ref);
    const { id, embedUrl, datasetId } = body;
    if (typeof id !== 'string' || typeof embedUrl !== 'string' || !embedUrl.startsWith('https://'))
      throw new AppError('UNAVAILABLE', `Power BI is unavailable: the report of ${what} came back without an id and embedUrl.`);
    if (typeof datasetId !== 'string' || !datasetId)
      throw new AppError(
        'UNAVAILABLE',
        `Power BI is unavailable: the report of ${what} has no dataset (a paginated report cannot be embedded here).`,
      );
    return { id, embedUrl, datasetId };
  }

  /**
   * Embed Token - Generate Token (the V2, multi-resource call Microsoft recommends): view access to one report and its
   * dataset. No targetWorkspaces: that list only grants creating and saving reports in a workspace, which viewers must not do.
   */
  async generateToken(report: PowerBiReport, ref: PowerBiReportRef, what: string): Promise<EmbedToken> {
    const body = await this.call(
      'POST',
      '/GenerateToken',
      { datasets: [{ id: report.datasetId }], reports: [{ id: report.id }] },
      what,
      ref,
    );
    const { token, tokenId, expiration } = body;
    const expiresAt = typeof expiration === 'string' ? Date.parse(expiration) : Number.NaN;
    if (typeof token !== 'string' || !token || Number.isNaN(expiresAt))
      throw new AppError('UNAVAILABLE', `Power BI is unavailable: GenerateToken for ${what} answered without a token and expiration.`);
    return { token, tokenId: typeof tokenId === 'string' ? tokenId : '', expiresAt, expiration: new Date(expiresAt).toISOString() };
  }

  /** One call with the app's Entra token; a 401 (token revoked or expired early) is retried once with a fresh one. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    json: unknown,
    what: string,
    ref: PowerBiReportRef,
  ): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const { token } = await this.o.entra.accessToken();
      const res = await reach(
        this.o.fetch,
        'the Power BI API',
        this.url(path),
        {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(json ? { 'content-type': 'application/json' } : {}),
          },
          body: json ? JSON.stringify(json) : undefined,
        },
        this.o.timeoutMs,
      );
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel();
        this.o.entra.invalidate();
        continue;
      }
      const body = await readJson(res);
      if (res.ok && body) return body;
      throw this.explain(res, body, method === 'GET' ? 'reading the report' : 'generating the embed token', what, ref);
    }
  }

  /** Power BI's error body: {"error":{"code":"PowerBIEntityNotFound", "pbi.error":{…}}}; the code is what support asks for. */
  private explain(res: Response, body: Record<string, unknown> | undefined, step: string, what: string, ref: PowerBiReportRef): AppError {
    const error = body?.error as { code?: unknown; message?: unknown } | undefined;
    const code = typeof error?.code === 'string' ? ` (${error.code})` : '';
    const where = `report ${ref.reportId} in workspace ${ref.workspaceId}`;
    switch (res.status) {
      case 401:
        return new AppError('UNAVAILABLE', `Power BI is unavailable: the API refused the app's token while ${step} for ${what}${code}.`);
      case 403:
        return new AppError(
          'UNAVAILABLE',
          `Power BI is unavailable: the app may not use ${where}${code}; add its service principal to the workspace and allow service principals in the Power BI admin settings.`,
        );
      case 404:
        return new AppError('UNAVAILABLE', `Power BI has no ${where}${code}; check POWERBI_REPORTS for ${what}.`);
      case 429: {
        const seconds = retryAfterSeconds(res.headers.get('retry-after'), this.o.now());
        return new PowerBiRateLimited(`Power BI is busy (too many requests); try ${what} again in ${seconds} seconds.`, seconds);
      }
      default:
        return new AppError('UNAVAILABLE', `Power BI is unavailable: HTTP ${res.status}${code} while ${step} for ${what}.`);
    }
  }
}
