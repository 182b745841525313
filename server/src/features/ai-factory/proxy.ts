import http, { type IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { AI_FACTORY_PROXY_PREFIX } from '@hangar/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, unauthenticated } from '../../platform/errors.ts';
import { APP_PAGE_POLICY } from '../../platform/security-headers.ts';
import { appCookiesFor, scopeAppCookies, scopeSetCookie } from './app-cookies.ts';
import type { RegisteredApp, Registry } from './registry.ts';
import { upstreamUrl } from './registry.ts';
import { type AiFactorySessions, type ProxyIdentity, TICKET_MARK } from './sessions.ts';

/**
 * The reverse proxy that serves each app under the portal's origin (/ai-factory/{id}/…), HTTP
 * through @fastify/reply-from and WebSocket upgrades (Streamlit's /_stcore/stream) piped as bytes.
 * An upgrade goes through Fastify's router like any request, so the same hooks check it.
 */

/** Headers through which the app learns who the user is; anything the browser sends under these names is dropped. */
export const IDENTITY_HEADERS = {
  id: 'x-hangar-user-id',
  email: 'x-hangar-user-email',
  name: 'x-hangar-user-name',
  bu: 'x-hangar-user-bu',
  session: 'x-hangar-session',
} as const;
/** Spoofable identity headers that other proxies use (oauth2-proxy, Apache): never passed on from a browser. */
const STRIPPED =
  /^(x-hangar-|x-forwarded-(user|email|preferred-username|groups|access-token)$|x-auth-request-|remote-user$|x-remote-user$)/;

const kUpgrade = Symbol('ai-factory-upgrade');
type UpgradeRequest = IncomingMessage & { [kUpgrade]?: { socket: Duplex; head: Buffer } };

declare module 'fastify' {
  interface FastifyRequest {
    aiFactory?: { app: RegisteredApp; who: ProxyIdentity; target: URL };
  }
}

export function identityHeaders(request: FastifyRequest, who: ProxyIdentity): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || STRIPPED.test(name) || name === 'authorization') continue;
    if (name === 'cookie') {
      // Only the cookies this app set itself (scoped by name to it): never the portal's, nor its
      // identity provider's sign-in session, which would let the app sign in as the user.
      const own = appCookiesFor(who.appId, String(value));
      if (own) out.cookie = own;
      continue;
    }
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  out[IDENTITY_HEADERS.id] = who.sub;
  out[IDENTITY_HEADERS.email] = who.email;
  // Header values are Latin-1: a name with other letters is sent percent-encoded (decodeURIComponent it).
  out[IDENTITY_HEADERS.name] = encodeURIComponent(who.name);
  if (who.bu) out[IDENTITY_HEADERS.bu] = who.bu;
  out[IDENTITY_HEADERS.session] = who.sessionId;
  out['x-forwarded-host'] = request.headers.host ?? '';
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-for'] = [request.headers['x-forwarded-for'], request.ip].filter(Boolean).join(', ');
  return out;
}

export async function registerProxy(ctx: AppContext, registry: Registry, sessions: AiFactorySessions): Promise<void> {
  const { app } = ctx;

  // Upgraded sockets leave the HTTP server's bookkeeping: the portal closes them itself when it stops.
  const upgraded = new Set<Duplex>();
  app.addHook('preClose', async () => {
    for (const s of upgraded) s.destroy();
  });
  // Upgrades are routed through Fastify (as @fastify/websocket does): hooks answer refusals on the socket.
  // Elsewhere the Upgrade header is ignored: the request gets its ordinary answer, then the socket closes.
  app.server.on('upgrade', (req: UpgradeRequest, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    if (req.url?.startsWith(`${AI_FACTORY_PROXY_PREFIX}/`)) req[kUpgrade] = { socket, head };
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket as never);
    socket.on('error', () => socket.destroy());
    app.routing(req, res);
  });

  async function guard(request: FastifyRequest) {
    const id = Number((request.params as { id: string }).id);
    const target = Number.isInteger(id) ? registry.byId(id) : null;
    if (!target) throw new AppError('NOT_FOUND', `There is no AI Factory app ${String((request.params as { id: string }).id)}.`);
    const { ticket, rest } = splitPath(request.raw.url ?? '', target.id);
    const check = await sessions.verifyTicket(ticket ?? undefined, target.id);
    if (!check.ok) throw unauthenticated(check.reason);
    if (!target.upstream) throw new AppError('UNAVAILABLE', target.notDeployedReason ?? 'This app is not deployed.');
    const url = upstreamUrl(target, rest);
    if (!url) {
      throw badRequest(`This address is outside ${target.title}: the portal only passes on paths of the app itself.`).auditedAs({
        action: 'outbound.refused',
        target: `ai-factory:${target.id}`,
        details: { reason: 'proxy path outside the app', path: rest.slice(0, 300) },
      });
    }
    request.aiFactory = { app: target, who: check.who, target: url };
  }

  await app.register(async (scope: FastifyInstance) => {
    // Bodies (Streamlit's file uploads) pass through as streams, unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // @fastify/reply-from brings its own undici (4 MB of heap, measured: docs/benchmarks.md):
    // loaded only when an app has an upstream. Without one, `guard` answers every request first.
    if (registry.apps.some((a) => a.upstream)) {
      const { default: replyFrom } = await import('@fastify/reply-from');
      await scope.register(replyFrom, {
        undici: { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 },
        disableRequestLogging: true,
      });
    }
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { app: target, who, target: url } = request.aiFactory!;
      const upgrade = (request.raw as UpgradeRequest)[kUpgrade];
      if (upgrade) return pipeUpgrade(request, reply, url, who, upgrade);
      const query = request.raw.url?.includes('?') ? request.raw.url.slice(request.raw.url.indexOf('?')) : '';
      return reply.from(`${url.href}${query}`, {
        rewriteRequestHeaders: () => ({ ...identityHeaders(request, who), host: request.headers.host ?? '' }),
        rewriteHeaders: (headers) => scopeAppCookies(target.id, sandboxedReads(request, framedHeaders(headers))),
        onError: (r, { error }) => {
          r.code(502)
            .type('text/plain; charset=utf-8')
            .send(`The app ${target.title} did not answer (${error.message}). Try again, or wake it from its tab.`);
        },
      });
    };
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${AI_FACTORY_PROXY_PREFIX}/:id/*`,
      // No bearer token in an iframe: the session's ticket in the path (from create-session) is the credential, checked by guard.
      config: { access: 'public' },
      schema: { hide: true },
      onRequest: guard,
      handler,
    });
    scope.get(`${AI_FACTORY_PROXY_PREFIX}/:id`, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const q = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${AI_FACTORY_PROXY_PREFIX}/${encodeURIComponent((request.params as { id: string }).id)}/${q}`);
    });
  });
}

/**
 * The app's page keeps its own policy, less its framing refusal (which would blank the tab) and any
 * sandbox of its own: the portal's sandbox and frame-ancestors 'self' always apply (APP_PAGE_POLICY).
 */
export function framedHeaders(headers: Record<string, unknown>) {
  const out = { ...headers };
  delete out['x-frame-options'];
  const csp = out['content-security-policy'];
  const own =
    typeof csp === 'string'
      ? csp
          .split(';')
          .map((d) => d.trim())
          .filter((d) => d && !/^(frame-ancestors|sandbox)\b/i.test(d))
      : [];
  out['content-security-policy'] = [...own, APP_PAGE_POLICY].join('; ');
  return out as Record<string, string>;
}

/**
 * The app's sandboxed page has an opaque origin, so its own fetches are cross-origin ("Origin: null")
 * and the browser hides their answers unless allowed. The proxy allows the null origin when the app
 * did not answer with a policy of its own. No credentials are allowed, and the answer is reachable
 * only with the session's ticket in the address, so no other page gains anything from it.
 */
function sandboxedReads(request: FastifyRequest, headers: Record<string, string>): Record<string, string> {
  if (request.headers.origin !== 'null' || headers['access-control-allow-origin']) return headers;
  return { ...headers, 'access-control-allow-origin': 'null', vary: headers.vary ? `${headers.vary}, Origin` : 'Origin' };
}

/**
 * The ticket and the rest of a proxied address, from the raw request path (still percent-encoded):
 * /ai-factory/{id}/~{ticket}/{rest}?{query}.
 */
export function splitPath(rawUrl: string, appId: number): { ticket: string | null; rest: string } {
  const path = rawUrl.split(/[?#]/, 1)[0]!;
  const prefix = `${AI_FACTORY_PROXY_PREFIX}/${appId}/`;
  const after = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  if (!after.startsWith(TICKET_MARK)) return { ticket: null, rest: after };
  const slash = after.indexOf('/');
  return slash < 0
    ? { ticket: after.slice(TICKET_MARK.length), rest: '' }
    : { ticket: after.slice(TICKET_MARK.length, slash), rest: after.slice(slash + 1) };
}

function pipeUpgrade(
  request: FastifyRequest,
  reply: FastifyReply,
  target: URL,
  who: ProxyIdentity,
  { socket, head }: { socket: Duplex; head: Buffer },
) {
  reply.hijack();
  const query = request.raw.url?.includes('?') ? request.raw.url.slice(request.raw.url.indexOf('?')) : '';
  const headers = identityHeaders(request, who);
  headers.connection = 'Upgrade';
  headers.upgrade = String(request.headers.upgrade ?? 'websocket');
  const client = target.protocol === 'https:' ? https : http;
  const up = client.request({
    protocol: target.protocol,
    hostname: target.hostname,
    port: target.port,
    path: `${target.pathname}${query}`,
    method: 'GET',
    headers,
    setHost: false,
  });
  const fail = (status: number, text: string) => {
    if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  };
  up.on('upgrade', (res, upSocket, upHead) => {
    const lines = [`HTTP/1.1 101 Switching Protocols`];
    for (let i = 0; i < res.rawHeaders.length; i += 2) {
      const name = res.rawHeaders[i]!;
      const value = res.rawHeaders[i + 1]!;
      lines.push(`${name}: ${/^set-cookie$/i.test(name) ? scopeSetCookie(who.appId, value) : value}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upHead.length) socket.write(upHead);
    if (head.length) upSocket.write(head);
    (socket as import('node:net').Socket).setNoDelay?.(true);
    upSocket.setNoDelay(true);
    upSocket.on('error', () => socket.destroy());
    socket.on('error', () => upSocket.destroy());
    upSocket.on('close', () => socket.destroy());
    socket.on('close', () => upSocket.destroy());
    upSocket.pipe(socket).pipe(upSocket);
  });
  up.on('response', (res) => {
    res.resume();
    fail(res.statusCode ?? 502, res.statusMessage ?? 'Refused');
  });
  up.on('error', () => fail(502, 'Bad Gateway'));
  socket.on('close', () => up.destroy());
  up.end();
}
