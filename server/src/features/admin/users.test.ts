import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: string;
let localAdmin: string;
let analyst: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  localAdmin = (await signIn(t.url, 'localadmin.lgw@hangar.local', DEMO_PASSWORD)).accessToken;
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t?.close());

const call = apiCaller(() => t.url);
const idOf = async (email: string) =>
  (await call('GET', `/api/admin/user_management/users?q=${encodeURIComponent(email)}`, admin)).body.users.find(
    (u: { email: string }) => u.email === email,
  ).id;

describe('tab 70: users', () => {
  it('searches, sorts and pages', async () => {
    const all = await call('GET', '/api/admin/user_management/users?sort=email&order=asc&pageSize=2', admin);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.users.map((u: { email: string }) => u.email)).toEqual(['admin@hangar.local', 'analyst@hangar.local']);
    const page3 = await call('GET', '/api/admin/user_management/users?sort=email&order=asc&pageSize=2&page=3', admin);
    expect(page3.body.users.map((u: { email: string }) => u.email)).toEqual(['viewer@hangar.local']);
    const found = await call('GET', '/api/admin/user_management/users?q=victor', admin);
    expect(found.body.users).toHaveLength(1);
    expect(found.body.users[0]).toMatchObject({ email: 'viewer@hangar.local', creditLimit: 5000, remainingCredit: 5000 });
    const bad = await call('GET', '/api/admin/user_management/users?sort=password', admin);
    expect(bad.status).toBe(400);
  });

  it('shows a local admin the users of their BU only', async () => {
    const list = await call('GET', '/api/admin/user_management/users', localAdmin);
    expect(list.body.users.map((u: { bu: string }) => u.bu)).toEqual(['LGW', 'LGW']);
  });

  it('creates a user who can sign in, and refuses a duplicate email', async () => {
    const created = await call('POST', '/api/admin/user_management/users', admin, {
      email: 'New.Person@hangar.local',
      name: 'New Person',
      bu: 'ANA',
      airport: 'LIS',
      password: 'a-long-enough-password',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'new.person@hangar.local', bu: 'ANA', disabled: false });
    await signIn(t.url, 'new.person@hangar.local', 'a-long-enough-password');
    const dup = await call('POST', '/api/admin/user_management/users', admin, { email: 'new.person@hangar.local', name: 'Again' });
    expect(dup.status).toBe(409);
    const badBu = await call('POST', '/api/admin/user_management/users', admin, { email: 'x@hangar.local', name: 'X', bu: 'XYZ' });
    expect(badBu.status).toBe(400);
    expect(badBu.body.message).toMatch(/bu must be one of/);
  });

  it('disabling a user ends their sessions at once', async () => {
    const { client } = await signIn(t.url, 'new.person@hangar.local', 'a-long-enough-password');
    const id = await idOf('new.person@hangar.local');
    const res = await call('PATCH', `/api/admin/user_management/users/${id}`, admin, { disabled: true });
    expect(res.body.disabled).toBe(true);
    expect((await client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).status).toBe(401);
    await expect(signIn(t.url, 'new.person@hangar.local', 'a-long-enough-password')).rejects.toThrow();
  });

  it('sets the credit limit and adjusts the balance with a reason', async () => {
    const id = await idOf('analyst@hangar.local');
    expect((await call('PATCH', `/api/admin/user_management/users/${id}`, admin, { creditLimit: 8000 })).body.creditLimit).toBe(8000);
    const up = await call('POST', `/api/admin/user_management/users/${id}/credits`, admin, { delta: 250, reason: 'Workshop' });
    expect(up.body.remainingCredit).toBe(5250);
    const tooMuch = await call('POST', `/api/admin/user_management/users/${id}/credits`, admin, { delta: -99999, reason: 'Oops' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/below zero/);
    const noReason = await call('POST', `/api/admin/user_management/users/${id}/credits`, admin, { delta: 5, reason: '' });
    expect(noReason.status).toBe(400);
    expect((await call('GET', '/api/credit', analyst)).body).toEqual({ remaining_credit: 5250 });
  });

  it("refuses a local admin another BU's user, and a non-admin everything", async () => {
    const id = await idOf('analyst@hangar.local');
    expect((await call('PATCH', `/api/admin/user_management/users/${id}`, localAdmin, { airport: 'LGW' })).status).toBe(403);
    expect((await call('POST', `/api/admin/user_management/users/${id}/credits`, localAdmin, { delta: 1, reason: 'try' })).status).toBe(
      403,
    );
    expect((await call('GET', '/api/admin/user_management/users', analyst)).status).toBe(403);
    const viewerId = await idOf('viewer@hangar.local');
    expect((await call('PATCH', `/api/admin/user_management/users/${viewerId}`, localAdmin, { bu: 'SSA' })).status).toBe(403);
    expect((await call('PATCH', `/api/admin/user_management/users/${viewerId}`, localAdmin, { airport: 'LGW' })).status).toBe(200);
    expect((await call('PATCH', `/api/admin/user_management/users/${viewerId}`, admin, {})).status).toBe(400);
    expect(
      (await call('PATCH', '/api/admin/user_management/users/00000000-0000-0000-0000-000000000000', admin, { airport: 'LGW' })).status,
    ).toBe(404);
  });
});

describe('tab 72: audit log', () => {
  it('filters by user, action and date, pages, and exports CSV', async () => {
    const signIns = await call('GET', '/api/admin/audit?action=auth.sign_in&user=analyst', admin);
    expect(signIns.status).toBe(200);
    expect(signIns.body.total).toBeGreaterThan(0);
    expect(
      signIns.body.entries.every(
        (e: { action: string; actorEmail: string }) => e.action.startsWith('auth.sign_in') && e.actorEmail.includes('analyst'),
      ),
    ).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call('GET', `/api/admin/audit?from=${today}&to=${today}&pageSize=3`, admin);
    expect(dated.body.entries).toHaveLength(3);
    expect((await call('GET', '/api/admin/audit?from=2099-01-01', admin)).body.total).toBe(0);
    expect((await call('GET', '/api/admin/audit?from=yesterday', admin)).status).toBe(400);

    const csv = await call('GET', '/api/admin/audit/export.csv?action=credit.change', admin);
    expect(csv.headers.get('content-disposition')).toContain('hangar-audit.csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toContain('at,actor,action,target,outcome,ip,details');
    expect(lines.slice(1).every((l) => l.includes('"credit.change"'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/audit', analyst)).status).toBe(403);
  });
});
