import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type StubStreamlit, startStubStreamlit } from '../../../test/stub-streamlit.ts';
import { aiFactorySessions } from '../../platform/db/schema.ts';

// The AI Factory through the portal: HTTP and WebSocket to a stand-in Streamlit server, only with
// the ticket of an app's session (and so its right), identity headers set by the portal and never the
// browser's, real health states, and the session event stream's states.

let t: TestApp;
let stub: StubStreamlit;
let based: StubStreamlit;
const call = apiCaller(() => t.url);
let admin: string;
let analyst: string;

beforeAll(async () => {
  stub = await startStubStreamlit();
  based = await startStubStreamlit({ basePath: '/ai-factory/1003' });
  t = await startTestApp({
    AI_FACTORY_APPS: JSON.stringify({
      '1001': { upstream: stub.url },
      '1002': { upstream: 'http://127.0.0.1:1' },
      '1003': { upstream: based.url, basePath: '/ai-factory/1003' },
      '1004': { reason: 'Retail Basket Insights moves to the new cluster in March.' },
    }),
    AI_FACTORY_CHECK_SECONDS: '0.1',
    AI_FACTORY_HEALTH_TIMEOUT_MS: '500',
  });
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  // Two sign-ins after the seed: on a busy shared machine this outlasts the default minute.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
  await based?.close();
});

async function session(token: string, appName: string) {
  const res = await fetch(`${t.url}/api/streamlit/create-session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ appName }),
  });
  const body = await res.json();
  // The session's address, without ?embed=true: /ai-factory/{id}/~{ticket}/
  const base = typeof body.url === 'string' ? body.url.replace(/\?embed=true$/, '') : '';
  return { status: res.status, body, base, setCookie: res.headers.get('set-cookie') ?? '' };
}

/** Reads the event stream until it ends (or `until` events arrived), with its heartbeat comments. */
async function stream(token: string, id: string, until = 100, ms = 5000) {
  const res = await fetch(`${t.url}/api/streamlit/stream-session/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(ms),
  });
  const events: { status: string; error: string | null; app?: string }[] = [];
  let comments = 0;
  let text = '';
  const reader = res.body!.getReader();
  try {
    while (events.length < until) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
      const parts = text.split('\n\n');
      text = parts.pop()!;
      for (const p of parts) {
        if (p.startsWith(':')) comments++;
        else if (p.startsWith('data: ')) events.push(JSON.parse(p.slice(6)));
      }
    }
  } catch {
    // timed out: what arrived is the answer
  }
  await reader.cancel().catch(() => {});
  return { type: res.headers.get('content-type'), events, comments };
}

function openWs(path: string, headers: Record<string, string>) {
  return new Promise<{ ws: WebSocket | null; status: number }>((resolve) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}${path}`, { headers });
    ws.on('open', () => resolve({ ws, status: 101 }));
    ws.on('unexpected-response', (_req, res) => resolve({ ws: null, status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ ws: null, status: 0 }));
  });
}

describe('AI Factory proxy', () => {
  it('serves the app under the portal origin, framed by the portal only, with the identity the portal vouches for', async () => {
    const s = await session(admin, 'passenger-forecast');
    expect(s.status).toBe(200);
    expect(s.body.url).toMatch(/^\/ai-factory\/1001\/~[\w-]+\.[\w-]+\/\?embed=true$/);
    // The credential is the ticket in the path: no cookie (an app's sandboxed page sends none).
    expect(s.setCookie).toBe('');
    const page = await fetch(`${t.url}${s.body.url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stub Streamlit app');
    // The stub says DENY; the portal frames it itself, sandboxed in an opaque origin.
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/sandbox allow-scripts/);
    expect(csp).not.toContain('allow-same-origin');
    expect(stub.last.http?.['x-hangar-user-email']).toBe('admin@hangar.local');
    // The sandboxed page's own fetches come from the null origin: their answers are readable by it.
    const own = await fetch(`${t.url}${s.base}whoami`, { headers: { origin: 'null' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('null');
    expect(own.headers.get('access-control-allow-credentials')).toBeNull();
    expect((await fetch(`${t.url}${s.base}whoami`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('drops identity headers the browser sends and sets its own', async () => {
    const s = await session(admin, 'passenger-forecast');
    const res = await fetch(`${t.url}${s.base}whoami`, {
      headers: {
        'x-hangar-user-email': 'ceo@hangar.local',
        'X-Hangar-User-Id': 'forged',
        'x-forwarded-user': 'ceo',
        'remote-user': 'ceo',
        authorization: `Bearer ${admin}`,
      },
    });
    const seen = await res.json();
    expect(seen['x-hangar-user-email']).toBe('admin@hangar.local');
    expect(seen['x-hangar-user-id']).not.toBe('forged');
    expect(seen['x-forwarded-user']).toBeUndefined();
    expect(seen['remote-user']).toBeUndefined();
    expect(seen.authorization).toBeUndefined();
    expect(seen['x-hangar-session']).toBe(s.body.uuid);
  });

  it('passes request bodies through (file uploads)', async () => {
    const s = await session(admin, 'passenger-forecast');
    const body = 'a,b\n1,2\n'.repeat(1000);
    const res = await fetch(`${t.url}${s.base}echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
  });

  it('reaches an app served under its own base path', async () => {
    const s = await session(admin, 'baggage-anomalies');
    const res = await fetch(`${t.url}${s.base}_stcore/health`);
    expect(await res.text()).toBe('ok');
  });

  it('refuses the app without its session’s ticket, with another app’s ticket, or with a forged one', async () => {
    expect((await fetch(`${t.url}/ai-factory/1001/`)).status).toBe(401);
    expect((await fetch(`${t.url}/ai-factory/1001/`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(401);
    const other = await session(admin, 'baggage-anomalies');
    const ticketOf = (base: string) => /\/~([^/]+)\//.exec(base)![1]!;
    const res = await fetch(`${t.url}/ai-factory/1001/~${ticketOf(other.base)}/`);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/another app/);
    const s = await session(admin, 'passenger-forecast');
    const [payload, mac] = ticketOf(s.base).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, m: 'ceo@hangar.local' })).toString('base64url');
    expect((await fetch(`${t.url}/ai-factory/1001/~${forged}.${mac}/`)).status).toBe(401);
    expect((await fetch(`${t.url}/ai-factory/1001/~${payload}.${mac}x/`)).status).toBe(401);
    expect((await fetch(`${t.url}/ai-factory/1001/~not-json.${mac}/`)).status).toBe(401);
  });

  // Issue 31: with basePath "", `/ai-factory/1001/%5C127.0.0.1:18083/x` was fetched from that host.
  it('never leaves the registered upstream, whatever the path (HTTP and WebSocket)', async () => {
    const canary = http.createServer((_req, res) => {
      canaryHits++;
      res.end('<script>steal()</script>');
    });
    let canaryHits = 0;
    canary.on('upgrade', (_req, socket) => {
      canaryHits++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const port = (canary.address() as AddressInfo).port;
    try {
      const s = await session(admin, 'passenger-forecast');
      const raw = (path: string) =>
        new Promise<number>((resolve, reject) => {
          // node:http sends the path byte for byte (fetch would turn a backslash into a slash).
          const req = http.request(`${t.url}/`, { path, method: 'GET' }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      for (const attempt of [
        `%5C127.0.0.1:${port}/evil.html`,
        `%5C%5C127.0.0.1:${port}/x`,
        `\\127.0.0.1:${port}/x`,
        `%5c127.0.0.1:${port}/`,
      ]) {
        expect(await raw(`${s.base}${attempt}`), attempt).toBe(400);
      }
      // A slash after the ticket is a path of the app, on the app's own host.
      expect(await raw(`${s.base}/127.0.0.1:${port}/x`)).toBe(404);
      expect(await raw(`${s.base}..%2f..%2fx`)).toBe(400);
      expect((await openWs(`${s.base}%5C127.0.0.1:${port}/_stcore/stream`, {})).status).toBe(400);
      expect(canaryHits).toBe(0);
    } finally {
      canary.close();
    }
  });

  it('gives the app only the cookies it set itself, scoped to its path; never the portal’s or its identity provider’s', async () => {
    const s = await session(admin, 'passenger-forecast');
    const set = await fetch(`${t.url}${s.base}set-cookie`);
    const scoped = set.headers.getSetCookie();
    expect(scoped).toEqual(['aif1001_pref=dark; Path=/ai-factory/1001/; HttpOnly', 'aif1001_lang=en; Path=/ai-factory/1001/']);
    const seen = await (
      await fetch(`${t.url}${s.base}whoami`, {
        headers: { cookie: '_session=idp; _session.sig=sig; hangar_refresh=r; aif1002_x=other-app; aif1001_pref=dark; aif1001_lang=en' },
      })
    ).json();
    expect(seen.cookie).toBe('pref=dark; lang=en');
    const { ws } = await openWs(`${s.base}_stcore/stream`, { cookie: '_session=idp; _session.sig=sig; aif1001_lang=en' });
    ws!.close();
    expect(stub.last.upgrade?.cookie).toBe('lang=en');
    await fetch(`${t.url}${s.base}whoami`, { headers: { cookie: '_session=idp; _session.sig=sig' } });
    expect(stub.last.http?.cookie).toBeUndefined();
  });

  it('gives no session to a user without the app’s right', async () => {
    const s = await session(analyst, 'passenger-forecast');
    expect(s.status).toBe(403);
    expect(s.setCookie).toBe('');
    expect((await call('GET', '/api/streamlit/url?appName=passenger-forecast', analyst)).status).toBe(403);
  });

  it('carries the WebSocket at _stcore/stream, and refuses the upgrade without the session', async () => {
    const s = await session(admin, 'passenger-forecast');
    const { ws, status } = await openWs(`${s.base}_stcore/stream`, { 'x-hangar-user-email': 'ceo@hangar.local' });
    expect(status).toBe(101);
    const echoed = await new Promise<string>((resolve) => {
      ws!.once('message', (d) => resolve(String(d)));
      ws!.send('hello through the portal');
    });
    expect(echoed).toBe('hello through the portal');
    expect(stub.last.upgrade?.['x-hangar-user-email']).toBe('admin@hangar.local');
    ws!.close();
    expect((await openWs('/ai-factory/1001/_stcore/stream', {})).status).toBe(401);
    const other = await session(admin, 'baggage-anomalies');
    expect((await openWs(`${other.base.replace('/1003/', '/1001/')}_stcore/stream`, {})).status).toBe(401);
  });

  it('answers an Upgrade header elsewhere as an ordinary request', async () => {
    const { ws, status } = await openWs('/api/healthcheck', {});
    expect(ws).toBeNull();
    expect(status).toBe(200);
  });

  it('ends the proxy for a session deleted, and for every session at logout', async () => {
    const s = await session(admin, 'passenger-forecast');
    expect((await call('DELETE', `/api/streamlit/delete-session/${s.body.uuid}`, admin)).status).toBe(200);
    expect((await fetch(`${t.url}${s.base}`)).status).toBe(401);
    expect((await call('DELETE', `/api/streamlit/delete-session/${s.body.uuid}`, admin)).status).toBe(404);

    const signed = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
    const mine = await session(signed.accessToken, 'passenger-forecast');
    expect((await fetch(`${t.url}${mine.base}`)).status).toBe(200);
    await signed.client.fetch(`${t.url}/auth/logout`, { method: 'POST' });
    expect((await fetch(`${t.url}${mine.base}`)).status).toBe(401);
    const rows = await t.ctx.db.select().from(aiFactorySessions).where(eq(aiFactorySessions.id, mine.body.uuid));
    expect(rows).toEqual([]);
  });
});

describe('AI Factory health', () => {
  it('reports running, sleeping, down with the reason, and not deployed with how to register', async () => {
    const state = async (appName: string) => (await call('POST', '/api/streamlit/ping/single', admin, { appName })).body;
    expect((await state('passenger-forecast')).state).toBe('running');
    stub.setHealthy(false);
    try {
      const sleeping = await state('passenger-forecast');
      expect(sleeping).toMatchObject({ state: 'sleeping', wakeable: true });
      expect(sleeping.reason).toMatch(/starting or asleep/);
    } finally {
      stub.setHealthy(true);
    }
    const down = await state('queue-time');
    expect(down.state).toBe('down');
    expect(down.reason).toMatch(/does not answer/);
    const absent = await state('retail-basket');
    expect(absent.state).toBe('not_deployed');
    expect(absent.reason).toMatch(/new cluster in March.*AI_FACTORY_APPS/);
    expect((await state('energy-forecast')).reason).toMatch(/not deployed/);
    expect((await call('POST', '/api/streamlit/ping/single', analyst, { appName: 'passenger-forecast' })).status).toBe(403);
    expect((await call('POST', '/api/streamlit/ping/single', admin, { appName: 'nope' })).status).toBe(404);
  });

  it('pings only the favourite apps (1001–1009) the caller holds', async () => {
    const res = await call('POST', '/api/streamlit/ping', admin, [{ id: 1001 }, { appName: 'queue-time' }, { id: 1010 }, { id: 999 }]);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number; state: string }) => [s.id, s.state])).toEqual([
      [1001, 'running'],
      [1002, 'down'],
    ]);
    expect((await call('POST', '/api/streamlit/ping', analyst, [{ id: 1001 }])).body).toEqual([]);
  });

  it('lists every app the caller holds on the home page, deployed or not', async () => {
    const res = await call('GET', '/api/streamlit/apps', admin);
    expect(res.body.apps).toHaveLength(15);
    expect((await call('GET', '/api/streamlit/apps', analyst)).body.apps).toEqual([]);
  });
});

describe('AI Factory session event stream', () => {
  it('is an event stream with heartbeat comments, active with the app state', async () => {
    const s = await session(admin, 'passenger-forecast');
    const r = await stream(admin, s.body.uuid, 1, 400);
    expect(r.type).toContain('text/event-stream');
    expect(r.events[0]).toEqual({ status: 'active', error: null, app: 'running' });
    const longer = await stream(admin, s.body.uuid, 5, 700);
    expect(longer.comments).toBeGreaterThan(0);
  });

  it('says not_found for no session of the caller’s (another user’s included)', async () => {
    const s = await session(admin, 'passenger-forecast');
    const r = await stream(analyst, s.body.uuid);
    expect(r.events).toEqual([{ status: 'not_found', error: expect.stringMatching(/no such session/) }]);
  });

  it('says expired once the session outlived its lifetime, and deletes it', async () => {
    const s = await session(admin, 'passenger-forecast');
    await t.ctx.db
      .update(aiFactorySessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(aiFactorySessions.id, s.body.uuid));
    const r = await stream(admin, s.body.uuid);
    expect(r.events.map((e) => e.status)).toEqual(['expired']);
    expect(await t.ctx.db.select().from(aiFactorySessions).where(eq(aiFactorySessions.id, s.body.uuid))).toEqual([]);
  });

  it('says connection_closed when the session ends while followed', async () => {
    const s = await session(admin, 'passenger-forecast');
    const following = stream(admin, s.body.uuid);
    await new Promise((r) => setTimeout(r, 250));
    await call('DELETE', `/api/streamlit/delete-session/${s.body.uuid}`, admin);
    const r = await following;
    expect(r.events.map((e) => e.status)).toEqual(['active', 'connection_closed']);
  });

  it('follows the app going to sleep', async () => {
    const s = await session(admin, 'passenger-forecast');
    const following = stream(admin, s.body.uuid, 2, 6000);
    await new Promise((r) => setTimeout(r, 250));
    stub.setHealthy(false);
    try {
      const r = await following;
      expect(r.events.map((e) => e.app)).toEqual(['running', 'sleeping']);
    } finally {
      stub.setHealthy(true);
    }
  });

  it('says error when the session cannot be checked', async () => {
    const s = await session(admin, 'passenger-forecast');
    const { ctx } = t;
    const select = ctx.db.select;
    // The database failing under the check: the stream tells it instead of hanging.
    (ctx.db as { select: unknown }).select = () => {
      throw new Error('database gone');
    };
    try {
      const r = await stream(admin, s.body.uuid);
      expect(r.events.map((e) => e.status)).toEqual(['error']);
    } finally {
      (ctx.db as { select: unknown }).select = select;
    }
  });
});

describe('AI Factory URL screen (local_url)', () => {
  const local = (url: string, token = admin) => call('GET', `/api/streamlit/local_url?url=${encodeURIComponent(url)}`, token);

  it('answers the portal address of a registered app', async () => {
    expect((await local(`${stub.url}/`)).body).toEqual({ url: '/ai-factory/1001/?embed=true' });
    expect((await local(`${based.url}/ai-factory/1003/`)).body).toEqual({ url: '/ai-factory/1003/?embed=true' });
  });

  it('refuses internal and unlisted addresses', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      'http://10.1.2.3:8501/',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const res = await local(url);
      expect(res.status, url).toBe(400);
    }
    expect((await local('http://169.254.169.254/')).body.message).toMatch(/not an address the administrators allowed/);
    expect((await local('http://10.0.0.1/', analyst)).status).toBe(403);
  });
});
