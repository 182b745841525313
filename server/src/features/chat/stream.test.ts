import { CHAT_CREDIT_MARKER, CHAT_ERROR_MARKER } from '@hangar/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';

let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
let t: TestApp;
let offline: TestApp;
let analyst: string;
const call = apiCaller(() => t.url);

beforeAll(async () => {
  stub = await startStubOpenAI();
  t = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, CHAT_UPSTREAM_TIMEOUT_MS: '1500' });
  offline = await startTestApp();
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await offline?.close();
  await stub?.close();
});
beforeEach(() => stub.set({ chunks: ['Hello', ' world'] }));

async function ask(app: TestApp, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${app.url}/api/secured_gpt/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(decoder.decode(part, { stream: true }));
  return { status: res.status, text: chunks.join(''), chunks, type: res.headers.get('content-type') };
}

const balanceOf = async (token: string, app = t) => (await apiCaller(() => app.url)('GET', '/api/credit', token)).body.remaining_credit;

describe('askstream against an OpenAI-protocol server', () => {
  it('streams the answer, then the credit chunk with the cost from real usage and the new title', async () => {
    stub.set({ chunks: ['The ', 'runway ', 'is ', 'open.'], usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const before = await balanceOf(analyst);
    const res = await ask(t, analyst, { id: 'chat-stream-1', message: 'Is runway 2 open this morning?', model: 'gpt4' });
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    // GPT 4o at 2.5 in / 10 out per 1,000 tokens: 1000 x 2.5/1000 + 200 x 10/1000 = 4.5 credits.
    expect(res.text).toBe(`The runway is open.${CHAT_CREDIT_MARKER}4.5##Is runway 2 open this morning?`);
    expect(await balanceOf(analyst)).toBe(before - 4.5);
    const session = (await call('GET', '/api/secured_gpt/sessions/chat-stream-1', analyst)).body;
    expect(session.title).toBe('Is runway 2 open this morning?');
    expect(
      session.conversation.map((m: Record<string, unknown>) =>
        Object.keys(m).find((k) => ['user', 'assistant', 'info', 'error'].includes(k)),
      ),
    ).toEqual(['user', 'assistant']);
    expect(session.conversation[1]).toMatchObject({ assistant: 'The runway is open.', model: 'gpt4', credit: 4.5 });
    // The real client asked for usage in the stream (Chat Completions, not the Responses API).
    expect(stub.requests.at(-1)!.body).toMatchObject({ model: 'gpt-4o', stream: true, stream_options: { include_usage: true } });
  });

  it('opens the credit account of a first question, and stores and bills it like any other', async () => {
    const admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
    stub.set({ chunks: ['First.'], usage: { prompt_tokens: 400, completion_tokens: 100 } });
    const res = await ask(t, admin, { id: 'chat-first-ever', message: 'My first question', model: 'gpt4' });
    expect(res.text).toBe(`First.${CHAT_CREDIT_MARKER}2##My first question`);
    expect(await balanceOf(admin)).toBe(5000 - 2);
    const session = (await call('GET', '/api/secured_gpt/sessions/chat-first-ever', admin)).body;
    expect(session.conversation.map((m: Record<string, unknown>) => m.user ?? m.assistant)).toEqual(['My first question', 'First.']);
  });

  it('puts the answer language and the user context into the system prompt, and sends the history', async () => {
    await call('GET', '/api/secured_gpt/change/config/PT', analyst);
    await call('POST', '/api/secured_gpt/context', analyst, { context: 'I manage car parks at SSA.' });
    stub.set({ chunks: ['Sim.'], usage: { prompt_tokens: 10, completion_tokens: 1 } });
    await ask(t, analyst, { id: 'chat-stream-1', message: 'And runway 1?', model: 'gpt4' });
    const sent = stub.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('Answer in Portuguese');
    expect(sent.messages[0]!.content).toContain('I manage car parks at SSA.');
    expect(sent.messages.slice(1).map((m) => m.content)).toEqual([
      'Is runway 2 open this morning?',
      'The runway is open.',
      'And runway 1?',
    ]);
    await call('GET', '/api/secured_gpt/change/config/EN', analyst);
  });

  it.each([
    [400, 'Bad request. Please check your input and try again.'],
    [401, 'Authentication error. Please log in again.'],
    [403, "Access denied. You don't have the necessary permissions."],
    [404, 'Service not found. Please try again later.'],
    [429, 'Too many requests. Please wait before trying again.'],
    [500, 'Internal server error. Please try again later.'],
    [418, 'An error occurred. Please try again.'],
  ])('turns an upstream %i into the spec text, stores it, and charges nothing', async (status, text) => {
    stub.set({ chunks: [], status });
    const before = await balanceOf(analyst);
    const res = await ask(t, analyst, { id: `chat-err-${status}`, message: 'hello', model: 'gpt4' });
    expect(res.status).toBe(status === 429 ? 429 : 502);
    const body = JSON.parse(res.text);
    expect(body.message).toBe(`${text} If the problem persists, contact an administrator.`);
    expect(await balanceOf(analyst)).toBe(before);
    const session = (await call('GET', `/api/secured_gpt/sessions/chat-err-${status}`, analyst)).body;
    expect(session.conversation.at(-1).error).toBe(body.message);
    expect(session.title).toBe('hello'); // titled even though the answer failed
  });

  it('ends a hung upstream with the timeout text instead of hanging, and bills only what came', async () => {
    stub.set({ chunks: ['Partial ', 'answer ', 'never ends'], hangAfter: 2 });
    const res = await ask(t, analyst, { id: 'chat-hang', message: 'Tell me everything', model: 'gpt4' });
    expect(res.status).toBe(200);
    expect(res.text.startsWith('Partial answer ')).toBe(true);
    expect(res.text).toContain(
      `${CHAT_ERROR_MARKER}Service temporarily unavailable. Please try again later. If the problem persists, contact an administrator.`,
    );
    expect(res.text).toMatch(new RegExp(`${CHAT_CREDIT_MARKER}[0-9.]+##`));
  });

  it('keeps producing the answer after the client disconnects, stores it whole and bills it in full', async () => {
    stub.set({
      // 0.4 s in all: well inside this app's 1.5 s upstream timeout, even on a loaded machine.
      chunks: Array.from({ length: 20 }, (_, i) => `word${i} `),
      delayMs: 20,
      usage: { prompt_tokens: 1000, completion_tokens: 200 },
    });
    const before = await balanceOf(analyst);
    const abortedBefore = stub.abortedCount();
    const controller = new AbortController();
    const res = await fetch(`${t.url}/api/secured_gpt/askstream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'chat-abort', message: 'Write a long report', model: 'gpt4' }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    const full = Array.from({ length: 20 }, (_, i) => `word${i} `).join('');
    await expect
      .poll(async () => (await call('GET', '/api/secured_gpt/sessions/chat-abort', analyst)).body.conversation.at(-1), { timeout: 8000 })
      .toMatchObject({ assistant: full, status: 'complete', credit: 4.5 });
    expect(stub.abortedCount()).toBe(abortedBefore);
    expect(before - (await balanceOf(analyst))).toBeCloseTo(4.5, 3);
  });

  it('refuses to ask at 0 credit, and refuses unknown or hidden models clearly', async () => {
    const viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
    const unknown = await ask(t, viewer, { id: 'chat-x1', message: 'hi', model: 'gpt5' });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text).message).toContain('"gpt5" is not available');
    const hidden = await ask(t, viewer, { id: 'chat-x1', message: 'hi', model: 'multimodal' });
    expect(JSON.parse(hidden.text).message).toContain('GenAI/Multi Modal');
    expect((await ask(t, viewer, { id: 'chat-x1', message: '   ', model: 'gpt4' })).status).toBe(400);

    const admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
    const users = (await call('GET', '/api/admin/user_management/users?q=viewer', admin)).body.users;
    await call('POST', `/api/admin/user_management/users/${users[0].id}/credits`, admin, {
      delta: -(await balanceOf(viewer)),
      reason: 'test: empty balance',
    });
    const broke = await ask(t, viewer, { id: 'chat-x1', message: 'hi', model: 'gpt4' });
    expect(broke.status).toBe(402);
    expect(JSON.parse(broke.text).message).toMatch(/run out of credits/);
  });
});

describe('the offline assistant (no provider configured)', () => {
  it('lists itself and marks the cloud models unavailable, not hidden', async () => {
    const token = (await signIn(offline.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    const res = await apiCaller(() => offline.url)('GET', '/api/secured_gpt/models', token);
    expect(res.body.defaultModel).toBe('offline');
    const gpt4 = res.body.models.find((m: { id: string }) => m.id === 'gpt4');
    expect(gpt4).toMatchObject({ available: false, unavailableReason: 'OpenAI is not set up on this portal (ask your administrator)' });
    expect(res.body.models.find((m: { id: string }) => m.id === 'offline')).toMatchObject({ available: true, offline: true });
    expect(res.body.models.map((m: { id: string }) => m.id)).not.toContain('gpt41'); // staging only
    const refused = await ask(offline, token, { id: 'chat-off-0', message: 'hi', model: 'gpt4' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).message).toContain('not set up on this portal');
  });

  it('streams a plain notice of what to configure, at a cost of 0', async () => {
    const token = (await signIn(offline.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    const before = await balanceOf(token, offline);
    // Not a question of the data (the demo's analyst holds Talk to my data, which would answer one).
    const res = await ask(offline, token, { id: 'chat-off-1', message: 'Write a short poem about our airports', model: 'offline' });
    expect(res.status).toBe(200);
    expect(res.chunks.length).toBeGreaterThan(1);
    expect(res.text).toContain('No language model is configured');
    // Everyone reads it: no configuration key, whom to ask instead (issue 33 item 6).
    expect(res.text).not.toContain('OPENAI_API_KEY');
    expect(res.text).toContain('ask your administrator');
    expect(res.text.endsWith(`${CHAT_CREDIT_MARKER}0##Write a short poem about our airports`)).toBe(true);
    expect(await balanceOf(token, offline)).toBe(before);
  });

  it('answers a question about using the portal from the user guide, quoting the section, at a cost of 0', async () => {
    const token = (await signIn(offline.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
    const before = await balanceOf(token, offline);
    const res = await ask(offline, token, { id: 'chat-off-guide', message: 'comment demander plus de crédits ?', model: 'offline' });
    expect(res.status).toBe(200);
    expect(res.text).toContain("From the portal's user guide, **GenAI credits › Asking for more credits**");
    expect(res.text).toContain('> Press the **Send request** button at the bottom of the sidebar');
    expect(res.text).not.toContain('No language model is configured');
    expect(res.text.endsWith(`${CHAT_CREDIT_MARKER}0##comment demander plus de crédits ?`)).toBe(true);
    expect(await balanceOf(token, offline)).toBe(before);
    const session = (await apiCaller(() => offline.url)('GET', '/api/secured_gpt/sessions/chat-off-guide', token)).body;
    expect(session.conversation[1].assistant).toContain('Asking for more credits');
  });
});
