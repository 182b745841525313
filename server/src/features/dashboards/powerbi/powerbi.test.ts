import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/free-port.ts';
import { type StubPowerBi, startStubPowerBi } from '../../../../test/stub-powerbi.ts';
import { loadConfig } from '../../../config.ts';
import { AppError } from '../../../platform/errors.ts';
import { createPowerBiProvider, PowerBiRateLimited } from './index.ts';

const WORKSPACE = '33333333-3333-4333-8333-333333333333';
const REPORT = '44444444-4444-4444-8444-444444444444';
const LGW_RETAIL = '55555555-5555-4555-8555-555555555555';
const MISSING = '66666666-6666-4666-8666-666666666666';
const FINANCE = '77777777-7777-4777-8777-777777777777';
const MINUTE = 60_000;

let clock = Date.parse('2026-11-24T10:00:00Z');
const now = () => clock;
let stub: StubPowerBi;
let datasetId: string;

beforeAll(async () => {
  stub = await startStubPowerBi({ now });
  datasetId = stub.addReport(WORKSPACE, REPORT, 'Traffic');
  stub.addReport(WORKSPACE, LGW_RETAIL, 'Retail LGW');
  stub.addReport(WORKSPACE, FINANCE, 'Finance');
});
afterAll(() => stub.close());
afterEach(() => {
  stub.setLifetimes({ accessTokenSeconds: 3599, embedTokenSeconds: 3600 });
});

/** The provider as the server builds it: from environment variables, through loadConfig's validation. */
function provider(env: Record<string, string> = {}) {
  const config = loadConfig({
    POWERBI_TENANT_ID: stub.tenantId,
    POWERBI_CLIENT_ID: stub.clientId,
    POWERBI_CLIENT_SECRET: stub.clientSecret,
    POWERBI_AUTHORITY_URL: stub.authorityUrl,
    POWERBI_API_URL: stub.apiUrl,
    POWERBI_REPORTS: JSON.stringify({
      '10': { workspaceId: WORKSPACE, reportId: REPORT },
      '13:LGW': { workspaceId: WORKSPACE, reportId: LGW_RETAIL },
      '20': { workspaceId: WORKSPACE, reportId: MISSING },
      '21': { workspaceId: WORKSPACE, reportId: FINANCE },
    }),
    ...env,
  });
  const p = createPowerBiProvider(config, { now, timeoutMs: 2000 });
  if (!p) throw new Error('expected a provider');
  return p;
}
const input = (dashboardId: string, reportKey = dashboardId) => ({
  dashboardId,
  reportKey,
  userId: 'u1',
  sessionId: randomUUID(),
  sessionEndsAt: new Date(Date.now() + 35 * 60_000),
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('Power BI provider (app owns data) against the local Entra and Power BI stubs', () => {
  it('answers the spec shape: the report id, the embed URL Power BI gave, and a view-only embed token', async () => {
    const before = stub.requests.length;
    const answer = await provider().embed(input('10'));
    expect(answer.reports).toHaveLength(1);
    expect(answer.reports[0].id).toBe(REPORT);
    expect(answer.reports[0].embedUrl).toMatch(
      new RegExp(`^https://app\\.powerbi\\.com/reportEmbed\\?reportId=${REPORT}&groupId=${WORKSPACE}&.*config=`),
    );
    expect(answer.token).toMatch(/^H4sI\./);
    expect(Date.parse(answer.expiration ?? '')).toBe(clock + 3600_000);

    const [token, report, generate] = stub.requests.slice(before);
    expect(token?.route).toBe('token');
    expect(token?.url).toBe(`/entra/${stub.tenantId}/oauth2/v2.0/token`);
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: stub.clientId,
      client_secret: stub.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    expect(report?.route).toBe('report');
    expect(report?.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(generate?.route).toBe('generateToken');
    // The V2 body: the report and its dataset, no target workspace (that would let viewers save reports).
    expect(JSON.parse(generate?.body ?? '')).toEqual({ datasets: [{ id: datasetId }], reports: [{ id: REPORT }] });
  });

  it('uses the report key before the dashboard id (LGW Retail is a different report)', async () => {
    const answer = await provider().embed(input('13', '13:LGW'));
    expect(answer.reports[0].id).toBe(LGW_RETAIL);
    await expect(provider().embed(input('11'))).rejects.toThrow(/Dashboard 11 has no Power BI report configured \(POWERBI_REPORTS\)/);
  });

  it('keeps the Entra token while it has 40 minutes left, then asks for a fresh one', async () => {
    const p = provider();
    await p.embed(input('10'));
    clock += 19 * MINUTE; // 40 min 59 s of the 3599 s token left: it still covers a 35-minute session
    await p.embed(input('13', '13:LGW'));
    await p.embed(input('10')); // its embed token is still good: no call at all
    expect(p.stats()).toEqual({ entraTokenRequests: 1, embedTokenRequests: 2 });
    const minted = stub.requests.filter((r) => r.route !== 'token').length;
    clock += 1 * MINUTE; // under 40 minutes left: an embed token minted now would expire with it
    await p.embed(input('21'));
    expect(p.stats()).toEqual({ entraTokenRequests: 2, embedTokenRequests: 3 });
    expect(stub.requests.filter((r) => r.route !== 'token').length).toBe(minted + 2);
    clock += 10 * MINUTE;
    await p.embed(input('13', '13:LGW')); // still cached
    expect(p.stats()).toEqual({ entraTokenRequests: 2, embedTokenRequests: 3 });
  });

  it('renews the embed token 5 minutes before it expires, not sooner', async () => {
    stub.setLifetimes({ embedTokenSeconds: 10 * 60 });
    const p = provider();
    const first = await p.embed(input('10'));
    clock += 4 * MINUTE + 59_000;
    expect((await p.embed(input('10'))).token).toBe(first.token);
    clock += 2000; // 4 min 59 s left
    const second = await p.embed(input('10'));
    expect(second.token).not.toBe(first.token);
    expect(Date.parse(second.expiration ?? '')).toBe(clock + 10 * MINUTE);
    expect(p.stats().embedTokenRequests).toBe(2);
  });

  it('asks once when many users open the same report at the same moment', async () => {
    const p = provider();
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.embed(input('10'))));
    expect(new Set(answers.map((a) => a.token)).size).toBe(1);
    expect(p.stats()).toEqual({ entraTokenRequests: 1, embedTokenRequests: 1 });
    // Different reports at once share one Entra token request.
    const fresh = provider();
    await Promise.all([fresh.embed(input('10')), fresh.embed(input('13', '13:LGW')), fresh.embed(input('21'))]);
    expect(fresh.stats()).toEqual({ entraTokenRequests: 1, embedTokenRequests: 3 });
  });

  it('retries once with a fresh Entra token when Power BI refuses the cached one', async () => {
    stub.setLifetimes({ embedTokenSeconds: 60 });
    const p = provider();
    await p.embed(input('10'));
    stub.revokeAccessTokens();
    clock += MINUTE;
    expect((await p.embed(input('10'))).reports[0].id).toBe(REPORT);
    expect(p.stats().entraTokenRequests).toBe(2);
  });

  it('a wrong client secret is a 503 naming the cause, never the secret', async () => {
    const err = await failure(provider({ POWERBI_CLIENT_SECRET: 'wrong-secret-123' }).embed(input('10')));
    expect(err.status).toBe(503);
    expect(err.message).toMatch(/Entra ID refused the app's credentials \(invalid_client: AADSTS7000215: Invalid client secret provided\)/);
    expect(err.message).toMatch(/check POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET/);
    expect(err.message).not.toContain('wrong-secret-123');
  });

  it('an unknown app or tenant points at the ids to check', async () => {
    const app = await failure(provider({ POWERBI_CLIENT_ID: randomUUID() }).embed(input('10')));
    expect(app.message).toMatch(/unauthorized_client: AADSTS700016.*check POWERBI_TENANT_ID and POWERBI_CLIENT_ID/);
    const tenant = await failure(provider({ POWERBI_TENANT_ID: 'other.onmicrosoft.com' }).embed(input('10')));
    expect(tenant.message).toMatch(/AADSTS90002: Tenant 'other\.onmicrosoft\.com' not found.*check POWERBI_TENANT_ID/);
  });

  it('an Entra 400 invalid_client (certificate or secret id sent) is explained too', async () => {
    stub.fail('token', {
      status: 400,
      body: { error: 'invalid_client', error_description: 'AADSTS7000216: client_assertion or client_secret is required.\r\nTrace ID: x' },
    });
    const err = await failure(provider().embed(input('10')));
    expect(err.message).toMatch(/\(invalid_client: AADSTS7000216: client_assertion or client_secret is required\)/);
    expect(err.message).not.toContain('Trace ID');
    stub.fail('token', {
      status: 400,
      body: { error: 'invalid_request', error_description: `AADSTS900023: bad value ${stub.clientSecret} given` },
    });
    const echoed = await failure(provider().embed(input('10')));
    expect(echoed.message).toContain('AADSTS900023: bad value *** given');
    expect(echoed.message).not.toContain(stub.clientSecret);
  });

  it('a report Power BI does not know is a 503 naming the report, the workspace and the setting', async () => {
    const err = await failure(provider().embed(input('20')));
    expect(err.status).toBe(503);
    expect(err.message).toBe(
      `Power BI has no report ${MISSING} in workspace ${WORKSPACE} (PowerBIEntityNotFound); check POWERBI_REPORTS for dashboard 20.`,
    );
  });

  it('a workspace the service principal is not in says how to grant it', async () => {
    stub.fail('report', { status: 403, body: { error: { code: 'Unauthorized' } } });
    const err = await failure(provider().embed(input('10')));
    expect(err.message).toMatch(/may not use report .* \(Unauthorized\); add its service principal to the workspace/);
  });

  it('429 from GenerateToken is a rate-limit error carrying Retry-After', async () => {
    stub.fail('generateToken', { status: 429, body: { error: { code: 'TooManyRequests' } }, headers: { 'retry-after': '37' } });
    const p = provider();
    const err = await failure(p.embed(input('10')));
    expect(err).toBeInstanceOf(PowerBiRateLimited);
    expect(err.status).toBe(429);
    expect((err as PowerBiRateLimited).retryAfterSeconds).toBe(37);
    expect(err.message).toBe('Power BI is busy (too many requests); try dashboard 10 again in 37 seconds.');
    // Nothing bad was cached: the next call succeeds.
    expect((await p.embed(input('10'))).reports[0].id).toBe(REPORT);
  });

  it('Entra throttling and outages, and Power BI server errors, say so rather than blaming the credentials', async () => {
    const at = new Date(clock + 90_000).toUTCString(); // Retry-After may also be an HTTP date
    stub.fail('token', { status: 429, headers: { 'retry-after': at } });
    const throttled = await failure(provider().embed(input('10')));
    expect(throttled).toBeInstanceOf(PowerBiRateLimited);
    expect((throttled as PowerBiRateLimited).retryAfterSeconds).toBe(90);
    stub.fail('token', { status: 503, body: { error: 'temporarily_unavailable' } });
    expect((await failure(provider().embed(input('10')))).message).toBe(
      'Power BI is unavailable: Entra ID failed (HTTP 503); try again later.',
    );
    stub.fail('report', { status: 500, body: { error: { code: 'InternalServerError' } } });
    expect((await failure(provider().embed(input('10')))).message).toBe(
      'Power BI is unavailable: HTTP 500 (InternalServerError) while reading the report for dashboard 10.',
    );
  });

  it('a short-lived Entra token is kept for half its life', async () => {
    stub.setLifetimes({ accessTokenSeconds: 20 * 60, embedTokenSeconds: 60 });
    const p = provider();
    await p.embed(input('10'));
    clock += 9 * MINUTE;
    await p.embed(input('10'));
    expect(p.stats()).toEqual({ entraTokenRequests: 1, embedTokenRequests: 2 });
    clock += 2 * MINUTE;
    await p.embed(input('10'));
    expect(p.stats()).toEqual({ entraTokenRequests: 2, embedTokenRequests: 3 });
  });

  it('Entra ID or Power BI unreachable is a 503 naming the service and the cause', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const entraDown = await failure(provider({ POWERBI_AUTHORITY_URL: closed }).embed(input('10')));
    expect(entraDown.status).toBe(503);
    expect(entraDown.message).toBe(`Power BI is unavailable: could not reach Entra ID at ${closed} (ECONNREFUSED).`);
    const apiDown = await failure(provider({ POWERBI_API_URL: closed }).embed(input('10')));
    expect(apiDown.message).toBe(`Power BI is unavailable: could not reach the Power BI API at ${closed} (ECONNREFUSED).`);
  });
});

describe('Power BI configuration', () => {
  const complete = {
    POWERBI_TENANT_ID: 'contoso.onmicrosoft.com',
    POWERBI_CLIENT_ID: 'c',
    POWERBI_CLIENT_SECRET: 's',
    POWERBI_REPORTS: JSON.stringify({ '10': { workspaceId: WORKSPACE, reportId: REPORT } }),
  };

  it('is off (no provider) when nothing is set, with the public endpoints as defaults', () => {
    const c = loadConfig({});
    expect(c.POWERBI_AUTHORITY_URL).toBe('https://login.microsoftonline.com');
    expect(c.POWERBI_API_URL).toBe('https://api.powerbi.com');
    expect(createPowerBiProvider(c)).toBeNull();
    expect(createPowerBiProvider(loadConfig(complete))?.configuredKeys()).toEqual(['10']);
  });

  it.each([
    [{ ...complete, POWERBI_REPORTS: '{"10":' }, 'POWERBI_REPORTS: must be JSON'],
    [
      { ...complete, POWERBI_REPORTS: '{"10":{"workspaceId":"abc","reportId":"x"}}' },
      'POWERBI_REPORTS: at 10.workspaceId: must be the workspace \\(group\\) GUID',
    ],
    [{ ...complete, POWERBI_REPORTS: JSON.stringify({ '10': { reportId: REPORT } }) }, 'POWERBI_REPORTS: at 10.workspaceId'],
    [{ ...complete, POWERBI_TENANT_ID: 'a/b' }, 'POWERBI_TENANT_ID: must be a tenant GUID or domain'],
    [{ ...complete, POWERBI_API_URL: 'not a url' }, 'POWERBI_API_URL:'],
    [{ ...complete, POWERBI_CLIENT_SECRET: '' }, 'POWERBI_CLIENT_SECRET: required when Power BI is configured'],
    [{ POWERBI_REPORTS: complete.POWERBI_REPORTS }, 'POWERBI_TENANT_ID: required when Power BI is configured'],
    [{ ...complete, POWERBI_REPORTS: '{}' }, 'POWERBI_REPORTS: required when Power BI is configured'],
  ])('refuses to start on %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${message}`));
  });
});
