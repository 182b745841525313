import { AppError } from '../../../platform/errors.ts';
import { type Fetch, PowerBiRateLimited, reach, readJson, retryAfterSeconds } from './http.ts';

export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** An embed token lives at most as long as the Entra token that minted it has left; a portal session lasts 35 minutes. */
const WANTED_REMAINING_MS = 40 * 60_000;

export interface EntraOptions {
  authorityUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  fetch: Fetch;
  now: () => number;
  timeoutMs: number;
}

interface Cached {
  accessToken: string;
  expiresAt: number;
  /** Reused until then; later a fresh token is fetched (see WANTED_REMAINING_MS). */
  refreshAt: number;
}

/** Entra ID client-credentials tokens for the Power BI API, cached until shortly before they expire. */
export class EntraTokenSource {
  private cached?: Cached;
  private inFlight?: Promise<Cached>;
  /** Token requests sent (for tests and metrics). */
  requests = 0;

  private readonly o: EntraOptions;

  constructor(o: EntraOptions) {
    this.o = o;
  }

  get tokenUrl(): string {
    return `${this.o.authorityUrl.replace(/\/$/, '')}/${encodeURIComponent(this.o.tenantId)}/oauth2/v2.0/token`;
  }

  /** A token with enough life left to mint an embed token that covers a portal session. */
  async accessToken(): Promise<{ token: string; expiresAt: number }> {
    const c = this.cached;
    if (c && this.o.now() < c.refreshAt) return { token: c.accessToken, expiresAt: c.expiresAt };
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    const fresh = await this.inFlight;
    return { token: fresh.accessToken, expiresAt: fresh.expiresAt };
  }

  /** Forget the cached token (after Power BI refused it). */
  invalidate(): void {
    this.cached = undefined;
  }

  private async fetchToken(): Promise<Cached> {
    this.requests++;
    const sentAt = this.o.now();
    const res = await reach(
      this.o.fetch,
      'Entra ID',
      this.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.o.clientId,
          client_secret: this.o.clientSecret,
          scope: POWERBI_SCOPE,
        }),
      },
      this.o.timeoutMs,
    );
    const body = await readJson(res);
    if (res.status === 429) {
      const seconds = retryAfterSeconds(res.headers.get('retry-after'), this.o.now());
      throw new PowerBiRateLimited(`Power BI is busy: Entra ID is throttling token requests; try again in ${seconds} seconds.`, seconds);
    }
    if (res.status >= 500)
      throw new AppError('UNAVAILABLE', `Power BI is unavailable: Entra ID failed (HTTP ${res.status}); try again later.`);
    if (!res.ok) throw this.explain(res.status, body);
    const accessToken = body?.access_token;
    const expiresIn = Number(body?.expires_in);
    if (typeof accessToken !== 'string' || !accessToken || !(expiresIn > 0))
      throw new AppError('UNAVAILABLE', 'Power BI is unavailable: Entra ID answered without an access_token and expires_in.');
    const lifetime = expiresIn * 1000;
    const expiresAt = sentAt + lifetime;
    // A token too short-lived to keep 40 minutes in hand (never seen from Entra, but configurable) is kept for half its life.
    const margin = lifetime > WANTED_REMAINING_MS + 5 * 60_000 ? WANTED_REMAINING_MS : lifetime / 2;
    const cached = { accessToken, expiresAt, refreshAt: expiresAt - margin };
    this.cached = cached;
    return cached;
  }

  /** Entra's error body: {error, error_description "AADSTS7000215: Invalid client secret provided…", error_codes, trace_id…}. */
  private explain(status: number, body: Record<string, unknown> | undefined): AppError {
    const error = typeof body?.error === 'string' ? body.error : `HTTP ${status}`;
    const description = typeof body?.error_description === 'string' ? body.error_description : '';
    // The first sentence names the cause (AADSTS code); the rest is trace and correlation ids. Never echo the secret.
    const firstLine = description.split(/\r?\n/)[0]?.split('. ')[0]?.replace(/\.$/, '').slice(0, 200) ?? '';
    const safe = this.o.clientSecret.length >= 4 ? firstLine.split(this.o.clientSecret).join('***') : firstLine;
    const hint =
      error === 'invalid_client'
        ? 'check POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET (a secret may have expired)'
        : error === 'unauthorized_client' || /AADSTS700016|AADSTS90002/.test(description)
          ? 'check POWERBI_TENANT_ID and POWERBI_CLIENT_ID'
          : error === 'invalid_scope'
            ? 'the app registration cannot be granted the Power BI scope'
            : 'check the Power BI settings';
    return new AppError(
      'UNAVAILABLE',
      `Power BI is unavailable: Entra ID refused the app's credentials (${error}${safe ? `: ${safe}` : ''}); ${hint}.`,
    );
  }
}
