import { CHAT_CREDIT_MARKER, CHAT_ERROR_MARKER } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubGemini } from '../../../test/stub-gemini.ts';
import { startStubMistral } from '../../../test/stub-mistral.ts';
import { DEFAULT_MODELS } from '../../providers/llm/catalogue.ts';

// Mistral and Gemini driven through their real AI SDK clients against local servers speaking each
// provider's own wire protocol (not OpenAI's), through the app's askstream route.

let mistral: Awaited<ReturnType<typeof startStubMistral>>;
let gemini: Awaited<ReturnType<typeof startStubGemini>>;
let t: TestApp;
let analyst: string;
const call = apiCaller(() => t.url);

beforeAll(async () => {
  mistral = await startStubMistral();
  gemini = await startStubGemini();
  t = await startTestApp({
    MISTRAL_API_KEY: 'mistral-key',
    MISTRAL_BASE_URL: mistral.baseUrl,
    GOOGLE_GENERATIVE_AI_API_KEY: 'gemini-key',
    GOOGLE_GENERATIVE_AI_BASE_URL: gemini.baseUrl,
  });
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await mistral?.close();
  await gemini?.close();
});

async function ask(id: string, message: string, model: string) {
  const res = await fetch(`${t.url}/api/secured_gpt/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${analyst}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, message, model }),
  });
  return { status: res.status, text: await res.text() };
}

const balance = async () => (await call('GET', '/api/credit', analyst)).body.remaining_credit as number;

/** The credit chunk's figure for this usage at the catalogue's prices, rounded as the route rounds it. */
function creditFor(modelId: string, inputTokens: number, outputTokens: number) {
  const m = DEFAULT_MODELS.find((d) => d.id === modelId)!;
  return Math.round(((inputTokens * m.priceIn + outputTokens * m.priceOut) / 1000) * 1000) / 1000;
}

const adviceText = (text: string) => `${text} If the problem persists, contact an administrator.`;
const TOO_MANY = adviceText('Too many requests. Please wait before trying again.');
const INTERNAL = adviceText('Internal server error. Please try again later.');

it('lists Mistral and Gemini as available once their keys are set', async () => {
  const { models } = (await call('GET', '/api/secured_gpt/models', analyst)).body as { models: { id: string; available: boolean }[] };
  expect(models.find((m) => m.id === 'mistral')?.available).toBe(true);
  expect(models.find((m) => m.id === 'gemini')?.available).toBe(true);
});

describe('Mistral, over its own chat completions protocol', () => {
  it('streams the answer and bills the usage Mistral reported at the catalogue price', async () => {
    mistral.set({ chunks: ['Le ', 'vol ', 'est ', "à l'heure."], usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const before = await balance();
    const res = await ask('chat-mistral-1', 'Is flight AF123 on time?', 'mistral');
    expect(res.status).toBe(200);
    // Mistral Large at 2 in / 6 out per 1,000 tokens: 1000 x 2/1000 + 200 x 6/1000 = 3.2 credits.
    expect(creditFor('mistral', 1000, 200)).toBe(3.2);
    expect(res.text).toBe(`Le vol est à l'heure.${CHAT_CREDIT_MARKER}3.2##Is flight AF123 on time?`);
    expect(await balance()).toBeCloseTo(before - 3.2, 6);
  });

  it('sent the system prompt and the question in Mistral’s request format, with its bearer key', async () => {
    const sent = mistral.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer mistral-key');
    const body = sent.body as { model: string; stream: boolean; messages: { role: string; content: unknown }[] };
    expect(body.model).toBe('mistral-large-latest');
    expect(body.stream).toBe(true);
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[0]!.content).toEqual(expect.stringContaining('You are SecuredGPT'));
    expect(body.messages[0]!.content).toEqual(expect.stringContaining('Answer in English'));
    // User turns go as content parts; there is nothing OpenAI-only such as stream_options.
    expect(body.messages.slice(1)).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Is flight AF123 on time?' }] }]);
    expect(body).not.toHaveProperty('stream_options');
  });

  it('sends the earlier turns of the conversation as user and assistant messages', async () => {
    mistral.set({ chunks: ['Oui.'], usage: { prompt_tokens: 50, completion_tokens: 2 } });
    const res = await ask('chat-mistral-1', 'And AF124?', 'mistral');
    expect(res.text).toBe(`Oui.${CHAT_CREDIT_MARKER}${creditFor('mistral', 50, 2)}##Is flight AF123 on time?`);
    const body = mistral.requests.at(-1)!.body as { messages: { role: string; content: unknown; prefix?: boolean }[] };
    expect(body.messages.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Is flight AF123 on time?' }] },
      { role: 'assistant', content: "Le vol est à l'heure." },
      { role: 'user', content: [{ type: 'text', text: 'And AF124?' }] },
    ]);
  });

  it.each([
    [429, 'api' as const, 429, TOO_MANY],
    [500, 'api' as const, 502, INTERNAL],
    // Mistral's gateway answers with a bare {message}: the status alone still picks the text.
    [401, 'gateway' as const, 502, adviceText('Authentication error. Please log in again.')],
  ])('turns an upstream %i (%s error body) into the spec text, stores it, and charges nothing', async (status, errorShape, ours, text) => {
    mistral.set({ chunks: [], status, errorShape });
    const before = await balance();
    const res = await ask(`chat-mistral-err-${status}`, 'hello', 'mistral');
    expect(res.status).toBe(ours);
    expect(JSON.parse(res.text).message).toBe(text);
    expect(await balance()).toBe(before);
    const session = (await call('GET', `/api/secured_gpt/sessions/chat-mistral-err-${status}`, analyst)).body;
    expect(session.conversation.at(-1).error).toBe(text);
  });
});

describe('Gemini, over the Generative Language API streaming protocol', () => {
  it('streams the answer and bills the final usageMetadata at the catalogue price', async () => {
    gemini.set({ chunks: ['Runway ', '2 is ', 'open.'], usage: { promptTokenCount: 1200, candidatesTokenCount: 300 } });
    const before = await balance();
    const res = await ask('chat-gemini-1', 'Is runway 2 open?', 'gemini');
    expect(res.status).toBe(200);
    // Gemini at 0.1 in / 0.4 out per 1,000 tokens: 1200 x 0.1/1000 + 300 x 0.4/1000 = 0.24 credits,
    // from the last chunk's usageMetadata (the earlier chunks' running counts are not added up).
    expect(creditFor('gemini', 1200, 300)).toBe(0.24);
    expect(res.text).toBe(`Runway 2 is open.${CHAT_CREDIT_MARKER}0.24##Is runway 2 open?`);
    expect(await balance()).toBeCloseTo(before - 0.24, 6);
  });

  it('sent the system instruction and the question in Google’s request format, with the x-goog-api-key header', async () => {
    const sent = gemini.requests.at(-1)!;
    expect(sent.url).toBe('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse');
    expect(sent.headers['x-goog-api-key']).toBe('gemini-key');
    expect(sent.headers.authorization).toBeUndefined();
    const body = sent.body as {
      systemInstruction: { parts: { text: string }[] };
      contents: { role: string; parts: { text: string }[] }[];
    };
    expect(body.systemInstruction.parts).toHaveLength(1);
    expect(body.systemInstruction.parts[0]!.text).toContain('You are SecuredGPT');
    expect(body.systemInstruction.parts[0]!.text).toContain('Answer in English');
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'Is runway 2 open?' }] }]);
  });

  it('sends the earlier turns of the conversation with the model role', async () => {
    gemini.set({ chunks: ['Yes.'], usage: { promptTokenCount: 40, candidatesTokenCount: 2 } });
    const res = await ask('chat-gemini-1', 'And runway 1?', 'gemini');
    expect(res.text).toBe(`Yes.${CHAT_CREDIT_MARKER}${creditFor('gemini', 40, 2)}##Is runway 2 open?`);
    const body = gemini.requests.at(-1)!.body as { contents: unknown[] };
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Is runway 2 open?' }] },
      { role: 'model', parts: [{ text: 'Runway 2 is open.' }] },
      { role: 'user', parts: [{ text: 'And runway 1?' }] },
    ]);
  });

  it.each([
    [429, 429, TOO_MANY],
    [500, 502, INTERNAL],
  ])('turns an upstream %i into the spec text, stores it, and charges nothing', async (status, ours, text) => {
    gemini.set({ chunks: [], status });
    const before = await balance();
    const res = await ask(`chat-gemini-err-${status}`, 'hello', 'gemini');
    expect(res.status).toBe(ours);
    expect(JSON.parse(res.text).message).toBe(text);
    expect(await balance()).toBe(before);
    const session = (await call('GET', `/api/secured_gpt/sessions/chat-gemini-err-${status}`, analyst)).body;
    expect(session.conversation.at(-1).error).toBe(text);
  });

  it('ends an answer that fails inside the stream with the error text after what came', async () => {
    gemini.set({ chunks: ['Partial ', 'answer'], errorInStream: 503 });
    const res = await ask('chat-gemini-midstream', 'Tell me everything', 'gemini');
    expect(res.status).toBe(200);
    expect(res.text.startsWith(`Partial answer${CHAT_ERROR_MARKER}${INTERNAL}${CHAT_CREDIT_MARKER}`)).toBe(true);
    expect(res.text.endsWith('##Tell me everything')).toBe(true);
  });
});
