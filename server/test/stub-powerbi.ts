import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './free-port.ts';

export type StubRoute = 'token' | 'report' | 'generateToken';

/** A scripted answer for the next `times` calls (default 1) of one route, instead of the normal one. */
export interface StubFailure {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  times?: number;
}

export interface StubPowerBiOptions {
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  /** The stub's clock for embed-token expirations (share the provider's fake clock). */
  now?: () => number;
}

const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';

/**
 * One local server speaking both wire protocols the Power BI provider uses: Entra ID's v2 token endpoint
 * (`{authority}/{tenant}/oauth2/v2.0/token`, form-encoded client credentials) under /entra, and the Power BI REST routes
 * (`/v1.0/myorg/groups/{g}/reports/{r}`, `/v1.0/myorg/GenerateToken`) under /pbi, with Entra's and Power BI's error bodies.
 */
export async function startStubPowerBi(options: StubPowerBiOptions = {}) {
  const tenantId = options.tenantId ?? '11111111-1111-4111-8111-111111111111';
  const clientId = options.clientId ?? '22222222-2222-4222-8222-222222222222';
  const clientSecret = options.clientSecret ?? 'stub-secret-value';
  const now = options.now ?? Date.now;
  let accessTokenSeconds = 3599;
  let embedTokenSeconds = 3600;
  const reports = new Map<string, { name: string; datasetId: string }>();
  const validAccessTokens = new Set<string>();
  const failures = new Map<StubRoute, StubFailure[]>();
  const requests: { route: StubRoute | 'unknown'; method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const entraError = (res: ServerResponse, status: number, error: string, aadsts: string, text: string) =>
    json(res, status, {
      error,
      error_description: `${aadsts}: ${text} Trace ID: ${randomUUID()} Correlation ID: ${randomUUID()} Timestamp: ${new Date().toISOString()}`,
      error_codes: [Number(aadsts.slice(6))],
      timestamp: new Date().toISOString(),
      trace_id: randomUUID(),
      correlation_id: randomUUID(),
    });
  const pbiError = (res: ServerResponse, status: number, code: string) =>
    json(res, status, { error: { code, 'pbi.error': { code, parameters: {}, details: [] } } }, { requestid: randomUUID() });
  const scripted = (route: StubRoute, res: ServerResponse) => {
    const queue = failures.get(route);
    const next = queue?.[0];
    if (!next) return false;
    next.times = (next.times ?? 1) - 1;
    if (next.times <= 0) queue.shift();
    json(res, next.status, next.body, next.headers);
    return true;
  };
  const bearerOk = (req: IncomingMessage) => {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return !!match && validAccessTokens.has(match[1] ?? '');
  };

  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://stub');
    const tokenPath = /^\/entra\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    const reportPath = /^\/pbi\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)$/.exec(url.pathname);
    const route: StubRoute | 'unknown' = tokenPath
      ? 'token'
      : reportPath
        ? 'report'
        : url.pathname === '/pbi/v1.0/myorg/GenerateToken'
          ? 'generateToken'
          : 'unknown';
    requests.push({ route, method: req.method ?? '', url: url.pathname, headers: req.headers, body });

    if (route === 'token' && tokenPath) {
      if (req.method !== 'POST') return entraError(res, 405, 'invalid_request', 'AADSTS900561', 'The endpoint only accepts POST requests.');
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        return entraError(
          res,
          400,
          'invalid_request',
          'AADSTS900144',
          "The request body must contain the following parameter: 'grant_type'.",
        );
      if (scripted('token', res)) return;
      const form = new URLSearchParams(body);
      if (decodeURIComponent(tokenPath[1] ?? '') !== tenantId)
        return entraError(res, 400, 'invalid_request', 'AADSTS90002', `Tenant '${tokenPath[1]}' not found.`);
      if (form.get('grant_type') !== 'client_credentials')
        return entraError(res, 400, 'unsupported_grant_type', 'AADSTS70003', 'The app requested an unsupported grant type.');
      if (form.get('client_id') !== clientId)
        return entraError(
          res,
          400,
          'unauthorized_client',
          'AADSTS700016',
          `Application with identifier '${form.get('client_id')}' was not found in the directory.`,
        );
      if (form.get('client_secret') !== clientSecret)
        return entraError(
          res,
          401,
          'invalid_client',
          'AADSTS7000215',
          'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.',
        );
      if (form.get('scope') !== POWERBI_SCOPE)
        return entraError(res, 400, 'invalid_scope', 'AADSTS70011', `The provided value for scope ${form.get('scope')} is not valid.`);
      const accessToken = `eyJ0eXAiOiJKV1QifQ.${randomBytes(24).toString('base64url')}.stub`;
      validAccessTokens.add(accessToken);
      return json(res, 200, {
        token_type: 'Bearer',
        expires_in: accessTokenSeconds,
        ext_expires_in: accessTokenSeconds,
        access_token: accessToken,
      });
    }

    if (route === 'report' && reportPath) {
      if (req.method !== 'GET') return pbiError(res, 405, 'MethodNotAllowed');
      if (!bearerOk(req)) return json(res, 401, undefined, { 'www-authenticate': 'Bearer authorization_uri=stub, error="invalid_token"' });
      if (scripted('report', res)) return;
      const [groupId = '', reportId = ''] = reportPath.slice(1).map(decodeURIComponent);
      const found = reports.get(`${groupId}/${reportId}`);
      if (!found) return pbiError(res, 404, 'PowerBIEntityNotFound');
      return json(res, 200, {
        '@odata.context': `http://stub/v1.0/myorg/groups/${groupId}/$metadata#reports/$entity`,
        id: reportId,
        reportType: 'PowerBIReport',
        name: found.name,
        webUrl: `https://app.powerbi.com/groups/${groupId}/reports/${reportId}`,
        embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${reportId}&groupId=${groupId}&w=2&config=${Buffer.from('{"clusterUrl":"stub"}').toString('base64')}`,
        isFromPbix: true,
        isOwnedByMe: false,
        datasetId: found.datasetId,
        datasetWorkspaceId: groupId,
        users: [],
        subscriptions: [],
      });
    }

    if (route === 'generateToken') {
      if (req.method !== 'POST') return pbiError(res, 405, 'MethodNotAllowed');
      if (!bearerOk(req)) return json(res, 401, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });
      if (scripted('generateToken', res)) return;
      let request: { datasets?: unknown; reports?: unknown; targetWorkspaces?: unknown };
      try {
        request = JSON.parse(body);
      } catch {
        return pbiError(res, 400, 'InvalidRequest');
      }
      const idList = (v: unknown) =>
        Array.isArray(v) && v.every((x) => x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string');
      if (!idList(request.reports) || !(request.reports as unknown[]).length || !idList(request.datasets ?? []))
        return pbiError(res, 400, 'InvalidRequest');
      if (request.targetWorkspaces !== undefined && !idList(request.targetWorkspaces)) return pbiError(res, 400, 'InvalidRequest');
      const known = [...reports.entries()];
      for (const { id } of request.reports as { id: string }[])
        if (!known.some(([key]) => key.endsWith(`/${id}`))) return pbiError(res, 404, 'PowerBIEntityNotFound');
      return json(res, 200, {
        '@odata.context': 'http://stub/v1.0/myorg/$metadata#Microsoft.PowerBI.ServiceContracts.Api.V1.EmbedToken',
        token: `H4sI.${randomBytes(32).toString('base64url')}`,
        tokenId: randomUUID(),
        expiration: new Date(now() + embedTokenSeconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
      });
    }
    json(res, 404, { error: { code: 'NotFound' } });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${port}`;
  return {
    authorityUrl: `${base}/entra`,
    apiUrl: `${base}/pbi`,
    tenantId,
    clientId,
    clientSecret,
    requests,
    /** A report Power BI knows; returns its dataset id. */
    addReport(workspaceId: string, reportId: string, name = 'Stub report') {
      const datasetId = randomUUID();
      reports.set(`${workspaceId}/${reportId}`, { name, datasetId });
      return datasetId;
    },
    /** Lifetimes of the tokens issued from now on, in seconds. */
    setLifetimes(next: { accessTokenSeconds?: number; embedTokenSeconds?: number }) {
      accessTokenSeconds = next.accessTokenSeconds ?? accessTokenSeconds;
      embedTokenSeconds = next.embedTokenSeconds ?? embedTokenSeconds;
    },
    /** Every access token issued so far stops working (Power BI answers 401). */
    revokeAccessTokens() {
      validAccessTokens.clear();
    },
    fail(route: StubRoute, failure: StubFailure) {
      failures.set(route, [...(failures.get(route) ?? []), failure]);
    },
    count: (route: StubRoute) => requests.filter((r) => r.route === route).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StubPowerBi = Awaited<ReturnType<typeof startStubPowerBi>>;
