import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from './free-port.ts';
import { stubEmbedding } from './stub-embeddings.ts';

export interface StubScenario {
  /** Streamed one by one; a non-streaming call gets them joined. */
  chunks: string[];
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Answer with this HTTP status and an OpenAI-style error body instead of a stream. */
  status?: number;
  /** Milliseconds between chunks. */
  delayMs?: number;
  /** Stop after this many chunks and keep the connection open (an upstream that hangs). */
  hangAfter?: number;
  /**
   * Non-streaming calls only: answer with these tool calls instead of text (finish_reason
   * tool_calls). `arguments` is sent as given when a string (to script unparsable JSON), else as JSON.
   */
  toolCalls?: { name: string; arguments: unknown }[];
}

/** A scenario for the questions whose last user message contains `whenAsked` (e.g. a slow answer for one e2e test). */
export interface StubRule {
  whenAsked: string;
  /** Only for calls that offer tools (true) or offer none (false); either when absent. */
  withTools?: boolean;
  scenario: StubScenario;
}

const lastUserText = (body: Record<string, unknown>) => {
  const messages = (body.messages as { role: string; content: unknown }[] | undefined) ?? [];
  const last = messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof last === 'string' ? last : JSON.stringify(last ?? '');
};

/**
 * A local server speaking OpenAI's Chat Completions streaming protocol (SSE `data:` lines, a final
 * usage chunk when `stream_options.include_usage`, then `data: [DONE]`), for the real client code;
 * and its Embeddings API (`/v1/embeddings`, vectors from stub-embeddings.ts).
 */
export async function startStubOpenAI(fixedPort?: number) {
  let scenario: StubScenario = { chunks: ['Hello', ' world'] };
  let rules: StubRule[] = [];
  const requests: { body: Record<string, unknown>; headers: IncomingMessage['headers']; url: string }[] = [];
  let aborted = 0;
  let embeddingsStatus = 0;
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = req.method === 'POST' ? JSON.parse(raw || '{}') : {};
    requests.push({ body, headers: req.headers, url: req.url ?? '' });
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('stub ok');
      return;
    }
    // Azure's client adds ?api-version=...; the path is what identifies the operation.
    if (new URL(req.url ?? '/', 'http://stub').pathname.endsWith('/embeddings')) {
      if (embeddingsStatus) {
        res.writeHead(embeddingsStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `stub error ${embeddingsStatus}`, type: 'stub' } }));
        return;
      }
      const input: string[] = Array.isArray(body.input) ? body.input : [String(body.input ?? '')];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: stubEmbedding(text) })),
          usage: { prompt_tokens: input.join(' ').split(/\s+/).length, total_tokens: input.join(' ').split(/\s+/).length },
        }),
      );
      return;
    }
    if (!new URL(req.url ?? '/', 'http://stub').pathname.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const asked = lastUserText(body);
    const offersTools = Array.isArray(body.tools) && body.tools.length > 0;
    const s =
      rules.find((r) => asked.includes(r.whenAsked) && (r.withTools === undefined || r.withTools === offersTools))?.scenario ?? scenario;
    if (s.status) {
      res.writeHead(s.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `stub error ${s.status}`, type: 'stub', code: String(s.status) } }));
      return;
    }
    if (body.stream !== true) {
      // A non-streaming call (generateText): the chunks joined, as one chat.completion.
      if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs));
      const usage = s.usage ?? { prompt_tokens: 0, completion_tokens: 0 };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            s.toolCalls
              ? {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: null,
                    tool_calls: s.toolCalls.map((c, i) => ({
                      id: `call_${i}`,
                      type: 'function',
                      function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
                    })),
                  },
                  finish_reason: 'tool_calls',
                }
              : { index: 0, message: { role: 'assistant', content: s.chunks.join('') }, finish_reason: 'stop' },
          ],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.on('close', () => {
      if (!res.writableFinished) aborted++;
    });
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const [i, content] of s.chunks.entries()) {
      if (s.hangAfter !== undefined && i >= s.hangAfter) return; // never finishes
      if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs));
      if (res.destroyed) return;
      send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage && s.usage) {
      send({ ...base, choices: [], usage: { ...s.usage, total_tokens: s.usage.prompt_tokens + s.usage.completion_tokens } });
    }
    res.end('data: [DONE]\n\n');
  });
  const port = fixedPort || (await freePort());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    abortedCount: () => aborted,
    set(next: StubScenario) {
      scenario = next;
    },
    /** Makes /v1/embeddings answer this HTTP error (0: answer normally). */
    failEmbeddings(status: number) {
      embeddingsStatus = status;
    },
    /** Scenarios by question, checked before the default one. */
    setRules(next: StubRule[]) {
      rules = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
