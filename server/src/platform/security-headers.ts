import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { addRequestStep } from './request-hooks.ts';

/**
 * Security headers with a strict content security policy (no inline scripts). Helmet's middleware
 * is built once here: @fastify/helmet rebuilds it on every request, which cost 8% of throughput.
 * Pages get the full set on the raw response, so the embedded identity provider can add its script
 * hashes; JSON API answers a short one (the long CSP was a fifth of their bytes) on Fastify's reply:
 * a header set on the raw response sends every header of the answer through Node's slow path
 * (each validated again and copied), which cost a seventh of a small API answer's CPU.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Writes the head of an answer a route writes itself after `reply.hijack()` (a stream): the
 * headers the platform put on the reply (the API set above) with the route's own.
 */
export function writeHijackedHead(reply: FastifyReply, status: number, headers: Record<string, string>): void {
  reply.raw.writeHead(status, { ...(reply.getHeaders() as Record<string, string>), ...headers });
}

const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Pages the portal itself may show in a frame (the PDF viewer, for previews); every other page refuses framing. */
const FRAMEABLE = /^\/pdf(\?|$)/;

/**
 * AI Factory apps served through the portal's proxy: the app's own page, in the portal's iframe.
 * Its scripts are the app's, not under the portal's script policy. Every answer of the proxy is
 * sandboxed without allow-same-origin: an app's page runs in an opaque origin, so it cannot read the
 * portal's storage (the access token), its requests carry none of the portal's cookies, and the
 * portal's API refuses its state-changing calls as cross-site. The app keeps scripts, forms,
 * pop-ups, downloads and dialogs; framing is limited to the portal itself.
 */
export const APP_PAGE_POLICY =
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals; frame-ancestors 'self'";
const PROXIED_APP = /^\/ai-factory\//;
const PROXIED_APP_HEADERS: [string, string][] = [
  ['content-security-policy', APP_PAGE_POLICY],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'same-origin'],
];

export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean; extraFormActions: string[]; extraFrameSources?: readonly string[] },
): void {
  const pages = (framedBySelf: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", ...(opts.extraFrameSources ?? [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...opts.extraFormActions],
          frameAncestors: [framedBySelf ? "'self'" : "'none'"],
          upgradeInsecureRequests: opts.https ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.https,
      frameguard: { action: framedBySelf ? 'sameorigin' : 'deny' },
    });
  const unframed = pages(false);
  const framed = pages(true);
  addRequestStep(app, (request, reply) => {
    if (isApiCall(request.url)) {
      // JSON is never rendered as a page: the short set OWASP recommends for REST responses.
      reply.headers(API_HEADERS);
      return;
    }
    if (PROXIED_APP.test(request.url)) {
      for (const [name, value] of PROXIED_APP_HEADERS) reply.raw.setHeader(name, value);
      if (opts.https) reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
      return;
    }
    const middleware = FRAMEABLE.test(request.url) ? framed : unframed;
    // helmet's middleware calls back synchronously; a failure it reports is the request's error.
    let failure: unknown;
    middleware(request.raw, reply.raw, (err?: unknown) => {
      failure = err;
    });
    if (failure) throw failure;
  });
}
