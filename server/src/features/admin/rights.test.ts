import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { type CookieClient, signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../platform/db/schema.ts';

let t: TestApp;
let admin: string;
let localAdmin: string;
let viewer: { client: CookieClient; accessToken: string };
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  localAdmin = (await signIn(t.url, 'localadmin.lgw@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD);
  for (const u of await t.ctx.db.select().from(users)) ids[u.email] = u.id;
});
afterAll(() => t?.close());

const call = apiCaller(() => t.url);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('tab 69: application rights', () => {
  it('lists every application with its holders, direct and through groups', async () => {
    const res = await call('GET', '/api/admin/rights/applications', admin);
    const chat = res.body.applications.find((a: { appId: string }) => a.appId === 'GenAI/SecuredGPT');
    expect(chat.tabs).toEqual([{ id: 9, title: 'SecuredGPT' }]);
    expect(chat.holders.some((h: { group: string }) => h.group === 'SecuredGPT users')).toBe(true);
    expect((await call('GET', '/api/admin/rights/applications', localAdmin)).status).toBe(403);
  });

  it('grants and revokes; the old token stops working at once and a refresh carries the change', async () => {
    const before = viewer.accessToken;
    const granted = await call('POST', '/api/admin/rights/grants', admin, {
      appId: 'GenAI/Translator',
      userId: ids['viewer@hangar.local'],
    });
    expect(granted.status).toBe(201);
    expect((await call('GET', '/api/credit', before)).status).toBe(401);
    let token = (await (await viewer.client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).json()).access_token;
    expect(claimsOf(token).apps).toContain('GenAI/Translator');
    expect((await call('GET', '/api/credit', token)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/rights/grants/${granted.body.grantId}`, admin)).status).toBe(204);
    expect((await call('GET', '/api/credit', token)).status).toBe(401);
    token = (await (await viewer.client.fetch(`${t.url}/auth/refresh`, { method: 'POST' })).json()).access_token;
    expect(claimsOf(token).apps).not.toContain('GenAI/Translator');
  });

  it('keeps local admins from escalating or reaching other BUs', async () => {
    expect(
      (await call('POST', '/api/admin/rights/grants', localAdmin, { appId: 'Admin/SuperAdmin', userId: ids['viewer@hangar.local'] }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', '/api/admin/rights/grants', localAdmin, { appId: 'GenAI/Translator', userId: ids['analyst@hangar.local'] }))
        .status,
    ).toBe(403);
    const both = await call('POST', '/api/admin/rights/grants', admin, {
      appId: 'GenAI/Translator',
      userId: ids['viewer@hangar.local'],
      groupId: crypto.randomUUID(),
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/exactly one/);
    expect(
      (await call('POST', '/api/admin/rights/grants', admin, { appId: 'GenAI/Translator', groupId: crypto.randomUUID() })).status,
    ).toBe(404);
  });
});

describe('tab 75: user rights with sources', () => {
  it('says where each right comes from', async () => {
    const res = await call('GET', `/api/admin/rights/users/${ids['analyst@hangar.local']}`, admin);
    const source = (app: string) => res.body.rights.find((r: { appId: string }) => r.appId === app).sources;
    expect(source('GenAI/SecuredGPT')).toEqual([{ kind: 'group', group: 'SecuredGPT users' }]);
    expect(source('Data_gov/Traffic')).toEqual([{ kind: 'direct', group: null }]);
    expect(source('Data_gov/Overview')).toEqual([{ kind: 'derived', group: null }]);
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual(['Analysts', 'SecuredGPT users']);
    expect((await call('GET', `/api/admin/rights/users/${ids['analyst@hangar.local']}`, localAdmin)).status).toBe(403);
  });
});

describe('tab 71: groups and the data-governance map', () => {
  it('creates a group, adds a member, maps it to a BU application, and deletes it', async () => {
    const created = await call('POST', '/api/admin/groups', admin, { name: 'Finance SSA', description: 'Monthly close' });
    expect(created.status).toBe(201);
    expect((await call('POST', '/api/admin/groups', admin, { name: 'Finance SSA' })).status).toBe(409);
    expect(
      (await call('POST', `/api/admin/groups/${created.body.id}/members`, admin, { userId: ids['finance.ssa@hangar.local'] })).status,
    ).toBe(204);
    expect(
      (await call('POST', '/api/admin/dg_permissions', admin, { bu: 'SSA', groupId: created.body.id, appName: 'Finance/Ingestion' }))
        .status,
    ).toBe(204);
    const bad = await call('POST', '/api/admin/dg_permissions', admin, { bu: 'XXX', groupId: created.body.id, appName: 'Finance/Cooking' });
    expect(bad.status).toBe(400);
    const map = await call('GET', '/api/admin/dg_permissions', admin);
    expect(map.body.map).toContainEqual({ bu: 'SSA', groupId: created.body.id, group: 'Finance SSA', appName: 'Finance/Ingestion' });
    const list = await call('GET', '/api/admin/groups', admin);
    const group = list.body.groups.find((g: { name: string }) => g.name === 'Finance SSA');
    expect(group.members.map((m: { email: string }) => m.email)).toEqual(['finance.ssa@hangar.local']);
    expect((await call('DELETE', `/api/admin/groups/${created.body.id}`, admin)).status).toBe(204);
    const after = (await call('GET', '/api/admin/dg_permissions', admin)).body.map;
    expect(after.filter((r: { groupId: string }) => r.groupId === created.body.id)).toEqual([]);
    expect((await call('GET', '/api/admin/groups', localAdmin)).status).toBe(403);
    expect((await call('DELETE', '/api/admin/groups/not-a-uuid', admin)).status).toBe(400);
  });
});

describe('tab 74: analytics', () => {
  it('sums what answers cost by user, model, application and day', async () => {
    const viewerId = ids['viewer@hangar.local']!;
    const r1 = await t.ctx.credits.reserve(viewerId, 5, 'chat');
    await t.ctx.credits.settle(r1.id, 2.5, { model: 'gpt4', inputTokens: 1000, outputTokens: 250 });
    const r2 = await t.ctx.credits.reserve(viewerId, 5, 'translation');
    await t.ctx.credits.settle(r2.id, 5, { model: 'GoogleTranslate' });
    const r3 = await t.ctx.credits.reserve(viewerId, 5, 'chat');
    await t.ctx.credits.release(r3.id); // a failed answer costs nothing and is not counted
    const res = await call('GET', '/api/admin/analytics', admin);
    expect(res.status).toBe(200);
    expect(res.body.byUser).toEqual([{ email: 'viewer@hangar.local', credits: 7.5, tokens: 1250, answers: 2 }]);
    expect(res.body.byModel).toEqual(
      expect.arrayContaining([
        { model: 'gpt4', credits: 2.5, tokens: 1250, answers: 1 },
        { model: 'GoogleTranslate', credits: 5, tokens: 0, answers: 1 },
      ]),
    );
    expect(res.body.byApplication.map((a: { application: string }) => a.application).sort()).toEqual(['chat', 'translation']);
    expect(res.body.activeUsers).toBe(1);
    expect(res.body.byDay).toHaveLength(1);
    const csv = await call('GET', '/api/admin/analytics/export.csv', localAdmin);
    expect(String(csv.body)).toContain('user,"viewer@hangar.local",7.5,1250,2');
    expect((await call('GET', '/api/admin/analytics?from=2026-12-01&to=2026-01-01', admin)).status).toBe(400);
  });
});
