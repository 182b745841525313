import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../src/platform/db/schema.ts';
import { apiCaller } from './api.ts';
import { CookieClient, signIn } from './browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness.ts';

// The security review's findings 7 and 8 and its "also fix" list, each against the real app.

let t: TestApp;
let throttled: TestApp;
const call = apiCaller(() => t.url);
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: 'metrics-token-0123456789', REFRESH_REUSE_GRACE_SECONDS: '5' });
  throttled = await startTestApp({
    RATE_LIMIT_LOGIN_PER_MINUTE: '3',
    RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '8',
    // A proxy that is not this test: its X-Forwarded-For must not be believed from us.
    TRUSTED_PROXIES: '10.1.2.3',
  });
});
afterAll(async () => {
  await t?.close();
  await throttled?.close();
});

async function loginForm(client = new CookieClient()) {
  const login = await client.navigate(`${throttled.url}/auth/token`);
  const action = new URL(/action="([^"]+\/login)"/.exec(await login.res.text())![1]!, login.url).href;
  return (email: string, password: string, headers: Record<string, string> = {}) =>
    client.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ email, password }).toString(),
    });
}

describe('sign-in throttling', () => {
  it('counts spacing and case variants of an email as the same account', async () => {
    const attempt = await loginForm();
    const variants = [
      'finance.ssa@hangar.local',
      ' finance.ssa@hangar.local',
      'FINANCE.SSA@hangar.local\u2002',
      '\u2003finance.ssa@hangar.local ',
    ];
    const statuses = [];
    for (const email of variants) statuses.push((await attempt(email, 'guess')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits one address across accounts, and ignores X-Forwarded-For from an untrusted peer', async () => {
    const attempt = await loginForm();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await attempt(`nobody${i}@hangar.local`, 'guess', { 'x-forwarded-for': `203.0.113.${i}` })).status);
    }
    // The address budget of 8 already holds the 4 attempts of the test above: 4 more pass, whatever the header says.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const rows = await throttled.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in_failed'));
    expect(rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
  });
});

describe('sign-in messages', () => {
  it('says an account is disabled only to someone with its password', async () => {
    const fresh = await startTestApp();
    try {
      await fresh.ctx.db.update(users).set({ disabled: true }).where(eq(users.email, 'viewer@hangar.local'));
      const client = new CookieClient();
      const login = await client.navigate(`${fresh.url}/auth/token`);
      const action = new URL(/action="([^"]+\/login)"/.exec(await login.res.text())![1]!, login.url).href;
      const post = async (password: string) =>
        (
          await client.fetch(action, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email: 'viewer@hangar.local', password }).toString(),
          })
        ).text();
      const wrong = await post('not-the-password');
      expect(wrong).toContain('Incorrect email or password.');
      expect(wrong).not.toContain('disabled');
      expect(await post(DEMO_PASSWORD)).toContain('This account is disabled.');
    } finally {
      await fresh.close();
    }
  });
});

describe('bad input answers 400, never 500', () => {
  it('refuses NUL characters in bodies, queries and paths', async () => {
    const { accessToken } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const body = await call('POST', '/api/secured_gpt/context', accessToken, { context: 'ab\u0000cd' });
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/NUL characters/);
    const query = await call('GET', '/api/admin/user_management/users?q=a%00b', accessToken);
    expect(query.status).toBe(400);
    const path = await call('GET', '/api/secured_gpt/sessions/ab%00cd', accessToken);
    expect(path.status).toBe(400);
    const key = await call('POST', '/api/secured_gpt/context', accessToken, '{"con\\u0000text":"x"}');
    expect(key.status).toBe(400);
  });

  it('refuses JSON nested too deeply with a clear message', async () => {
    const { accessToken } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const res = await call('POST', '/api/secured_gpt/context', accessToken, `{"context":${deep}}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/nested more than 64 levels/);
    const strings = await call('POST', '/api/secured_gpt/context', accessToken, { context: '[[[[[[[[' });
    expect(strings.status).toBe(200);
  });
});

describe('sessions', () => {
  it('reads the access token without rotating the refresh token (GET /auth/get-jwt)', async () => {
    const { client } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const cookieName = 'hangar_refresh';
    const before = client.cookie(cookieName);
    for (let i = 0; i < 2; i++) expect((await client.fetch(`${t.url}/auth/get-jwt`)).status).toBe(200);
    expect(client.cookie(cookieName)).toBe(before);
  });

  it('gives two tabs refreshing at once the same successor: one chain per sign-in', async () => {
    const { client } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const old = client.cookie('hangar_refresh')!;
    const tabs = [new CookieClient(), new CookieClient()];
    const host = new URL(t.url).host;
    for (const tab of tabs) tab.setCookie('hangar_refresh', old, host, '/auth');
    await Promise.all(tabs.map((tab) => tab.fetch(`${t.url}/auth/refresh`, { method: 'POST' })));
    const [a, b] = tabs.map((tab) => tab.cookie('hangar_refresh'));
    expect(a).toBeTruthy();
    expect(a).toBe(b);
    const [row] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(old)));
    const family = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
    expect(family).toHaveLength(2);
  });

  it('ends a session at its absolute lifetime however recently it was used', async () => {
    const { client } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const token = client.cookie('hangar_refresh')!;
    const [row] = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOf(token)));
    await t.ctx.db
      .update(refreshTokens)
      .set({ familyStartedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(refreshTokens.familyId, row!.familyId));
    expect((await client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).status).toBe(401);
    expect((await client.fetch(`${t.url}/auth/get-jwt`)).status).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a state change from a sibling site, and accepts the portal itself and non-browser clients', async () => {
    const { client } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const logout = (headers: Record<string, string>) => client.fetch(`${t.url}/auth/logout`, { method: 'POST', headers });
    const sibling = await logout({ 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:1' });
    expect(sibling.status).toBe(403);
    expect((await sibling.json()).message).toMatch(/came from another site/);
    expect((await logout({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await client.fetch(`${t.url}/auth/get-jwt`)).status).toBe(200);
    expect((await logout({ 'sec-fetch-site': 'same-origin', origin: t.url })).status).toBe(200);
    expect((await client.fetch(`${t.url}/auth/get-jwt`)).status).toBe(401);
  });
});

describe('headers and metrics', () => {
  it('tells browsers and caches not to keep authenticated answers', async () => {
    const { accessToken } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    expect((await call('GET', '/api/credit', accessToken)).headers.get('cache-control')).toBe('no-store');
  });

  it('serves /metrics only to the holder of METRICS_TOKEN', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(404);
    const ok = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('hangar_http_requests_total');
  });
});

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
