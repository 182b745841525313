import { CHAT_CREDIT_MARKER, CHAT_ERROR_MARKER } from '@hangar/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { users } from '../../platform/db/schema.ts';
import { CUT_FOR_CREDIT_TEXT } from './stream-routes.ts';

// Issue 11.6: an answer never costs more than what the user's credit held for it, the model is
// told the longest answer that credit pays for, and daily caps refuse before anything goes upstream.

let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
let open: TestApp;
let capped: TestApp;

beforeAll(async () => {
  stub = await startStubOpenAI();
  const llm = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, CHAT_UPSTREAM_TIMEOUT_MS: '5000' };
  open = await startTestApp(llm);
  capped = await startTestApp({ ...llm, CREDIT_USER_DAILY_CAP: '10', CREDIT_ORG_DAILY_CAP: '15' });
});
afterAll(async () => {
  await open?.close();
  await capped?.close();
  await stub?.close();
});

async function ask(app: TestApp, token: string, id: string, message = 'Write a very long report') {
  const res = await fetch(`${app.url}/api/secured_gpt/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, message, model: 'gpt4' }),
  });
  return { status: res.status, text: await res.text() };
}

async function userId(app: TestApp, email: string) {
  const [u] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

async function setBalance(app: TestApp, email: string, credits: number) {
  const id = await userId(app, email);
  const { remaining } = await app.ctx.credits.balance(id);
  const admin = await userId(app, 'admin@hangar.local');
  await app.ctx.credits.adjust(id, credits - remaining, { kind: 'admin_adjustment', actorId: admin, reason: 'test' });
}

const balanceOf = async (app: TestApp, token: string) =>
  (await apiCaller(() => app.url)('GET', '/api/credit', token)).body.remaining_credit as number;

describe('spend bounded by the hold', () => {
  it('asks a user with 5 credits for at most what 5 credits pay for, streams no more, and bills at most 5', async () => {
    const viewer = (await signIn(open.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
    await setBalance(open, 'viewer@hangar.local', 5);
    // An upstream that ignores the limit and reports a huge usage: 10,000 output tokens = 100 credits.
    stub.set({ chunks: Array.from({ length: 3000 }, (_, i) => `word${i} `), usage: { prompt_tokens: 200, completion_tokens: 10_000 } });
    const before = stub.requests.length;
    const res = await ask(open, viewer, 'spend-five-1');
    expect(res.status).toBe(200);
    const sent = stub.requests[before]!.body as { max_tokens?: number; max_completion_tokens?: number };
    const limit = sent.max_tokens ?? sent.max_completion_tokens;
    // GPT 4o: 10 credits per 1,000 output tokens; 5 credits minus the prompt pay for under 500.
    expect(limit).toBeGreaterThan(300);
    expect(limit).toBeLessThan(500);
    const answer = res.text.slice(0, res.text.indexOf(CHAT_ERROR_MARKER));
    expect(answer.length).toBeLessThanOrEqual(limit! * 4);
    expect(res.text).toContain(`${CHAT_ERROR_MARKER}${CUT_FOR_CREDIT_TEXT}`);
    const cost = Number(res.text.split(CHAT_CREDIT_MARKER)[1]!.split('##')[0]);
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThanOrEqual(5);
    const after = await balanceOf(open, viewer);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(Math.round((5 - after) * 1000)).toBe(Math.round(cost * 1000));
  });

  it('asks for the full default limit when the credit allows it', async () => {
    const analyst = (await signIn(open.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    stub.set({ chunks: ['Short.'], usage: { prompt_tokens: 100, completion_tokens: 2 } });
    const before = stub.requests.length;
    const res = await ask(open, analyst, 'spend-full-1', 'Hi');
    expect(res.text).not.toContain(CUT_FOR_CREDIT_TEXT);
    const sent = stub.requests[before]!.body as { max_tokens?: number };
    expect(sent.max_tokens).toBe(open.config.CHAT_MAX_OUTPUT_TOKENS);
  });
});

describe('the hold of a follow-up question', () => {
  it('is sized from the history and the user context by the opening statement: one reserve row, the full limit asked', async () => {
    const analyst = (await signIn(open.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    const analystId = await userId(open, 'analyst@hangar.local');
    await setBalance(open, 'analyst@hangar.local', 500);
    const call = apiCaller(() => open.url);
    await call('GET', '/api/secured_gpt/change/config/FR', analyst);
    expect((await call('POST', '/api/secured_gpt/context', analyst, { context: `  ${'c'.repeat(1500)}\n` })).status).toBe(200);
    // A long first answer: 8,000 characters of history for the follow-up (about 2,000 tokens).
    stub.set({ chunks: Array.from({ length: 400 }, () => 'abcdefghijklmnopqrs '), usage: { prompt_tokens: 100, completion_tokens: 2000 } });
    expect((await ask(open, analyst, 'follow-up-hold', 'First question')).status).toBe(200);
    stub.set({ chunks: ['Short.'], usage: { prompt_tokens: 3000, completion_tokens: 2 } });
    const before = stub.requests.length;
    expect((await ask(open, analyst, 'follow-up-hold', 'And then?')).status).toBe(200);
    expect((stub.requests[before]!.body as { max_tokens?: number }).max_tokens).toBe(open.config.CHAT_MAX_OUTPUT_TOKENS);
    const rows = (await open.ctx.db.execute(sql`
      SELECT reservation_id, count(*) FILTER (WHERE kind = 'reserve') AS reserves
      FROM credit_ledger WHERE user_id = ${analystId} AND feature = 'chat'
      GROUP BY reservation_id ORDER BY max(id) DESC LIMIT 1`)) as unknown as { rows: { reserves: string | number }[] };
    // Without the sizing, the estimate knew neither the history nor the context and a second
    // reserve row topped it up (a transaction of five statements before the first token).
    expect(Number(rows.rows[0]!.reserves)).toBe(1);
    await call('GET', '/api/secured_gpt/change/config/EN', analyst);
    await call('POST', '/api/secured_gpt/context', analyst, { context: '' });
  });
});

describe('daily caps (CREDIT_USER_DAILY_CAP=10, CREDIT_ORG_DAILY_CAP=15)', () => {
  it("refuses with 429 past the user's cap, before anything is sent upstream, and never bills past it", async () => {
    const analyst = (await signIn(capped.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    // Each answer would cost 4.5 credits (1,000 in at 2.5, 200 out at 10 per 1,000).
    stub.set({ chunks: ['Fine.'], usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const start = await balanceOf(capped, analyst);
    for (let i = 0; i < 3; i++) expect((await ask(capped, analyst, `cap-user-${i}`, 'Hi')).status).toBe(200);
    expect(start - (await balanceOf(capped, analyst))).toBeCloseTo(10, 3); // 4.5 + 4.5 + the 1 left under the cap
    const sentBefore = stub.requests.length;
    const refused = await ask(capped, analyst, 'cap-user-3', 'Hi');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).message).toBe('You have reached your daily spending limit of 10 credits. It resets at midnight UTC.');
    expect(stub.requests.length).toBe(sentBefore);
  });

  it("refuses everyone with 429 past the organisation's cap", async () => {
    const admin = (await signIn(capped.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
    // The analyst spent 10 of the organisation's 15: 5 are left, and this answer costs 5.
    stub.set({ chunks: ['Fine.'], usage: { prompt_tokens: 1000, completion_tokens: 250 } });
    expect((await ask(capped, admin, 'cap-org-0', 'Hi')).status).toBe(200);
    const sentBefore = stub.requests.length;
    const refused = await ask(capped, admin, 'cap-org-2', 'Hi');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).message).toMatch(/organisation has reached its daily GenAI spending limit/);
    expect(stub.requests.length).toBe(sentBefore);
  });
});
