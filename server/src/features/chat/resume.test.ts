import { ANSWER_ID_HEADER, CHAT_CREDIT_MARKER } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askAndLeave as askAndLeaveAt, followAnswer } from '../../../test/answer-stream.ts';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { chatMessages, chatSessions, users } from '../../platform/db/schema.ts';
import { sweepStaleAnswers, WATCH_CHANNEL } from './answer-runner.ts';
import { createChatStore } from './store.ts';

// Issue 13.2: an answer survives its page. It is produced server-side whatever the client does,
// stored as it streams, followed again by message id (from this process or another), and only
// the Stop button ends it early.

let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
let t: TestApp;
let analyst: string;
let viewer: string;
const call = apiCaller(() => t.url);
const WORDS = Array.from({ length: 60 }, (_, i) => `word${i} `);
const FULL = WORDS.join('');
const llm = (url: string) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url, CHAT_UPSTREAM_TIMEOUT_MS: '4000' });

beforeAll(async () => {
  stub = await startStubOpenAI();
  t = await startTestApp(llm(stub.baseUrl));
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});
beforeEach(() => stub.set({ chunks: WORDS, delayMs: 25, usage: { prompt_tokens: 1000, completion_tokens: 200 } }));

/** Asks, reads the first chunk, and leaves (a reload): the answer's id. */
const askAndLeave = (app: TestApp, token: string, id: string) => askAndLeaveAt(app.url, token, id);
async function follow(app: TestApp, token: string, messageId: number, onText?: (text: string) => void) {
  const followed = await followAnswer(app.url, token, messageId, onText);
  if (followed.status === 200) expect(followed.contentType).toContain('text/event-stream');
  return followed;
}

const lastMessage = async (id: string, token = analyst, app = t) =>
  (await apiCaller(() => app.url)('GET', `/api/secured_gpt/sessions/${id}`, token)).body.conversation.at(-1);

describe('resumable answers (one process)', () => {
  it('keeps streaming after a reload; the conversation shows it streaming and a re-attach gets all of it', async () => {
    const aborted = stub.abortedCount();
    const messageId = await askAndLeave(t, analyst, 'resume-reload');
    expect(messageId).toBeGreaterThan(0);
    expect(await lastMessage('resume-reload')).toMatchObject({ message_id: messageId, status: 'streaming' });
    const followed = await follow(t, analyst, messageId);
    expect(followed.texts.length).toBeGreaterThan(1); // what existed, then the rest live
    expect(followed.text).toBe(FULL);
    expect(followed.end).toEqual({ status: 'complete', credit: 4.5, error: null });
    expect(await lastMessage('resume-reload')).toMatchObject({ assistant: FULL, status: 'complete', credit: 4.5 });
    expect(stub.abortedCount()).toBe(aborted);
    // A finished answer followed later: all of it at once, then its end.
    expect((await follow(t, analyst, messageId)).text).toBe(FULL);
  });

  it('signals nothing and writes the row only every few seconds while nobody elsewhere follows; a local reader still gets it live', async () => {
    const published: string[] = [];
    const publish = t.ctx.events.publish;
    t.ctx.events.publish = (channel, payload) => {
      published.push(channel);
      return publish(channel, payload);
    };
    try {
      // 60 chunks 25 ms apart: 1.5 s of streaming, under one quiet write interval.
      const messageId = await askAndLeave(t, analyst, 'resume-quiet');
      await new Promise((resolve) => setTimeout(resolve, 600));
      const row = await createChatStore(t.ctx.db).answer(messageId);
      expect(row).toMatchObject({ status: 'streaming', text: '' });
      const arrivals: number[] = [];
      const followed = await follow(t, analyst, messageId, () => arrivals.push(Date.now()));
      expect(followed.text).toBe(FULL);
      expect(arrivals.length).toBeGreaterThan(3);
      expect(published).toEqual([]);
    } finally {
      t.ctx.events.publish = publish;
    }
  });

  it('two tabs follow the same answer and both see it whole', async () => {
    const messageId = await askAndLeave(t, analyst, 'resume-tabs');
    const [a, b] = await Promise.all([follow(t, analyst, messageId), follow(t, analyst, messageId)]);
    expect(a.text).toBe(FULL);
    expect(b.text).toBe(FULL);
  });

  it('stops on Stop only: the part written stays, marked stopped, billed for what was produced', async () => {
    const aborted = stub.abortedCount();
    const res = await fetch(`${t.url}/api/secured_gpt/askstream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'resume-stop', message: 'Write a long report', model: 'gpt4' }),
    });
    const messageId = Number(res.headers.get(ANSWER_ID_HEADER));
    const reader = res.body!.getReader();
    await reader.read();
    const stop = await call('POST', `/api/secured_gpt/answers/${messageId}/stop`, analyst);
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ status: 'stopped' });
    let streamed = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) streamed += new TextDecoder().decode(r.value);
    expect(streamed).toContain(CHAT_CREDIT_MARKER);
    await expect.poll(() => stub.abortedCount(), { timeout: 5000 }).toBe(aborted + 1);
    const stored = await lastMessage('resume-stop');
    expect(stored.status).toBe('stopped');
    expect(stored.assistant.length).toBeLessThan(FULL.length);
    expect(stored.credit).toBeLessThan(4.5);
    expect((await follow(t, analyst, messageId)).end).toMatchObject({ status: 'stopped' });
    // Stopping a finished answer changes nothing.
    expect((await call('POST', `/api/secured_gpt/answers/${messageId}/stop`, analyst)).body).toEqual({ status: 'stopped' });
  });

  it('stops at its next write an answer whose Stop signal never arrived (the flag in its row)', async () => {
    // 60 chunks 100 ms apart: 6 s, longer than the 2 s between quiet writes.
    stub.set({ chunks: WORDS, delayMs: 100, usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const aborted = stub.abortedCount();
    const messageId = await askAndLeave(t, analyst, 'resume-stop-flag');
    await t.ctx.db.update(chatMessages).set({ stopRequested: true }).where(eq(chatMessages.id, messageId));
    await expect.poll(() => stub.abortedCount(), { timeout: 5000 }).toBe(aborted + 1);
    await expect.poll(async () => (await createChatStore(t.ctx.db).answer(messageId))?.status, { timeout: 5000 }).toBe('stopped');
  });

  it('writes answers due together in one statement, and one whose text the database refuses holds back none of the others', async () => {
    // A lone surrogate: PostgreSQL refuses it inside the batch's JSON; written alone it becomes U+FFFD.
    const usage = { prompt_tokens: 1000, completion_tokens: 200 };
    stub.setRules([{ whenAsked: 'half a pair', scenario: { chunks: ['Half \ud800 a pair ', ...WORDS], delayMs: 100, usage } }]);
    stub.set({ chunks: WORDS, delayMs: 100, usage });
    try {
      const [broken, fine] = await Promise.all([
        askAndLeaveAt(t.url, analyst, 'resume-batch-broken', 'Write half a pair'),
        askAndLeaveAt(t.url, analyst, 'resume-batch-fine'),
      ]);
      // Followed from elsewhere, both are written at every tick while their text grows: in one statement.
      await t.ctx.events.publish(WATCH_CHANNEL, String(broken));
      await t.ctx.events.publish(WATCH_CHANNEL, String(fine));
      const store = createChatStore(t.ctx.db);
      // Written as it grows (past the first chunks the first writes saw), while both still stream (6 s each).
      await expect.poll(async () => (await store.answer(fine))?.text ?? '', { timeout: 2500 }).toMatch(/^word0 .*word12 /);
      await expect.poll(async () => (await store.answer(broken))?.text ?? '', { timeout: 2000 }).toMatch(/^Half \ufffd a pair word0/);
      expect((await store.answer(fine))?.status).toBe('streaming');
      await Promise.all([follow(t, analyst, broken), follow(t, analyst, fine)]);
    } finally {
      stub.setRules([]);
    }
  });

  it('writes such an answer while it streams when it is due alone too (its quiet write every 2 s)', async () => {
    const usage = { prompt_tokens: 1000, completion_tokens: 200 };
    // 30 chunks 120 ms apart: 3.6 s, past one quiet write and within the upstream timeout (4 s).
    stub.set({ chunks: ['Half \ud800 a pair ', ...WORDS.slice(0, 29)], delayMs: 120, usage });
    const alone = await askAndLeaveAt(t.url, analyst, 'resume-batch-alone');
    const store = createChatStore(t.ctx.db);
    await expect.poll(async () => (await store.answer(alone))?.text ?? '', { timeout: 3000 }).toMatch(/^Half \ufffd a pair word0/);
    expect((await store.answer(alone))?.status).toBe('streaming');
    // Finished before the next test asks (a user has a few answers streaming at most).
    expect((await follow(t, analyst, alone)).end?.status).toBe('complete');
  });

  it("hides another user's answer (404), and refuses a malformed id (400)", async () => {
    const messageId = await askAndLeave(t, analyst, 'resume-private');
    expect((await call('POST', `/api/secured_gpt/answers/${messageId}/stop`, viewer)).status).toBe(404);
    expect((await follow(t, viewer, messageId)).status).toBe(404);
    expect((await call('POST', '/api/secured_gpt/answers/999999999/stop', analyst)).status).toBe(404);
    expect((await call('GET', '/api/secured_gpt/answers/abc/stream', analyst)).status).toBe(400);
    expect((await call('POST', `/api/secured_gpt/answers/${messageId}/stop`)).status).toBe(401);
    // The refused stop did not stop it.
    expect((await follow(t, analyst, messageId)).end?.status).toBe('complete');
  });

  it('stores a failed answer as failed, never as complete, with the reason after it', async () => {
    stub.set({ chunks: WORDS, hangAfter: 3 });
    const messageId = await askAndLeave(t, analyst, 'resume-failed');
    const followed = await follow(t, analyst, messageId);
    expect(followed.text).toBe(WORDS.slice(0, 3).join(''));
    expect(followed.end).toMatchObject({ status: 'failed', error: expect.stringContaining('Service temporarily unavailable') });
    const conversation = (await call('GET', '/api/secured_gpt/sessions/resume-failed', analyst)).body.conversation;
    expect(conversation.at(-2)).toMatchObject({ status: 'failed', assistant: WORDS.slice(0, 3).join('') });
    expect(conversation.at(-1).error).toContain('Service temporarily unavailable');
  });
});

describe('an answer whose process died', () => {
  it('is marked failed by the first reader after 30 s without a write, and its hold goes back', async () => {
    const [user] = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@hangar.local'))) as { id: string }[];
    const before = (await t.ctx.credits.balance(user!.id)).remaining;
    const hold = await t.ctx.credits.reserveUpTo(user!.id, 3, 'chat');
    await t.ctx.db.insert(chatSessions).values({ userId: user!.id, id: 'resume-dead' }).onConflictDoNothing();
    const [row] = await t.ctx.db
      .insert(chatMessages)
      .values({
        userId: user!.id,
        sessionId: 'resume-dead',
        role: 'assistant',
        text: 'Half of it',
        status: 'streaming',
        reservationId: hold.id,
        updatedAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: chatMessages.id });
    const followed = await follow(t, analyst, row!.id);
    expect(followed.text).toBe('Half of it');
    expect(followed.end?.status).toBe('failed');
    expect((await t.ctx.credits.balance(user!.id)).remaining).toBe(before);
  });

  it('is swept even when nobody reopens it: marked failed and its whole hold released; a live answer is left alone', async () => {
    const [user] = (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@hangar.local'))) as { id: string }[];
    const before = (await t.ctx.credits.balance(user!.id)).remaining;
    await t.ctx.db.insert(chatSessions).values({ userId: user!.id, id: 'resume-swept' }).onConflictDoNothing();
    const dead = await t.ctx.credits.reserveUpTo(user!.id, 2, 'chat');
    const live = await t.ctx.credits.reserveUpTo(user!.id, 1, 'chat');
    const rows = await t.ctx.db
      .insert(chatMessages)
      .values([
        {
          userId: user!.id,
          sessionId: 'resume-swept',
          role: 'assistant',
          text: 'Dead',
          status: 'streaming',
          reservationId: dead.id,
          updatedAt: new Date(Date.now() - 120_000),
        },
        {
          userId: user!.id,
          sessionId: 'resume-swept',
          role: 'assistant',
          text: 'Live',
          status: 'streaming',
          reservationId: live.id,
          updatedAt: new Date(),
        },
      ])
      .returning({ id: chatMessages.id, text: chatMessages.text });
    expect(await sweepStaleAnswers(t.ctx, createChatStore(t.ctx.db))).toBe(1);
    const statuses = await t.ctx.db
      .select({ text: chatMessages.text, status: chatMessages.status })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, 'resume-swept'));
    expect(Object.fromEntries(statuses.map((r) => [r.text, r.status]))).toEqual({ Dead: 'failed', Live: 'streaming' });
    // Only the live answer's hold is still out.
    expect((await t.ctx.credits.balance(user!.id)).remaining).toBeCloseTo(before - 1, 3);
    await t.ctx.credits.release(live.id);
    expect(rows).toHaveLength(2);
  });
});

if (!process.env.TEST_DATABASE_URL) {
  console.info('Two portal processes on one database need PostgreSQL: skipped here, run with TEST_DATABASE_URL.');
}
describe.skipIf(!process.env.TEST_DATABASE_URL)('resumable answers across two portal processes on one PostgreSQL', () => {
  let second: TestApp;
  let analystThere: string;
  beforeAll(async () => {
    second = await startTestApp(llm(stub.baseUrl), { sameDatabaseAs: t });
    analystThere = (await signIn(second.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  });
  afterAll(() => second?.close());

  it('re-attaches on the second process to an answer the first produces, and sees the rest live', async () => {
    const messageId = await askAndLeave(t, analyst, 'resume-two-procs');
    const arrivals: number[] = [];
    const followed = await follow(second, analystThere, messageId, () => arrivals.push(Date.now()));
    expect(followed.text).toBe(FULL);
    expect(followed.end).toEqual({ status: 'complete', credit: 4.5, error: null });
    // Live, not one read at the end: the text came in several events spread over time (the
    // producer writes every 150 ms once the reader asked, instead of every 2 s).
    expect(arrivals.length).toBeGreaterThan(3);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(200);
  });

  it('writes and signals only the answers followed from another process', async () => {
    const published: string[] = [];
    const publish = t.ctx.events.publish;
    t.ctx.events.publish = (channel, payload) => {
      published.push(`${channel} ${payload}`);
      return publish(channel, payload);
    };
    try {
      const quiet = await askAndLeave(t, analyst, 'resume-two-quiet');
      const followedId = await askAndLeave(t, analyst, 'resume-two-followed');
      expect((await follow(second, analystThere, followedId)).text).toBe(FULL);
      await expect.poll(async () => (await createChatStore(t.ctx.db).answer(quiet))?.status, { timeout: 5000 }).toBe('complete');
      expect(published.filter((p) => p === `chat-answer ${quiet}`)).toEqual([]);
      expect(published.filter((p) => p === `chat-answer ${followedId}`).length).toBeGreaterThan(3);
    } finally {
      t.ctx.events.publish = publish;
    }
  });

  it('stops from the second process an answer the first produces', async () => {
    const aborted = stub.abortedCount();
    const messageId = await askAndLeave(t, analyst, 'resume-two-stop');
    expect((await apiCaller(() => second.url)('POST', `/api/secured_gpt/answers/${messageId}/stop`, analystThere)).status).toBe(200);
    await expect.poll(() => stub.abortedCount(), { timeout: 5000 }).toBe(aborted + 1);
    expect((await follow(second, analystThere, messageId)).end?.status).toBe('stopped');
  });
});
