import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAT_CREDIT_MARKER } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { deliverLedgerMonth } from '../../../test/dashboard-ledger.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { dropInsight } from './assistant.ts';

// The dashboards' assistant panel offline: where a KPI is shown, how it splits with the numbers
// of the caller's scope, streamed like the classic chat with the credit last.

let t: TestApp;
let dir: string;
let steward: string;
let viewer: string;

async function ask(token: string, body: unknown) {
  const res = await fetch(`${t.url}/api/nav_chat/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' });
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-assistant-'));
  await deliverLedgerMonth(t, dir, { bu: 'SSA', month: 1, revenue: { 'CC-1': 1000, 'CC-2': 250 }, expenses: 400 });
  await deliverLedgerMonth(t, dir, { bu: 'SSA', month: 2, revenue: { 'CC-1': 1200 }, expenses: 300 });
  await deliverLedgerMonth(t, dir, { bu: 'LGW', month: 1, revenue: { 'CC-1': 5000 }, expenses: 1500 });
  steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('POST /api/nav_chat/askstream', () => {
  it('says where a KPI is shown, among the dashboards the user holds, at no cost', async () => {
    const { status, text } = await ask(steward, { id: 'a1', message: 'Where is the revenue?', uc: 'Traffic' });
    expect(status).toBe(200);
    expect(text).toContain('Revenue is shown in:');
    expect(text).toMatch(/\*\*Finance\*\* \(tab \d+\): widget "/);
    // The HQ dashboards are not his.
    expect(text).not.toContain('HQ Executive');
    expect(text.endsWith(`${CHAT_CREDIT_MARKER}0`)).toBe(true);
  });

  it('splits a KPI with the numbers of the user scope only', async () => {
    const { status, text } = await ask(steward, { id: 'a2', message: 'revenue by month in 2025', uc: 'Ops' });
    expect(status).toBe(200);
    expect(text).toContain('1,250');
    expect(text).toContain('1,200');
    // LGW's 5,000 is outside the steward's scope.
    expect(text).not.toContain('5,000');
  });

  it('explains what it answers when the question names no KPI', async () => {
    const { text } = await ask(steward, { id: 'a3', message: 'hello there', uc: 'Traffic' });
    expect(text).toContain('where a KPI is shown in the Traffic dashboards');
  });

  it('refuses a user without a dashboard, and bad bodies with a message', async () => {
    expect((await ask(viewer, { id: 'a4', message: 'Where is the revenue?', uc: 'Traffic' })).status).toBe(403);
    const wrongUc = await ask(steward, { id: 'a5', message: 'Where is the revenue?', uc: 'Finance' });
    expect(wrongUc.status).toBe(400);
    expect((await ask(steward, { id: 'a6', message: '   ', uc: 'Ops' })).status).toBe(400);
    expect((await ask(steward, { id: 'a7', message: 42, uc: 'Ops' })).status).toBe(400);
  });

  it('drops what follows a dashboard-insight tag', () => {
    expect(dropInsight('Revenue is up.\n<dashboard-insight>{"chart":1}</dashboard-insight>')).toBe('Revenue is up.');
    expect(dropInsight('No tag here.')).toBe('No tag here.');
  });
});
