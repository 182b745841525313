import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ANSWER_ID_HEADER, CHAT_CUT_FOR_CREDIT_TEXT, type MultidocsEvent } from '@hangar/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import { chatMessages, documents, multidocsFiles, users } from '../../platform/db/schema.ts';
import { TOO_MANY_ANSWERS_TEXT } from '../chat/index.ts';

// Multi Docs answers spend under the chat's rules (issue items 5 and 6): an output limit from the
// hold sent upstream and kept here, the per-user cap on answers streaming at once, the daily caps.
// And uploads are stored with the type their bytes say (item 10).

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/multidocs');
// gpt4's prices (credits per 1,000 tokens): 2.5 in, 10 out.
const PRICE_IN = 2.5;
const PRICE_OUT = 10;

let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
let open: TestApp;
let capped: TestApp;

beforeAll(async () => {
  stub = await startStubOpenAI();
  const llm = {
    HANGAR_DEMO_WAREHOUSE: 'false',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: stub.baseUrl,
    CHAT_UPSTREAM_TIMEOUT_MS: '10000',
  };
  open = await startTestApp({ ...llm, MULTIDOCS_UPLOAD_WAIT_MS: '60000' });
  capped = await startTestApp({ ...llm, CREDIT_USER_DAILY_CAP: '10' });
}, 180_000);
afterAll(async () => {
  await open?.close();
  await capped?.close();
  await stub?.close();
});

const token = async (app: TestApp, email = 'analyst@hangar.local') => (await signIn(app.url, email, DEMO_PASSWORD)).accessToken;
async function userId(app: TestApp, email = 'analyst@hangar.local') {
  const [u] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}
async function setBalance(app: TestApp, credits: number, email = 'analyst@hangar.local') {
  const id = await userId(app, email);
  const { remaining } = await app.ctx.credits.balance(id);
  await app.ctx.credits.adjust(id, credits - remaining, { kind: 'admin_adjustment', actorId: id, reason: 'test' });
}
const balance = async (app: TestApp, email = 'analyst@hangar.local') => (await app.ctx.credits.balance(await userId(app, email))).remaining;

async function upload(app: TestApp, auth: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set('sessionId', 'md-spending');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${app.url}/api/multidocs_chat/upload-file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}` },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  return { status: res.status, body: (await res.json()) as any };
}

/** Starts a dual stream; answers once its head arrives, with the rest of the body to await. */
async function startAsk(app: TestApp, auth: string, question: string, uris: string[] = [], sessionId = 'md-spending') {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('texts', JSON.stringify([...uris.map((uri) => ({ uri })), { text: question }]));
  const res = await fetch(`${app.url}/api/multidocs_chat/dual-stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}` },
    body: form,
  });
  return {
    status: res.status,
    answerId: Number(res.headers.get(ANSWER_ID_HEADER)),
    body: res.text().then((text) =>
      res.headers.get('content-type')?.startsWith('text/event-stream')
        ? {
            events: text
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => JSON.parse(l.slice(6)) as MultidocsEvent),
            message: null,
          }
        : { events: [] as MultidocsEvent[], message: JSON.parse(text).message as string },
    ),
  };
}
async function ask(app: TestApp, auth: string, question: string, uris: string[] = []) {
  const started = await startAsk(app, auth, question, uris);
  return { status: started.status, answerId: started.answerId, ...(await started.body) };
}
const answerOf = (events: MultidocsEvent[]) =>
  events
    .filter((e) => e.type === 'ask_chunk')
    .map((e) => e.content)
    .join('');
const totalCredit = (events: MultidocsEvent[]) => Number(events.find((e) => e.type === 'total_credit')?.content);
/** The output limit a Chat Completions request asked for. */
const limitOf = (body: Record<string, unknown>) => (body.max_tokens ?? body.max_completion_tokens) as number | undefined;
/** What the hold pays for once the prompt is paid, as the server counts the prompt (about four characters a token). */
function expectedLimit(held: number, body: Record<string, unknown>) {
  const chars = (body.messages as { content: string }[]).reduce((n, m) => n + m.content.length, 0);
  return Math.min(open.config.MULTIDOCS_ANSWER_TOKENS, Math.floor(((held - (Math.ceil(chars / 4) * PRICE_IN) / 1000) * 1000) / PRICE_OUT));
}

describe('a Multi Docs answer is bounded by its hold', () => {
  it('asks upstream for what 5 credits pay for, streams no more when the model ignores it, says it was cut, bills at most 5', async () => {
    const analyst = await token(open);
    const doc = await upload(open, analyst, await readFile(path.join(FIXTURES, 'handbook.pdf')), 'handbook.pdf', 'application/pdf');
    expect(doc.status).toBe(200);
    await setBalance(open, 5);
    // An upstream that ignores the limit and reports a huge usage: 10,000 output tokens = 100 credits.
    stub.set({ chunks: Array.from({ length: 3000 }, (_, i) => `word${i} `), usage: { prompt_tokens: 200, completion_tokens: 10_000 } });
    const sent = stub.requests.length;
    const res = await ask(open, analyst, 'Write a very long report on lost property', [doc.body.uri]);
    expect(res.status).toBe(200);
    expect(stub.requests.length).toBe(sent + 1);
    const upstream = stub.requests[sent]!.body;
    const limit = limitOf(upstream);
    // The whole balance is held (less than the estimate): the limit is what 5 credits pay for after the prompt.
    expect(limit).toBe(expectedLimit(5, upstream));
    expect(limit).toBeLessThan(500);
    expect(JSON.stringify(upstream.messages)).toContain('handbook.pdf');
    const answer = answerOf(res.events);
    const note = `\n\n_${CHAT_CUT_FOR_CREDIT_TEXT}_`;
    expect(answer.endsWith(note)).toBe(true);
    expect(answer.length - note.length).toBeLessThanOrEqual(limit! * 4);
    const cost = totalCredit(res.events);
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThanOrEqual(5);
    const after = await balance(open);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(Math.round((5 - after) * 1000)).toBe(Math.round(cost * 1000));
    const [row] = await open.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, res.answerId));
    expect(row).toMatchObject({ status: 'cut', creditMilli: Math.round(cost * 1000) });
    expect(row!.text.endsWith(note)).toBe(true);
  });

  it('with ample credit asks for the full MULTIDOCS_ANSWER_TOKENS and says nothing of a cut', async () => {
    const analyst = await token(open);
    await setBalance(open, 500);
    stub.set({ chunks: ['Short.'], usage: { prompt_tokens: 100, completion_tokens: 2 } });
    const sent = stub.requests.length;
    const res = await ask(open, analyst, 'Anything about fuel?');
    expect(limitOf(stub.requests[sent]!.body)).toBe(open.config.MULTIDOCS_ANSWER_TOKENS);
    expect(answerOf(res.events)).toBe('Short.');
    expect(totalCredit(res.events)).toBe((100 * PRICE_IN + 2 * PRICE_OUT) / 1000);
  });

  it('refuses (402, the chat text) a balance too small for a useful answer, before anything goes upstream', async () => {
    const analyst = await token(open);
    await setBalance(open, 1);
    const sent = stub.requests.length;
    const res = await ask(open, analyst, 'Anything about fuel?');
    expect(res.status).toBe(402);
    expect(res.message).toBe('You have run out of credits. Use the Send request button at the bottom of the sidebar to ask for more.');
    expect(stub.requests.length).toBe(sent);
    expect(await balance(open)).toBe(1);
    await setBalance(open, 500);
  });
});

describe('answers streaming at once', () => {
  it("refuses a user's 4th parallel dual stream as the chat refuses its 4th (429, same text), and counts chat and Multi Docs together", async () => {
    const analyst = await token(open);
    await setBalance(open, 500);
    expect(open.config.CHAT_MAX_CONCURRENT_STREAMS).toBe(3);
    // Each answer takes about 2 s.
    stub.set({ chunks: Array.from({ length: 8 }, () => 'slow '), delayMs: 250, usage: { prompt_tokens: 100, completion_tokens: 8 } });
    const sent = stub.requests.length;
    const four = await Promise.all([1, 2, 3, 4].map((i) => startAsk(open, analyst, `Question ${i}?`, [], `md-parallel-${i}`)));
    expect(four.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
    const refused = four.find((r) => r.status === 429)!;
    expect((await refused.body).message).toBe(TOO_MANY_ANSWERS_TEXT);
    // While the three stream, the chat refuses this user the same way (one count for both)...
    const chat = await fetch(`${open.url}/api/secured_gpt/askstream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'md-parallel-chat', message: 'Hi', model: 'gpt4' }),
    });
    expect(chat.status).toBe(429);
    expect(((await chat.json()) as { message: string }).message).toBe(TOO_MANY_ANSWERS_TEXT);
    // ...and another user is not limited by them.
    const admin = await token(open, 'admin@hangar.local');
    const other = await startAsk(open, admin, 'Question from someone else?', [], 'md-parallel-admin');
    expect(other.status).toBe(200);
    for (const r of [...four.filter((x) => x.status === 200), other]) expect((await r.body).events.at(-1)?.type).toBe('stream_complete');
    expect(stub.requests.length).toBe(sent + 4);
    // Once they ended, the count is back: a new question streams.
    stub.set({ chunks: ['Done.'], usage: { prompt_tokens: 10, completion_tokens: 1 } });
    expect((await ask(open, analyst, 'And now?')).status).toBe(200);
  }, 60_000);
});

describe('daily caps (CREDIT_USER_DAILY_CAP=10)', () => {
  it('hold within the cap, ask upstream only for what the cap leaves, and refuse with 429 once too little is left', async () => {
    const analyst = await token(capped);
    const start = await balance(capped);
    // Each answer costs 4.5 credits (1,000 in at 2.5, 200 out at 10 per 1,000).
    stub.set({ chunks: ['Fine.'], usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const sent = stub.requests.length;
    const first = await ask(capped, analyst, 'First question?');
    expect(first.status).toBe(200);
    // The estimate is above the cap: 10 credits are held, and the limit is what they pay for.
    const upstream = stub.requests[sent]!.body;
    expect(limitOf(upstream)).toBe(expectedLimit(10, upstream));
    expect(limitOf(upstream)).toBeLessThan(capped.config.MULTIDOCS_ANSWER_TOKENS);
    expect(totalCredit(first.events)).toBe(4.5);
    const second = await ask(capped, analyst, 'Second question?');
    expect(limitOf(stub.requests[sent + 1]!.body)).toBe(expectedLimit(5.5, stub.requests[sent + 1]!.body));
    expect(totalCredit(second.events)).toBe(4.5);
    // 1 credit is left under the cap: too little for an answer, refused before anything goes upstream.
    const refused = await ask(capped, analyst, 'Third question?');
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('You have reached your daily spending limit of 10 credits. It resets at midnight UTC.');
    expect(stub.requests.length).toBe(sent + 2);
    expect(start - (await balance(capped))).toBeCloseTo(9, 3);
  });
});

describe('uploaded images and recordings are stored with the type their bytes say', () => {
  const rows = async () => ({
    files: (await open.ctx.db.select({ n: count() }).from(multidocsFiles))[0]!.n,
    documents: (await open.ctx.db.select({ n: count() }).from(documents))[0]!.n,
  });

  it('refuses (415) an html page named .png and sent as image/png, and text named .mp3, leaving nothing', async () => {
    const analyst = await token(open);
    const before = await rows();
    const page = new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const html = await upload(open, analyst, page, 'photo.png', 'image/png');
    expect(html.status).toBe(415);
    expect(html.body.message).toBe(
      'photo.png cannot be read as an image: its content is a web page (html). Attach a png, jpeg, gif, webp, tiff or bmp image.',
    );
    const text = await upload(open, analyst, new TextEncoder().encode('just some notes\n'), 'song.mp3', 'audio/mpeg');
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/^song\.mp3 cannot be read as a recording: its content is text\./);
    // A wav renamed .png is not an image either.
    const wav = await upload(open, analyst, await readFile(path.join(FIXTURES, 'speech.wav')), 'speech.png', 'image/png');
    expect(wav.status).toBe(415);
    expect(wav.body.message).toMatch(/its content is a wav recording/);
    expect(await rows()).toEqual(before);
  });

  it('stores a png sent as image/jpeg (named .jpg) as image/png, and a wav sent as video/mp4 as audio/wav', async () => {
    const analyst = await token(open);
    const png = await upload(open, analyst, await readFile(path.join(FIXTURES, 'notice.png')), 'notice.jpg', 'image/jpeg');
    expect([200, 202]).toContain(png.status);
    const [image] = await open.ctx.db.select().from(documents).where(eq(documents.uri, png.body.uri));
    expect(image?.contentType).toBe('image/png');
    const wav = await upload(open, analyst, await readFile(path.join(FIXTURES, 'speech.wav')), 'speech.wav', 'video/mp4');
    expect([200, 202]).toContain(wav.status);
    const [recording] = await open.ctx.db.select().from(documents).where(eq(documents.uri, wav.body.uri));
    expect(recording?.contentType).toBe('audio/wav');
  }, 60_000);
});
