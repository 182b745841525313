import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { type CookieClient, signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog } from '../../platform/db/schema.ts';

let t: TestApp;
let viewer: { client: CookieClient; accessToken: string };
let analyst: string;
let admin: string;
let localAdmin: string;
beforeAll(async () => {
  t = await startTestApp();
  viewer = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  localAdmin = (await signIn(t.url, 'localadmin.lgw@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t?.close());

const call = apiCaller(() => t.url);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('credit requests, decided by an administrator', () => {
  it('grants the credits on approval, notifies the user, and counts askers for the badge', async () => {
    const asked = await call('POST', '/api/admin/credits_management/create_credits_request', viewer.accessToken, {
      creditAsked: 1000,
      message: 'Q4 report',
    });
    expect(asked.status).toBe(201);
    expect((await call('GET', '/api/admin/notifications/counts', admin)).body).toEqual({ ai: 1, permissions: 0 });

    const decided = await call('POST', `/api/admin/credits_management/decide/${asked.body.id}`, admin, {
      decision: 'approve',
      comment: 'Enjoy',
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', comment: 'Enjoy' });
    expect((await call('GET', '/api/credit', viewer.accessToken)).body).toEqual({ remaining_credit: 6000 });
    expect((await call('GET', '/api/admin/credits_management/get_current_user_credits_requests_status', viewer.accessToken)).body).toEqual({
      isPending: false,
    });
    const notes = await call('GET', '/api/notifications', viewer.accessToken);
    expect(notes.body.unread).toBe(1);
    expect(notes.body.notifications[0]).toMatchObject({
      kind: 'credit_request',
      title: 'Your request for 1,000 credits was approved',
      body: 'Enjoy',
    });
    expect((await call('GET', '/api/admin/notifications/counts', admin)).body).toEqual({ ai: 0, permissions: 0 });

    // Deciding twice changes nothing.
    const again = await call('POST', `/api/admin/credits_management/decide/${asked.body.id}`, admin, { decision: 'approve' });
    expect(again.status).toBe(409);
    expect((await call('GET', '/api/credit', viewer.accessToken)).body).toEqual({ remaining_credit: 6000 });

    await call('POST', '/api/notifications/read', viewer.accessToken, {});
    expect((await call('GET', '/api/notifications', viewer.accessToken)).body.unread).toBe(0);
  });

  it('rejects bad decisions and unknown ids clearly', async () => {
    const asked = await call('POST', '/api/admin/credits_management/create_credits_request', analyst, { creditAsked: 500 });
    const bad = await call('POST', `/api/admin/credits_management/decide/${asked.body.id}`, admin, { decision: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/approve' or 'reject/);
    expect((await call('POST', '/api/admin/credits_management/decide/not-an-id', admin, { decision: 'approve' })).status).toBe(404);
    expect((await call('POST', `/api/admin/credits_management/decide/${asked.body.id}`, analyst, { decision: 'approve' })).status).toBe(
      403,
    );
  });

  it("keeps a local admin to their own BU's users, and audits the attempt", async () => {
    const pending = (await call('GET', '/api/admin/credits_management/get_all_credits_requests', admin)).body.requests.find(
      (r: { askedBy: string; status: string }) => r.askedBy === 'analyst@hangar.local' && r.status === 'pending',
    );
    const res = await call('POST', `/api/admin/credits_management/decide/${pending.id}`, localAdmin, { decision: 'approve' });
    expect(res.status).toBe(403);
    const seen = (await call('GET', '/api/admin/credits_management/get_all_credits_requests', localAdmin)).body.requests;
    expect(seen.every((r: { bu: string }) => r.bu === 'LGW')).toBe(true);
    const denied = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.actorEmail, 'localadmin.lgw@hangar.local')));
    expect(denied.length).toBeGreaterThan(0);
  });
});

describe('access requests', () => {
  it('grants the application on approval; it is in the token at the next refresh', async () => {
    const asked = await call('POST', '/api/access_requests', viewer.accessToken, { appId: 'Dashboard/Finance', message: 'Monthly close' });
    expect(asked.status).toBe(201);
    expect((await call('POST', '/api/access_requests', viewer.accessToken, { appId: 'Dashboard/Finance' })).status).toBe(409);
    expect((await call('GET', '/api/admin/notifications/counts', localAdmin)).body.permissions).toBe(1);

    // The local admin does not hold Dashboard/Finance, so cannot hand it out: a super admin decides.
    const refused = await call('POST', `/api/admin/permissions_management/decide/${asked.body.id}`, localAdmin, { decision: 'approve' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/only grant applications you hold yourself/);
    const decided = await call('POST', `/api/admin/permissions_management/decide/${asked.body.id}`, admin, { decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(claimsOf(viewer.accessToken).apps).not.toContain('Dashboard/Finance');
    const refreshed = await viewer.client.fetch(`${t.url}/auth/refresh`, { method: 'POST' });
    const { access_token } = await refreshed.json();
    expect(claimsOf(access_token).apps).toEqual(expect.arrayContaining(['Dashboard/Finance', 'Data_gov/Overview']));
    // The approval ended the old token at once: the refreshed one reads the notification.
    expect((await call('GET', '/api/notifications', viewer.accessToken)).status).toBe(401);
    const notes = (await call('GET', '/api/notifications', access_token)).body.notifications;
    expect(notes[0].title).toBe('You now have Dashboard/Finance');
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'permission.change'));
    expect(audited.some((a) => (a.details as { event?: string }).event === 'access_approved')).toBe(true);
  });

  it('says so when the user already holds the application, and rejects malformed ids', async () => {
    const held = await call('POST', '/api/access_requests', analyst, { appId: 'GenAI/SecuredGPT' });
    expect(held.status).toBe(409);
    const bad = await call('POST', '/api/access_requests', analyst, { appId: '../etc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/application identifier/);
  });

  it('lists requests to admins only', async () => {
    expect((await call('GET', '/api/admin/permissions_management/get_access_requests', analyst)).status).toBe(403);
    const list = await call('GET', '/api/admin/permissions_management/get_access_requests', admin);
    expect(list.body.requests[0]).toMatchObject({ askedBy: 'viewer@hangar.local', appId: 'Dashboard/Finance', status: 'approved' });
  });
});
