import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const get = (path: string, token?: string) => fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('shell API', () => {
  it('gives each user the menu of what they hold', async () => {
    const viewer = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const menu = await (await get('/api/shell/menu', viewer.accessToken)).json();
    expect(menu.items.map((i: { id: number }) => i.id)).toEqual([9, 75]);
    expect(menu.staging).toBe(false);
    expect(menu.links.documentation).toMatch(/^https?:/);
  });

  it('writes the menu of a token once and answers it as JSON to every call; another token gets its own', async () => {
    const viewer = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const admin = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
    const first = await get('/api/shell/menu', viewer.accessToken);
    const again = await get('/api/shell/menu', viewer.accessToken);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.headers.get('cache-control')).toBe('no-store');
    const text = await first.text();
    expect(await again.text()).toBe(text);
    const adminMenu = await (await get('/api/shell/menu', admin.accessToken)).json();
    expect(adminMenu.items.length).toBeGreaterThan(JSON.parse(text).items.length);
    expect((await get('/api/shell/menu', viewer.accessToken)).status).toBe(200);
    expect((await get('/api/shell/menu')).status).toBe(401);
  });

  it('describes the signed-in user with groups', async () => {
    const admin = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
    const me = await (await get('/api/shell/me', admin.accessToken)).json();
    expect(me).toMatchObject({ email: 'admin@hangar.local', bu: 'SSA' });
    expect(me.groups).toContain('Portal administrators');
    expect(me.apps).toContain('Admin/SuperAdmin');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await get('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.paths['/api/shell/menu']).toBeDefined();
    expect(doc.paths['/auth/valid_access'].post.requestBody).toBeDefined();
  });

  it('exposes Prometheus metrics', async () => {
    await get('/api/healthcheck');
    const text = await (await get('/metrics')).text();
    expect(text).toContain('hangar_http_requests_total');
    expect(text).toContain('route="/api/healthcheck"');
  });

  it('counts every request in the metrics once it is answered: by route, method and status, with its duration', async () => {
    const viewer = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const metric = (text: string, line: RegExp) => Number(line.exec(text)?.[1] ?? 0);
    const ok = /^hangar_http_requests_total\{method="GET",route="\/api\/shell\/me",status="200"\} (\d+)$/m;
    const refused = /^hangar_http_requests_total\{method="GET",route="\/api\/shell\/me",status="401"\} (\d+)$/m;
    const durations = /^hangar_http_request_duration_seconds_count\{method="GET",route="\/api\/shell\/me"\} (\d+)$/m;
    const before = await (await get('/metrics')).text();
    for (let i = 0; i < 3; i++) expect((await get('/api/shell/me', viewer.accessToken)).status).toBe(200);
    expect((await get('/api/shell/me')).status).toBe(401);
    const after = await (await get('/metrics')).text();
    expect(metric(after, ok) - metric(before, ok)).toBe(3);
    expect(metric(after, refused) - metric(before, refused)).toBe(1);
    expect(metric(after, durations) - metric(before, durations)).toBe(4);
  });

  it('sends pages a content security policy without inline scripts', async () => {
    for (const path of ['/', '/pdf', '/interaction-assets/idp.css']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      // Only the PDF viewer may be framed, and only by the portal itself (previews); no page by anyone else.
      const framable = path === '/pdf';
      expect(csp).toContain(`frame-ancestors ${framable ? "'self'" : "'none'"}`);
      expect(res.headers.get('x-frame-options')).toBe(framable ? 'SAMEORIGIN' : 'DENY');
    }
  });

  it('sends JSON answers the short API set: nothing may be loaded or framed', async () => {
    const res = await get('/api/healthcheck');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('healthcheck', () => {
  it('says ok while the database and the object store answer, and 503 once one does not', async () => {
    const other = await startTestApp({}, { seed: false });
    try {
      const up = await fetch(`${other.url}/api/healthcheck`);
      expect(await up.json()).toMatchObject({ ok: true, database: 'up', storage: 'up' });
      const real = other.ctx.database.ping;
      other.ctx.database.ping = async () => {
        throw new Error('connection lost');
      };
      const down = await fetch(`${other.url}/api/healthcheck`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ ok: false, database: 'down' });
      other.ctx.database.ping = real;
      // The object store unreachable (a bucket away): 503 too, saying which part is down.
      const head = other.ctx.store.head;
      other.ctx.store.head = async () => {
        throw new Error('connect ECONNREFUSED');
      };
      const noStore = await fetch(`${other.url}/api/healthcheck`);
      expect(noStore.status).toBe(503);
      expect(await noStore.json()).toMatchObject({ ok: false, database: 'up', storage: 'down' });
      other.ctx.store.head = head;
      expect((await fetch(`${other.url}/api/healthcheck`)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
