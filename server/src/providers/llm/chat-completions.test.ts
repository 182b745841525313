import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import type { ModelDefinition } from './catalogue.ts';
import { type ChatStreamPart, chatEndpoint, isReasoningModel, streamChat, UpstreamError } from './chat-completions.ts';

// A server whose answer each test scripts byte by byte, to check the parsing the real servers
// exercise: events split across packets, CRLF line ends, refusals, errors inside the stream.
let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void = () => {};
let received: { headers: IncomingMessage['headers']; body: Record<string, unknown> } | null = null;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received = { headers: req.headers, body: JSON.parse(body) };
    answer(req, res, body);
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const model = (provider: ModelDefinition['provider'], providerModel: string) => ({ provider, providerModel }) as ModelDefinition;
const config = (more: Partial<Config> = {}) => ({ OPENAI_BASE_URL: base, OPENAI_API_KEY: 'sk-test', ...more }) as Config;
const prompt = { system: 'Be brief.', messages: [{ role: 'user' as const, content: 'Hello' }], maxOutputTokens: 50 };

async function collect(providerModel = 'gpt-4o', signal = new AbortController().signal): Promise<ChatStreamPart[]> {
  const parts: ChatStreamPart[] = [];
  for await (const part of streamChat(chatEndpoint(model('openai', providerModel), config())!, prompt, signal)) parts.push(part);
  return parts;
}

/** Writes the pieces one by one, a few milliseconds apart, so they arrive as separate reads. */
function sendInPieces(pieces: string[], status = 200) {
  answer = async (_req, res) => {
    res.writeHead(status, { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' });
    for (const piece of pieces) {
      res.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    res.end();
  };
}

describe('the Chat Completions client', () => {
  it('knows which OpenAI models reason, as OpenAI names them', () => {
    for (const id of ['o1', 'o3-mini', 'o4-mini', 'gpt-5', 'gpt-5-mini', 'gpt-5.1', 'gpt-5.1-chat', 'gpt-6'])
      expect(isReasoningModel(id), id).toBe(true);
    for (const id of ['gpt-4o', 'gpt-4.1-nano', 'gpt-5-chat-latest', 'omni-moderation', 'llama-3.1-8b'])
      expect(isReasoningModel(id), id).toBe(false);
  });

  it('speaks only for OpenAI and OpenAI-compatible servers', () => {
    expect(chatEndpoint(model('openai', 'gpt-4o'), config({ OPENAI_BASE_URL: undefined }))?.url.href).toBe(
      'https://api.openai.com/v1/chat/completions',
    );
    const compatible = chatEndpoint(model('openai-compatible', 'llama'), config({ OPENAI_COMPATIBLE_BASE_URL: 'http://vllm:8000/v1/' }));
    expect(compatible?.url.href).toBe('http://vllm:8000/v1/chat/completions');
    expect(compatible?.headers.authorization).toBeUndefined();
    for (const provider of ['azure', 'mistral', 'google', 'offline'] as const)
      expect(chatEndpoint(model(provider, 'x'), config())).toBeNull();
  });

  it('sends the prompt and the limit, and reads text split anywhere, CRLF line ends, the finish reason and the usage', async () => {
    const events = [
      'data: {"choices":[{"delta":{"role":"assistant","content":"Bon"}}]}\r\n\r\n',
      ': keep-alive comment\n\n',
      'data: {"choices":[{"delta":{"content":"jour, "}}]}\n\ndata: {"choices":[{"delta":{"content":"ça va"},"finish_reason":"length"}]}\n\n',
      'data: {"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":3}}\n\ndata: [DONE]\n\n',
    ].join('');
    // Cut at every fifth byte, mid-line and mid-character.
    const bytes = Buffer.from(events);
    const pieces: string[] = [];
    for (let at = 0; at < bytes.length; at += 5) pieces.push(bytes.subarray(at, at + 5).toString('latin1'));
    answer = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of pieces) {
        res.write(Buffer.from(piece, 'latin1'));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    };
    const parts = await collect();
    expect(
      parts
        .filter((p) => p.type === 'text')
        .map((p) => p.text)
        .join(''),
    ).toBe('Bonjour, ça va');
    expect(parts.at(-1)).toEqual({ type: 'finish', inputTokens: 12, outputTokens: 3, length: true });
    expect(received!.headers.authorization).toBe('Bearer sk-test');
    expect(received!.body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
      ],
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('gives a reasoning model its instructions as a developer message and max_completion_tokens', async () => {
    sendInPieces(['data: {"choices":[{"delta":{"content":"ok"}}]}\n\n', 'data: [DONE]\n\n']);
    const parts = await collect('o4-mini');
    expect(parts).toEqual([
      { type: 'text', text: 'ok' },
      { type: 'finish', length: false },
    ]);
    expect(received!.body.messages).toEqual([
      { role: 'developer', content: 'Be brief.' },
      { role: 'user', content: 'Hello' },
    ]);
    expect(received!.body.max_completion_tokens).toBe(50);
    expect(received!.body.max_tokens).toBeUndefined();
  });

  it('turns a refusal into an error with its status and the server message', async () => {
    sendInPieces(['{"error":{"message":"Rate limit reached for gpt-4o","type":"requests"}}'], 429);
    const err = await collect().catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ statusCode: 429, message: 'Rate limit reached for gpt-4o' });
    sendInPieces(['<html>Bad gateway</html>'], 502);
    expect(await collect().catch((e) => e)).toMatchObject({ statusCode: 502, message: '<html>Bad gateway</html>' });
  });

  it('fails on an error sent inside the stream, after the text before it', async () => {
    sendInPieces(['data: {"choices":[{"delta":{"content":"Half"}}]}\n\n', 'data: {"error":{"message":"The server had an error"}}\n\n']);
    const parts: ChatStreamPart[] = [];
    const err = await (async () => {
      for await (const part of streamChat(chatEndpoint(model('openai', 'gpt-4o'), config())!, prompt, new AbortController().signal))
        parts.push(part);
    })().catch((e) => e);
    expect(parts).toEqual([{ type: 'text', text: 'Half' }]);
    expect(err).toMatchObject({ message: 'The server had an error', statusCode: undefined });
  });

  it('sends again on a new connection when the kept-alive one was closed by the server as it was reused', async () => {
    // A server that answers the first request of a connection and drops the connection on the next.
    const requestsBySocket = new Map<unknown, number>();
    const flaky = createServer((req, res) => {
      const n = (requestsBySocket.get(req.socket) ?? 0) + 1;
      requestsBySocket.set(req.socket, n);
      req.resume();
      req.on('end', () => {
        if (n > 1) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end('data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: [DONE]\n\n');
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/v1`;
    const endpoint = chatEndpoint(model('openai', 'gpt-4o'), config({ OPENAI_BASE_URL: url }))!;
    try {
      for (let i = 0; i < 3; i++) {
        const parts: ChatStreamPart[] = [];
        for await (const part of streamChat(endpoint, prompt, new AbortController().signal)) parts.push(part);
        expect(parts[0]).toEqual({ type: 'text', text: 'ok' });
      }
      // The second and third questions each found their kept-alive connection dropped and went again.
      expect(requestsBySocket.size).toBe(3);
    } finally {
      flaky.closeAllConnections();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
  });

  it('stops reading when aborted', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"choices":[{"delta":{"content":"First"}}]}\n\n');
      // and never ends
    };
    const controller = new AbortController();
    const parts: ChatStreamPart[] = [];
    const err = await (async () => {
      for await (const part of streamChat(chatEndpoint(model('openai', 'gpt-4o'), config())!, prompt, controller.signal)) {
        parts.push(part);
        controller.abort();
      }
    })().catch((e) => e);
    // The reader ends with the abort's error (the caller knows it aborted) instead of waiting forever.
    expect(parts).toEqual([{ type: 'text', text: 'First' }]);
    expect(err).toBeInstanceOf(Error);
  });
});
