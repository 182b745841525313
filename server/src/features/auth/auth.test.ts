import { REFRESH_COOKIE } from '@hangar/contract';
import { count, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog, refreshTokens } from '../../platform/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
});
afterAll(() => t?.close());

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
const refresh = (c: CookieClient) => c.fetch(`${t.url}/auth/refresh`, { method: 'POST' });
const me = (token: string) => fetch(`${t.url}/api/shell/me`, { headers: { authorization: `Bearer ${token}` } });

describe('sign-in through the embedded OpenID Connect provider', () => {
  it('walks the code flow and returns an access token with the token-info claims', async () => {
    const { accessToken, client } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const claims = claimsOf(accessToken);
    expect(claims).toMatchObject({ email: 'analyst@hangar.local', name: 'Ana Analyst', bu: 'SSA', airport: 'SSA', aud: 'hangar-api' });
    expect(claims.apps).toContain('GenAI/SecuredGPT');
    expect(claims.apps).toContain('Data_gov/Overview'); // derived from dashboard apps
    expect(claims.exp - claims.iat).toBe(900);
    expect(client.cookie(REFRESH_COOKIE)).toBeTruthy();
    expect((await me(accessToken)).status).toBe(200);
  });

  it('sets the refresh cookie httpOnly, SameSite=Strict, scoped to /auth', async () => {
    const { client } = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const res = await refresh(client);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/auth/);
  });

  it('refuses a wrong password with the form again, and audits it', async () => {
    const client = new CookieClient();
    const login = await client.navigate(`${t.url}/auth/token`);
    const action = /action="([^"]+\/login)"/.exec(await login.res.text())![1]!;
    const res = await client.fetch(new URL(action, login.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=viewer%40hangar.local&password=wrong-password',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Incorrect email or password.');
    const failed = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in_failed'));
    expect(failed.some((r) => r.actorEmail === 'viewer@hangar.local')).toBe(true);
  });

  it('sends back to the portal, not to a stale form, when the sign-in page is revisited after signing in', async () => {
    const client = new CookieClient();
    const login = await client.navigate(`${t.url}/auth/token`);
    expect(login.res.headers.get('cache-control')).toBe('no-store');
    const action = /action="([^"]+\/login)"/.exec(await login.res.text())![1]!;
    const done = await client.navigate(new URL(action, login.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'viewer@hangar.local', password: DEMO_PASSWORD }).toString(),
    });
    expect(new URL(done.url).pathname).toBe('/');
    // What the back button does: GET the form's address again.
    const back = await client.fetch(login.url);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/');
  });

  it('answers a callback without the login state with a clear page, not a session', async () => {
    const res = await fetch(`${t.url}/auth/callback?code=abc&state=def`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Press Login again');
    expect(
      res.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c)),
    ).toBe(false);
  });
});

describe('refresh rotation', () => {
  it('rotates the refresh token on every use', async () => {
    const { client } = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const first = client.cookie(REFRESH_COOKIE);
    const res = await refresh(client);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token_type).toBe('Bearer');
    expect(claimsOf(body.access_token).email).toBe('viewer@hangar.local');
    expect(client.cookie(REFRESH_COOKIE)).not.toBe(first);
  });

  it('revokes the whole family when a used refresh token is replayed', async () => {
    const { client } = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const stolen = client.cookie(REFRESH_COOKIE)!;
    expect((await refresh(client)).status).toBe(200); // the legitimate user rotates
    const attacker = new CookieClient();
    attacker.setCookie(REFRESH_COOKIE, stolen, new URL(t.url).host, '/auth');
    const replay = await refresh(attacker);
    expect(replay.status).toBe(401);
    expect((await replay.json()).error.code).toBe('UNAUTHENTICATED');
    // ...and the legitimate user's current token died with the family.
    expect((await refresh(client)).status).toBe(401);
    const reuse = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.refresh_reuse'));
    expect(reuse.length).toBeGreaterThan(0);
  });

  it('treats a reuse within the grace window as a race between tabs, not a theft', async () => {
    const graceful = await startTestApp({ REFRESH_REUSE_GRACE_SECONDS: '30' });
    try {
      const { client } = await signIn(graceful.url, 'viewer@hangar.local', DEMO_PASSWORD);
      const old = client.cookie(REFRESH_COOKIE)!;
      expect((await client.fetch(`${graceful.url}/auth/refresh`, { method: 'POST' })).status).toBe(200);
      const otherTab = new CookieClient();
      otherTab.setCookie(REFRESH_COOKIE, old, new URL(graceful.url).host, '/auth');
      expect((await otherTab.fetch(`${graceful.url}/auth/refresh`, { method: 'POST' })).status).toBe(200);
      expect((await client.fetch(`${graceful.url}/auth/refresh`, { method: 'POST' })).status).toBe(200);
    } finally {
      await graceful.close();
    }
  });

  it('answers get-jwt without a session with 401', async () => {
    const res = await fetch(`${t.url}/auth/get-jwt`);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('You are not signed in.');
  });
});

describe('valid_access and valid_refresh', () => {
  it('tells a valid access token from garbage', async () => {
    const { accessToken } = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const check = (token: unknown) =>
      fetch(`${t.url}/auth/valid_access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    expect(await (await check(accessToken)).json()).toEqual({ valid: true });
    expect(await (await check('not.a.jwt')).json()).toEqual({ valid: false });
    const wrongType = await check(42);
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toMatch(/token/);
  });

  it('checks the refresh cookie without rotating it', async () => {
    const { client } = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const before = client.cookie(REFRESH_COOKIE);
    const res = await client.fetch(`${t.url}/auth/valid_refresh`, { method: 'POST' });
    expect(await res.json()).toEqual({ valid: true });
    expect(client.cookie(REFRESH_COOKIE)).toBe(before);
    expect(await (await fetch(`${t.url}/auth/valid_refresh`, { method: 'POST' })).json()).toEqual({ valid: false });
  });
});

describe('logout', () => {
  it('ends the session: the old refresh cookie no longer works, and points to the issuer logout', async () => {
    const { client } = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const old = client.cookie(REFRESH_COOKIE)!;
    const res = await client.fetch(`${t.url}/auth/logout`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.logout_url).toContain('/idp/session/end');
    const replay = new CookieClient();
    replay.setCookie(REFRESH_COOKIE, old, new URL(t.url).host, '/auth');
    expect((await replay.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).status).toBe(401);
  });
});

describe('forged access tokens get 401 and change nothing', () => {
  async function forge(kind: 'none' | 'wrong-key' | 'expired' | 'wrong-audience'): Promise<string> {
    const { accessToken } = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
    const claims = claimsOf(accessToken);
    if (kind === 'none') {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      return `${header}.${accessToken.split('.')[1]}.`;
    }
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const signer = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({
        alg: 'ES256',
        kid: (JSON.parse(Buffer.from(accessToken.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid,
      });
    if (kind === 'wrong-key') return signer(claims).sign(privateKey);
    // expired / wrong audience need the real key: take it from the database as an insider would not have.
    const key = await import('../../platform/db/schema.ts').then(async ({ secrets }) => {
      const [row] = await t.ctx.db.select().from(secrets).where(eq(secrets.name, 'access_token_signing_key'));
      return (await import('jose')).importJWK(row!.value as Record<string, string>, 'ES256');
    });
    if (kind === 'expired')
      return signer({ ...claims, exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 1200 }).sign(key);
    return signer({ ...claims, aud: 'some-other-api' }).sign(key);
  }

  for (const kind of ['none', 'wrong-key', 'expired', 'wrong-audience'] as const) {
    it(`rejects alg ${kind}`, async () => {
      const token = await forge(kind);
      const [{ value: before }] = (await t.ctx.db.select({ value: count() }).from(refreshTokens)) as [{ value: number }];
      const res = await me(token);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('UNAUTHENTICATED');
      const valid = await fetch(`${t.url}/auth/valid_access`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(await valid.json()).toEqual({ valid: false });
      const [{ value: after }] = (await t.ctx.db.select({ value: count() }).from(refreshTokens)) as [{ value: number }];
      expect(after).toBe(before);
    });
  }

  it('accepts the genuine token (so the forgeries above fail for the right reason)', async () => {
    const { accessToken } = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
    expect((await me(accessToken)).status).toBe(200);
    void exportJWK;
  });
});
