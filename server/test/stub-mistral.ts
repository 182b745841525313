import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from './free-port.ts';

export interface MistralStubScenario {
  chunks: string[];
  /** Reported on the last chunk, as Mistral does (no stream_options needed); omitted when absent. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Answer with this HTTP status and an error body instead of a stream. */
  status?: number;
  /**
   * The error body's shape: Mistral's API errors are `{object:'error',message,type,param,code}`;
   * its gateway answers some statuses (401, rate limits) with just `{message, request_id}`.
   */
  errorShape?: 'api' | 'gateway';
}

/**
 * A local server speaking Mistral's Chat Completions streaming protocol as @ai-sdk/mistral uses it:
 * `POST /v1/chat/completions` with `Authorization: Bearer <key>`, SSE `data:` chunks of
 * `chat.completion.chunk` with `choices[0].delta.content`, a last chunk carrying `finish_reason`
 * and `usage` {prompt_tokens, completion_tokens, total_tokens}, then `data: [DONE]`.
 */
export async function startStubMistral() {
  let scenario: MistralStubScenario = { chunks: ['Bonjour'] };
  const requests: { body: Record<string, unknown>; headers: IncomingMessage['headers']; url: string; method: string }[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    requests.push({ body, headers: req.headers, url: req.url ?? '', method: req.method ?? '' });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not Found' }));
      return;
    }
    const s = scenario;
    if (s.status) {
      const message = `stub error ${s.status}`;
      res.writeHead(s.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          s.errorShape === 'gateway'
            ? { message, request_id: 'stub-request' }
            : { object: 'error', message, type: 'invalid_request_error', param: null, code: String(s.status) },
        ),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const base = {
      id: Math.random().toString(16).slice(2),
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
    };
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const content of s.chunks) send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    send({
      ...base,
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'stop' }],
      ...(s.usage ? { usage: { ...s.usage, total_tokens: s.usage.prompt_tokens + s.usage.completion_tokens } } : {}),
    });
    res.end('data: [DONE]\n\n');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** What MISTRAL_BASE_URL takes (the client appends /chat/completions). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set(next: MistralStubScenario) {
      scenario = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
