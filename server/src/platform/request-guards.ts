import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { addRequestStep } from './request-hooks.ts';

export const MAX_JSON_DEPTH = 64;
const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000). Remove them and send the request again.';

/** How deeply arrays and objects nest in a JSON text, counted without parsing it (strings skipped). */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** True when any string (or key) in the value holds a NUL character, which PostgreSQL cannot store. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

/**
 * Input that must never reach a handler: JSON nested deeper than any of our bodies (the recursive
 * parser and validator would overflow the stack), and NUL characters in bodies, queries and
 * paths (PostgreSQL refuses them). Both answer 400 with the usual error body.
 */
export function registerInputGuards(app: FastifyInstance): void {
  // JSON bodies the parser below has already checked for NUL, which the preValidation hook skips.
  const checked = new WeakSet<object>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      return done(badRequest(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep. Send a flatter document.`), undefined);
    }
    let parsed: unknown;
    try {
      // A "__proto__" key is dropped. It can only appear spelt out or written with \u escapes, so
      // a text holding neither is parsed without the per-value reviver.
      parsed = mayHoldProtoKey(text) ? JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)) : JSON.parse(text);
    } catch {
      return done(badRequest('The body is not valid JSON. Check quotes, commas and brackets.'), undefined);
    }
    // JSON refuses raw control characters in strings: a NUL can only come from the escape \u0000.
    if (text.includes('\\u0000') && containsNul(parsed)) return done(badRequest(NUL_MESSAGE), undefined);
    if (parsed && typeof parsed === 'object') checked.add(parsed);
    done(null, parsed);
  });
  addRequestStep(app, (request) => {
    // The raw URL covers path parameters and the query string alike, in any encoding of NUL.
    if (request.url.includes('%00') || request.url.includes('\u0000')) throw badRequest(NUL_MESSAGE);
  });
  const bodyGuard: preValidationHookHandler = (request, _reply, done) => {
    // A body passed on as a stream (the AI Factory proxy) is the upstream's to read.
    const body = request.body;
    if (!body || typeof body !== 'object' || checked.has(body)) return done();
    const streamed = typeof (body as { pipe?: unknown }).pipe === 'function';
    // Only the routes that take uploads have @fastify/multipart (app.ts).
    const multipart = (request as { isMultipart?: () => boolean }).isMultipart?.() === true;
    if (!streamed && !multipart && containsNul(body)) return done(badRequest(NUL_MESSAGE));
    done();
  };
  // On the routes that can receive a body, first among their own preValidation hooks: Fastify never
  // reads one for GET, HEAD or TRACE, and a hook on every route costs every request a turn of the
  // hook runner.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => BODYLESS.has(m))) return;
    const own = route.preValidation ?? [];
    route.preValidation = [bodyGuard, ...(Array.isArray(own) ? own : [own])];
  });
}

const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

const mayHoldProtoKey = (text: string) => text.includes('__proto__') || text.includes('\\u');

/**
 * Cross-site request forgery from a sibling site (another port or subdomain is "same-site", so
 * SameSite cookies do not stop it): a state-changing request from a browser must come from the
 * portal's own origin. Browsers send Sec-Fetch-Site (and Origin); clients that send neither are not
 * browsers and carry no ambient cookies, so they pass.
 */
export function registerCsrfGuard(app: FastifyInstance, publicOrigin: string): void {
  const safe = new Set(['GET', 'HEAD', 'OPTIONS']);
  addRequestStep(app, (request) => {
    if (safe.has(request.method)) return;
    if (!crossOrigin(request, publicOrigin)) return;
    throw new AppError('FORBIDDEN', 'This request came from another site and was refused. Use the portal itself to make changes.');
  });
}

function crossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const own = `${request.protocol}://${request.host}`;
  return origin !== publicOrigin && origin !== own;
}

/**
 * Answers that depend on who asks are never kept by browsers or shared caches. Set before the
 * handler runs (a step after the access rule, which sets the user), so a route that allows caching
 * says so by setting its own header, which replaces this one; error answers keep it.
 */
export function registerNoStore(app: FastifyInstance): void {
  addRequestStep(app, (request, reply) => {
    if (request.user) reply.header('cache-control', 'no-store');
  });
}

/** A route's rate limit counted per signed-in user (per address before sign-in): `config: { rateLimit: perUserPerMinute(30) }`. */
export const perUserPerMinute = (max: number) => ({
  max,
  timeWindow: '1 minute',
  keyGenerator: (r: { user?: { sub: string } | null; ip: string }) => r.user?.sub ?? r.ip,
});
