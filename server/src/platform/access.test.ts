import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      seed: false,
      // A route someone forgot to give a rule: it must be closed, and the enumeration must list it.
      extend: (app) => app.get('/api/forgotten', async () => ({ secret: true })),
    },
  );
});
afterAll(() => t?.close());

/** Routes anyone may call. Adding one is a security decision: extend this list on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/healthcheck',
  'GET /metrics',
  'GET /auth/token',
  'GET /auth/callback',
  'GET /auth/get-jwt',
  'POST /auth/refresh',
  'POST /auth/valid_access',
  'POST /auth/valid_refresh',
  'POST /auth/logout',
  'GET /interaction/:uid',
  'POST /interaction/:uid/login',
  'GET /interaction-assets/idp.css',
  'GET /interaction-assets/auto-logout.js',
  'GET /interaction-assets/theme.js',
  'GET /download',
  // Governance download links: a signed 60-second token, bound to the user who asked (a path-scoped cookie or their bearer token).
  'GET /api/data_gov/file',
  // AI Factory apps in their iframe: no bearer token there; the app's session cookie (signed, set by create-session for holders of its right) is checked by the proxy's own hook.
  'GET /ai-factory/:id',
  'GET /ai-factory/:id/*',
  'POST /ai-factory/:id/*',
  'PUT /ai-factory/:id/*',
  'PATCH /ai-factory/:id/*',
  'DELETE /ai-factory/:id/*',
  'OPTIONS /ai-factory/:id/*',
  'GET /idp/*',
  'POST /idp/*',
  'DELETE /idp/*',
  'OPTIONS /idp/*',
  'GET /*',
];

describe('every route declares who may call it', () => {
  it('finds exactly the routes without a rule (here: only the planted one)', () => {
    const missing = t.routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual(['GET /api/forgotten']);
  });

  it('keeps a route without a rule closed', async () => {
    const res = await fetch(`${t.url}/api/forgotten`);
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain('secret');
  });

  it('opens to anonymous callers only the routes listed as public', () => {
    const open = t.routes
      .filter((r) => r.access === 'public' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('refuses an authenticated route to an anonymous caller with 401 and a readable message', async () => {
    const res = await fetch(`${t.url}/api/shell/menu`);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.message).toMatch(/sign in/i);
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });
});
