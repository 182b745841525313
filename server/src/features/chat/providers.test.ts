import { CHAT_CREDIT_MARKER } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';

let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
const apps: TestApp[] = [];
beforeAll(async () => {
  stub = await startStubOpenAI();
  stub.set({ chunks: ['Bom ', 'dia'], usage: { prompt_tokens: 100, completion_tokens: 10 } });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await stub?.close();
});

async function askThrough(env: Record<string, string>) {
  const app = await startTestApp(env);
  apps.push(app);
  const token = (await signIn(app.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  const res = await fetch(`${app.url}/api/secured_gpt/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'chat-provider', message: 'Say good morning', model: 'gpt4' }),
  });
  return { status: res.status, text: await res.text() };
}

describe('the same wire protocol through the other providers of the catalogue', () => {
  it('drives an OpenAI-compatible server (vLLM, Ollama) with usage in the stream', async () => {
    const res = await askThrough({
      OPENAI_COMPATIBLE_BASE_URL: stub.baseUrl,
      CHAT_MODEL_OVERRIDES: JSON.stringify({ gpt4: { provider: 'openai-compatible', providerModel: 'llama-3.1-8b' } }),
    });
    expect(res.status).toBe(200);
    // 100 x 2.5 / 1000 + 10 x 10 / 1000 = 0.35 credits, from the usage the server reported.
    expect(res.text).toBe(`Bom dia${CHAT_CREDIT_MARKER}0.35##Say good morning`);
    expect(stub.requests.at(-1)!.body).toMatchObject({ model: 'llama-3.1-8b', stream: true, stream_options: { include_usage: true } });
  });

  it('drives Azure OpenAI with its api-key header and deployment name', async () => {
    const res = await askThrough({
      AZURE_OPENAI_API_KEY: 'azure-key',
      AZURE_OPENAI_BASE_URL: stub.baseUrl,
      CHAT_MODEL_OVERRIDES: JSON.stringify({ gpt4: { provider: 'azure', providerModel: 'gpt4o-deployment' } }),
    });
    expect(res.status).toBe(200);
    expect(res.text.startsWith('Bom dia')).toBe(true);
    const sent = stub.requests.at(-1)!;
    expect(sent.headers['api-key']).toBe('azure-key');
    expect(sent.body.model).toBe('gpt4o-deployment');
  });

  it('refuses a broken model override at start, naming the key', async () => {
    await expect(startTestApp({ CHAT_MODEL_OVERRIDES: '{not json' })).rejects.toThrow(/CHAT_MODEL_OVERRIDES/);
  });
});

describe('the chat rate limit', () => {
  it("answers too many questions with the spec's 429 text and its advice", async () => {
    const app = await startTestApp({ CHAT_RATE_LIMIT_PER_MINUTE: '2' });
    apps.push(app);
    const token = (await signIn(app.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
    const ask = async (n: number) => {
      const res = await fetch(`${app.url}/api/secured_gpt/askstream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: `chat-limit-${n}`, message: 'hello', model: 'offline' }),
      });
      return { status: res.status, text: await res.text() };
    };
    expect((await ask(1)).status).toBe(200);
    expect((await ask(2)).status).toBe(200);
    const third = await ask(3);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.text).message).toBe(
      'Too many requests. Please wait before trying again. If the problem persists, contact an administrator.',
    );
  });
});
