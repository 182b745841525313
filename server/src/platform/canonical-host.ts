import type { FastifyInstance } from 'fastify';
import { addRequestStep } from './request-hooks.ts';

/** Paths that belong to the API or the sign-in machinery, never redirected (cookies and tokens are not the browser page's). */
const NOT_THE_WEB_APP = /^\/(api|auth|idp|interaction|metrics)(\/|$)/;

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The hostname of a Host header value ("127.0.0.1:8080", "[::1]:8080"). */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return host;
  }
}

/**
 * The sign-in cookies and the identity provider's redirect belong to PUBLIC_URL's host: a page
 * opened on another loopback name (127.0.0.1 while PUBLIC_URL says localhost) would start a
 * sign-in whose callback lands on a host without its cookie. Such a browser request for the web
 * app (or the sign-in start) is sent to PUBLIC_URL with the same path and query before anything
 * starts. Another non-loopback host is only reported: redirecting a colleague's browser to
 * "localhost" would send it to their own machine.
 */
export function registerCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  const canonical = new URL(publicUrl);
  const canonicalHostname = canonical.hostname.replace(/^\[|\]$/g, '');
  if (!isLoopbackHost(canonicalHostname)) return;
  const reported = new Set<string>();
  addRequestStep(app, (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.headers.authorization) return;
    const host = request.headers.host;
    if (!host) return;
    const hostname = hostnameOf(host);
    if (hostname === canonicalHostname) return;
    const path = request.url.split('?')[0] ?? '/';
    const signInStart = path === '/auth/token';
    if (NOT_THE_WEB_APP.test(path) && !signInStart) return;
    const redirect = isLoopbackHost(hostname);
    // Bounded: the Host header is the caller's to choose.
    if (!reported.has(host) && reported.size < 100) {
      reported.add(host);
      if (redirect) {
        request.log.info(
          `Browser opened ${host}, but PUBLIC_URL is ${canonical.origin}: sending it there (sign-in cookies belong to one host). Set PUBLIC_URL to change the address.`,
        );
      } else {
        request.log.warn(
          `Browser opened ${host}, but PUBLIC_URL is ${canonical.origin}: sign-in will not complete on this address. Set PUBLIC_URL to the address people open.`,
        );
      }
    }
    if (redirect) reply.redirect(`${canonical.origin}${request.url}`, 307);
  });
}
