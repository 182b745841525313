import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/platform/db/schema.ts';
import { apiCaller } from './api.ts';
import { type CookieClient, signIn } from './browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness.ts';

// The attacks of the security review (issue 11, items 1, 3, 4 and 5), replayed against the real app:
// each one succeeded before the policies and the revocation existed.

let t: TestApp;
const call = apiCaller(() => t.url);
const ids: Record<string, string> = {};
const session = (email: string) => signIn(t.url, email, DEMO_PASSWORD);
const refresh = async (client: CookieClient) =>
  ((await (await client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).json()) as { access_token: string }).access_token;
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

beforeAll(async () => {
  t = await startTestApp();
  for (const u of await t.ctx.db.select().from(users)) ids[u.email] = u.id;
});
afterAll(() => t?.close());

describe('a local admin cannot raise their own rights', () => {
  it('cannot ask for an administration right, nor decide their own request', async () => {
    const local = await session('localadmin.lgw@hangar.local');
    const asked = await call('POST', '/api/access_requests', local.accessToken, { appId: 'Admin/SuperAdmin' });
    expect(asked.status).toBe(403);
    expect(asked.body.message).toMatch(/cannot be requested/);
    const own = await call('POST', '/api/access_requests', local.accessToken, { appId: 'GenAI/Translator' });
    expect(own.status).toBe(201);
    const decided = await call('POST', `/api/admin/permissions_management/decide/${own.body.id}`, local.accessToken, {
      decision: 'approve',
    });
    expect(decided.status).toBe(403);
    expect(decided.body.message).toMatch(/your own/);
    expect(claimsOf(await refresh(local.client)).apps).not.toContain('GenAI/Translator');
    const denied = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.actorEmail, 'localadmin.lgw@hangar.local')));
    expect(denied.map((d) => (d.details as { policy?: string }).policy)).toEqual(
      expect.arrayContaining(['accessRequest.create', 'accessRequest.decide']),
    );
  });

  it('cannot ask for an application the portal does not have', async () => {
    const viewer = await session('viewer@hangar.local');
    const res = await call('POST', '/api/access_requests', viewer.accessToken, { appId: 'Dashboard/Nonexistent' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not an application of the portal/);
  });

  it('cannot grant themselves governance rights over the group', async () => {
    const local = await session('localadmin.lgw@hangar.local');
    for (const appId of ['Data_gov/Overview HQ', 'Data_gov/Finance', 'Data_gov/Traffic', 'GenAI/SecuredGPT']) {
      const res = await call('POST', '/api/admin/rights/grants', local.accessToken, { appId, userId: ids['localadmin.lgw@hangar.local'] });
      expect(res.status, appId).toBe(403);
    }
    const overview = await call('GET', '/api/data_gov/gouvernance/overview', local.accessToken);
    expect(overview.status).toBe(403);
  });

  it('cannot grant what they do not hold, nor anything to an administrator of their BU', async () => {
    const local = await session('localadmin.lgw@hangar.local');
    const notHeld = await call('POST', '/api/admin/rights/grants', local.accessToken, {
      appId: 'Dashboard/Finance',
      userId: ids['viewer@hangar.local'],
    });
    expect(notHeld.status).toBe(403);
    expect(notHeld.body.message).toMatch(/only grant applications you hold yourself/);
    const admin = await session('admin@hangar.local');
    const lgwAdmin = await call('POST', '/api/admin/user_management/users', admin.accessToken, {
      email: 'second.admin@hangar.local',
      name: 'Second Admin',
      bu: 'LGW',
    });
    expect(lgwAdmin.status).toBe(201);
    expect(
      (
        await call('POST', '/api/admin/rights/grants', admin.accessToken, {
          appId: 'Admin/Local Admin Management',
          userId: lgwAdmin.body.id,
        })
      ).status,
    ).toBe(201);
    const toAdmin = await call('PATCH', `/api/admin/user_management/users/${lgwAdmin.body.id}`, local.accessToken, { disabled: true });
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.body.message).toMatch(/only a super administrator manages administrators/);
  });
});

describe('nobody approves or adds credits for themselves', () => {
  it('refuses an admin deciding their own credit request or adjusting their own balance', async () => {
    const admin = await session('admin@hangar.local');
    const asked = await call('POST', '/api/admin/credits_management/create_credits_request', admin.accessToken, { creditAsked: 1_000_000 });
    expect(asked.status).toBe(201);
    const approve = await call('POST', `/api/admin/credits_management/decide/${asked.body.id}`, admin.accessToken, { decision: 'approve' });
    expect(approve.status).toBe(403);
    const self = await call('POST', `/api/admin/user_management/users/${ids['admin@hangar.local']}/credits`, admin.accessToken, {
      delta: 1_000_000,
      reason: 'top up',
    });
    expect(self.status).toBe(403);
    const local = await session('localadmin.lgw@hangar.local');
    const localSelf = await call(
      'POST',
      `/api/admin/user_management/users/${ids['localadmin.lgw@hangar.local']}/credits`,
      local.accessToken,
      {
        delta: 500,
        reason: 'top up',
      },
    );
    expect(localSelf.status).toBe(403);
    expect((await call('GET', '/api/credit', admin.accessToken)).body.remaining_credit).toBeLessThan(1_000_000);
  });

  it('refuses changing one own credit limit, BU or account state', async () => {
    const admin = await session('admin@hangar.local');
    for (const change of [{ creditLimit: 9_000_000 }, { bu: 'LGW' }, { disabled: true }]) {
      const res = await call('PATCH', `/api/admin/user_management/users/${ids['admin@hangar.local']}`, admin.accessToken, change);
      expect(res.status, JSON.stringify(change)).toBe(403);
    }
  });
});

describe('the web is told what the server allows', () => {
  it('answers each role its abilities from the same policies', async () => {
    const local = await session('localadmin.lgw@hangar.local');
    const mine = (await call('GET', '/api/me/abilities', local.accessToken)).body;
    expect(mine.admin).toMatchObject({ isAdmin: true, everyBu: false, bu: 'LGW', groups: false, applicationRights: false });
    expect(mine.admin.grantableApps).toEqual(['GenAI/SecuredGPT']);
    const viewer = await session('viewer@hangar.local');
    expect((await call('GET', '/api/me/abilities', viewer.accessToken)).body.admin).toMatchObject({ isAdmin: false, grantableApps: [] });
    const admin = await session('admin@hangar.local');
    const all = (await call('GET', '/api/me/abilities', admin.accessToken)).body.admin;
    expect(all).toMatchObject({ isAdmin: true, everyBu: true, groups: true });
    expect(all.grantableApps).toEqual(expect.arrayContaining(['Admin/SuperAdmin', 'Dashboard/HQ', 'GenAI/Translator']));
  });

  it('marks on each listed user and request what the caller may do, and why not', async () => {
    const admin = await session('admin@hangar.local');
    const list = (await call('GET', '/api/admin/user_management/users?pageSize=200', admin.accessToken)).body.users;
    const self = list.find((u: { email: string }) => u.email === 'admin@hangar.local');
    expect(self.can).toMatchObject({ edit: false, credits: false, disable: false, endSessions: true });
    expect(self.can.why).toMatch(/your own account/);
    const viewerRow = list.find((u: { email: string }) => u.email === 'viewer@hangar.local');
    expect(viewerRow.can).toMatchObject({ edit: true, credits: true, disable: true, why: null });
    const local = await session('localadmin.lgw@hangar.local');
    const asked = await call('POST', '/api/access_requests', (await session('viewer@hangar.local')).accessToken, {
      appId: 'Dashboard/Retail',
    });
    const seen = (await call('GET', '/api/admin/permissions_management/get_access_requests', local.accessToken)).body.requests;
    const request = seen.find((r: { id: string }) => r.id === asked.body.id);
    expect(request.can).toEqual({ decide: false, why: expect.stringMatching(/only grant applications you hold yourself/) });
  });
});

describe('revocation takes effect at once, not when the token expires', () => {
  it('stops a revoked super admin from acting on the old token', async () => {
    const admin = await session('admin@hangar.local');
    const granted = await call('POST', '/api/admin/rights/grants', admin.accessToken, {
      appId: 'Admin/SuperAdmin',
      userId: ids['analyst@hangar.local'],
    });
    expect(granted.status).toBe(201);
    const analyst = await session('analyst@hangar.local');
    expect(claimsOf(analyst.accessToken).apps).toContain('Admin/SuperAdmin');
    expect((await call('DELETE', `/api/admin/rights/grants/${granted.body.grantId}`, admin.accessToken)).status).toBe(204);
    const created = await call('POST', '/api/admin/groups', analyst.accessToken, { name: 'Shadow admins' });
    expect(created.status).toBe(401);
    const fresh = await refresh(analyst.client);
    expect(claimsOf(fresh).apps).not.toContain('Admin/SuperAdmin');
    expect((await call('POST', '/api/admin/groups', fresh, { name: 'Shadow admins' })).status).toBe(403);
  });

  it('stops a disabled user at once, and their refresh too', async () => {
    const admin = await session('admin@hangar.local');
    const viewer = await session('viewer@hangar.local');
    expect((await call('GET', '/api/secured_gpt/config', viewer.accessToken)).status).toBe(200);
    const off = await call('PATCH', `/api/admin/user_management/users/${ids['viewer@hangar.local']}`, admin.accessToken, {
      disabled: true,
    });
    expect(off.status).toBe(200);
    expect((await call('GET', '/api/secured_gpt/config', viewer.accessToken)).status).toBe(401);
    expect((await viewer.client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).status).toBe(401);
    await call('PATCH', `/api/admin/user_management/users/${ids['viewer@hangar.local']}`, admin.accessToken, { disabled: false });
  });

  it('ends the access token with the session at logout', async () => {
    const viewer = await session('viewer@hangar.local');
    expect((await call('GET', '/api/credit', viewer.accessToken)).status).toBe(200);
    expect((await viewer.client.fetch(`${t.url}/auth/logout`, { method: 'POST' })).status).toBe(200);
    expect((await call('GET', '/api/credit', viewer.accessToken)).status).toBe(401);
    expect((await call('POST', '/auth/valid_access', undefined, { token: viewer.accessToken })).body).toEqual({ valid: false });
  });

  it("lets an admin end all of a user's sessions, on every device", async () => {
    const admin = await session('admin@hangar.local');
    const laptop = await session('analyst@hangar.local');
    const phone = await session('analyst@hangar.local');
    const ended = await call('POST', `/api/admin/user_management/users/${ids['analyst@hangar.local']}/sessions/end`, admin.accessToken);
    expect(ended.status).toBe(204);
    for (const device of [laptop, phone]) {
      expect((await call('GET', '/api/credit', device.accessToken)).status).toBe(401);
      expect((await device.client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).status).toBe(401);
    }
    const local = await session('localadmin.lgw@hangar.local');
    const otherBu = await call('POST', `/api/admin/user_management/users/${ids['analyst@hangar.local']}/sessions/end`, local.accessToken);
    expect(otherBu.status).toBe(403);
  });

  it('reaches a second portal process on the same database within seconds', async () => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('Skipped the second process check: it needs TEST_DATABASE_URL (PGlite allows one process per data directory).');
      return;
    }
    const { buildApp } = await import('../src/app.ts');
    const { openDatabase } = await import('../src/platform/db/client.ts');
    const conn = t.ctx.database.jobsConnection;
    if (!('connectionString' in conn)) throw new Error('expected a PostgreSQL test database');
    const database = await openDatabase({ databaseUrl: conn.connectionString, dataDir: t.config.HANGAR_DATA_DIR });
    const second = await buildApp(t.config, { database });
    try {
      const viewer = await session('viewer@hangar.local');
      const onSecond = () =>
        second.app.inject({ method: 'GET', url: '/api/credit', headers: { authorization: `Bearer ${viewer.accessToken}` } });
      expect((await onSecond()).statusCode).toBe(200);
      await viewer.client.fetch(`${t.url}/auth/logout`, { method: 'POST' });
      const deadline = Date.now() + 5000;
      let status = 200;
      while (Date.now() < deadline && status === 200) {
        await new Promise((r) => setTimeout(r, 200));
        status = (await onSecond()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});
