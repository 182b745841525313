import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { users } from '../../platform/db/schema.ts';
import { finished, uploadSheet, xlsxOf } from './test-helpers.ts';

// A chat model of the catalogue against a local server speaking OpenAI's Chat Completions: the
// estimate shown first, held while it runs, settled at the real usage; a failure gives it all back.
let t: TestApp;
let analyst: string;
let openai: Awaited<ReturnType<typeof startStubOpenAI>>;
const call = apiCaller(() => t.url);
const credit = async () => (await call('GET', '/api/credit', analyst)).body.remaining_credit as number;

const COMMENTS = ['Great lounge, friendly staff.', 'Vol retardé, personne ne nous a informés.', 'Llegué a la terminal 2.'];
const ANSWER = [
  { language: 'EN', sentiment: 'positive', score: 0.8, key_phrases: ['great lounge', 'friendly staff'] },
  { language: 'FR', sentiment: 'negative', score: -0.7, key_phrases: ['vol retardé'] },
  { language: 'ES', sentiment: 'neutral', score: 0, key_phrases: [] },
];

beforeAll(async () => {
  openai = await startStubOpenAI();
  t = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
});

async function uploaded() {
  const up = await uploadSheet(t.url, analyst, await xlsxOf([['Comment'], ...COMMENTS.map((c) => [c])]), 'llm.xlsx');
  expect(up.status).toBe(201);
  return up.body.id as string;
}

describe('sentiment with a chat model', () => {
  it('lists the chat models beside the offline analyser', async () => {
    const engines = (await call('GET', '/api/sentiment/engines', analyst)).body;
    expect(engines[0]).toMatchObject({ id: 'offline', offline: true, available: true });
    expect(engines.find((e: { id: string }) => e.id === 'gpt4')).toMatchObject({ available: true, offline: false });
    expect(engines.find((e: { id: string }) => e.id === 'gemini')).toMatchObject({ available: false });
  });

  it('sends the comments in a batch, writes the answers, holds the estimate and settles the real cost', async () => {
    const id = await uploaded();
    const estimate = (await call('GET', `/api/sentiment/analyses/${id}/estimate?text_column=Comment&engine=gpt4`, analyst)).body;
    expect(estimate.credits).toBeGreaterThan(0);
    const before = await credit();
    openai.set({ chunks: [JSON.stringify(ANSWER)], usage: { prompt_tokens: 400, completion_tokens: 100 }, delayMs: 800 });
    const run = await call('POST', `/api/sentiment/analyses/${id}/run`, analyst, { text_column: 'Comment', engine: 'gpt4' });
    expect(run.status).toBe(202);
    expect(run.body.credits).toBe(estimate.credits);
    expect(await credit()).toBeCloseTo(before - estimate.credits, 5); // held while it runs
    const done = await finished(t.url, analyst, id);
    expect(done.state).toBe('done');
    // gpt4: 2.5 credits per 1,000 input tokens, 10 per 1,000 output tokens.
    const cost = Math.ceil((0.4 * 2.5 + 0.1 * 10) * 100) / 100;
    expect(done.credits).toBe(Math.min(cost, estimate.credits));
    expect(await credit()).toBeCloseTo(before - Math.min(cost, estimate.credits), 5);
    const request = openai.requests.at(-1)!;
    expect(request.body.model).toBe('gpt-4o');
    const messages = request.body.messages as { role: string; content: string }[];
    expect(JSON.parse(messages.find((m) => m.role === 'user')!.content)).toEqual(COMMENTS);
    const result = (await call('GET', `/api/sentiment/analyses/${id}/result`, analyst)).body;
    expect(result.distribution).toEqual({ positive: 1, neutral: 1, negative: 1 });
    expect(result.comments[1]).toMatchObject({ language: 'FR', label: 'negative', score: -0.7, key_phrases: ['vol retardé'] });
  });

  it('an answer that does not fit, or an error status, fails the run and gives the held credits back', async () => {
    for (const scenario of [{ chunks: ['[{"sentiment":"positive"}]'] }, { chunks: [], status: 500 }]) {
      const id = await uploaded();
      const before = await credit();
      openai.set(scenario);
      await call('POST', `/api/sentiment/analyses/${id}/run`, analyst, { text_column: 'Comment', engine: 'gpt4' });
      const done = await finished(t.url, analyst, id);
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(/^The analysis failed\. Please try again/);
      expect(done.credits).toBe(0);
      expect(await credit()).toBeCloseTo(before, 5);
    }
  });

  it('refuses to start when the balance cannot hold the estimate', async () => {
    const id = await uploaded();
    const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@hangar.local'));
    await t.ctx.credits.adjust(user!.id, -(await credit()), {
      kind: 'admin_adjustment',
      actorId: user!.id,
      reason: 'test: no credit left',
    });
    const res = await call('POST', `/api/sentiment/analyses/${id}/run`, analyst, { text_column: 'Comment', engine: 'gpt4' });
    expect(res.status).toBe(402);
    expect((await call('GET', `/api/sentiment/analyses/${id}`, analyst)).body.state).toBe('uploaded');
  });
});
