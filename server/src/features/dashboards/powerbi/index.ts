import type { Config } from '../../../config.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ReportProvider, ReportResponse } from '../providers.ts';
import { EntraTokenSource } from './entra.ts';
import type { Fetch } from './http.ts';
import { type EmbedToken, type PowerBiReport, type PowerBiReportRef, PowerBiRest } from './rest.ts';

export { PowerBiRateLimited } from './http.ts';

export interface PowerBiOptions {
  /** The clock (epoch ms); tests move it to cross expiries. */
  now?: () => number;
  fetch?: Fetch;
  /** A new embed token is asked for this long before the current one expires. */
  refreshBeforeMs?: number;
  /** Each call to Entra ID or Power BI gives up after this long. */
  timeoutMs?: number;
}

export interface PowerBiProvider extends ReportProvider {
  kind: 'powerbi';
  /** The dashboard ids and report keys that have a Power BI report configured. */
  configuredKeys(): string[];
  /** Calls to Entra ID and to GenerateToken so far (for tests and metrics). */
  stats(): { entraTokenRequests: number; embedTokenRequests: number };
}

type PowerBiConfig = Pick<
  Config,
  'POWERBI_TENANT_ID' | 'POWERBI_CLIENT_ID' | 'POWERBI_CLIENT_SECRET' | 'POWERBI_AUTHORITY_URL' | 'POWERBI_API_URL' | 'POWERBI_REPORTS'
>;

interface CachedEmbed {
  report: PowerBiReport;
  embed: EmbedToken;
}

/**
 * Power BI Embedded, "app owns data": the app's Entra token reads the report and mints a view-only embed token, cached
 * per report and renewed before it expires. Null when Power BI is not configured (config.ts checks the keys go together).
 */
export function createPowerBiProvider(config: PowerBiConfig, opts: PowerBiOptions = {}): PowerBiProvider | null {
  const { POWERBI_TENANT_ID: tenantId, POWERBI_CLIENT_ID: clientId, POWERBI_CLIENT_SECRET: clientSecret } = config;
  if (!tenantId || !clientId || !clientSecret || !Object.keys(config.POWERBI_REPORTS).length) return null;
  const now = opts.now ?? Date.now;
  const fetchImpl = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const refreshBeforeMs = opts.refreshBeforeMs ?? 5 * 60_000;
  const entra = new EntraTokenSource({
    authorityUrl: config.POWERBI_AUTHORITY_URL,
    tenantId,
    clientId,
    clientSecret,
    fetch: fetchImpl,
    now,
    timeoutMs,
  });
  const rest = new PowerBiRest({ apiUrl: config.POWERBI_API_URL, entra, fetch: fetchImpl, now, timeoutMs });
  const cache = new Map<string, CachedEmbed>();
  const inFlight = new Map<string, Promise<CachedEmbed>>();
  let embedTokenRequests = 0;

  const mint = async (ref: PowerBiReportRef, what: string): Promise<CachedEmbed> => {
    const report = await rest.getReport(ref, what);
    embedTokenRequests++;
    const embed = await rest.generateToken(report, ref, what);
    return { report, embed };
  };

  return {
    kind: 'powerbi',
    configuredKeys: () => Object.keys(config.POWERBI_REPORTS),
    stats: () => ({ entraTokenRequests: entra.requests, embedTokenRequests }),
    async embed({ dashboardId, reportKey }): Promise<ReportResponse> {
      const key = reportKey in config.POWERBI_REPORTS ? reportKey : dashboardId;
      const ref = config.POWERBI_REPORTS[key];
      if (!ref) throw new AppError('NOT_FOUND', `Dashboard ${dashboardId} has no Power BI report configured (POWERBI_REPORTS).`);
      const cacheKey = `${ref.workspaceId}/${ref.reportId}`;
      let entry = cache.get(cacheKey);
      if (!entry || now() >= entry.embed.expiresAt - refreshBeforeMs) {
        let pending = inFlight.get(cacheKey);
        if (!pending) {
          pending = mint(ref, `dashboard ${dashboardId}`).finally(() => inFlight.delete(cacheKey));
          inFlight.set(cacheKey, pending);
        }
        entry = await pending;
        cache.set(cacheKey, entry);
      }
      return {
        reports: [{ id: entry.report.id, embedUrl: entry.report.embedUrl }],
        token: entry.embed.token,
        expiration: entry.embed.expiration,
      };
    },
  };
}
