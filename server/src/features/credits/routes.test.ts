import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog } from '../../platform/db/schema.ts';

let t: TestApp;
let viewer: string;
let analyst: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t?.close());

const call = apiCaller(() => t.url);
const ask = (token: string, body: unknown) => call('POST', '/api/admin/credits_management/create_credits_request', token, body);

describe('credit balance and profile', () => {
  it('starts a user at the default limit of 5000', async () => {
    expect((await call('GET', '/api/credit', analyst)).body).toEqual({ remaining_credit: 5000 });
    const me = await call('GET', '/api/admin/user_management/get_current_user_data', analyst);
    expect(me.body).toMatchObject({ email: 'analyst@hangar.local', creditLimit: 5000, remainingCredit: 5000 });
  });

  it('asks for sign-in without a token', async () => {
    expect((await call('GET', '/api/credit')).status).toBe(401);
  });
});

describe('credit requests', () => {
  it.each([
    [{ creditAsked: -500 }, /more than 0/],
    [{ creditAsked: 0 }, /more than 0/],
    [{ creditAsked: 12.5 }, /whole number/],
    [{ creditAsked: 'lots' }, /number of credits/],
    [{ creditAsked: 1e12 }, /at most/],
    [{ creditAsked: 500, message: 'x'.repeat(2001) }, /2000 characters/],
  ])('refuses %o with a clear 400', async (body, message) => {
    const res = await ask(viewer, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect((await call('GET', '/api/admin/credits_management/get_current_user_credits_requests_status', viewer)).body).toEqual({
      isPending: false,
    });
  });

  it('refuses a body that is not JSON', async () => {
    expect((await ask(viewer, '{"creditAsked": 5')).status).toBe(400);
  });

  it('takes a request (500 by default), marks it pending, and refuses a second while pending', async () => {
    const first = await ask(viewer, { message: 'For the Q4 traffic report' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      askedBy: 'viewer@hangar.local',
      creditAsked: 500,
      status: 'pending',
      message: 'For the Q4 traffic report',
    });
    expect((await call('GET', '/api/admin/credits_management/get_current_user_credits_requests_status', viewer)).body).toEqual({
      isPending: true,
    });
    const second = await ask(viewer, { creditAsked: 1000 });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already have a credit request/);
  });

  it('lists requests to administrators only, and audits the refused attempt', async () => {
    const list = await call('GET', '/api/admin/credits_management/get_all_credits_requests', admin);
    expect(list.status).toBe(200);
    expect(list.body.requests.map((r: { askedBy: string }) => r.askedBy)).toContain('viewer@hangar.local');
    const refused = await call('GET', '/api/admin/credits_management/get_all_credits_requests', viewer);
    expect(refused.status).toBe(403);
    const denied = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.actorEmail, 'viewer@hangar.local')));
    expect(denied.map((d) => d.target)).toContain('GET /api/admin/credits_management/get_all_credits_requests');
  });
});
