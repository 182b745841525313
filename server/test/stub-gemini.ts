import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from './free-port.ts';

export interface GeminiStubScenario {
  chunks: string[];
  /** The final usageMetadata; earlier chunks carry a running count, as Google's do. */
  usage?: { promptTokenCount: number; candidatesTokenCount: number };
  /** Answer with this HTTP status and Google's error body instead of a stream. */
  status?: number;
  /** After the chunks, fail inside the 200 stream with a `{error:{...}}` chunk of this code, as Google can. */
  errorInStream?: number;
}

/** google.rpc.Code names for the HTTP statuses Google answers with. */
const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};
const googleError = (code: number) => ({ error: { code, message: `stub error ${code}`, status: STATUS_NAMES[code] ?? 'UNKNOWN' } });

const STREAM_PATH = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/;

/**
 * A local server speaking Google's Generative Language API streaming protocol as @ai-sdk/google uses
 * it: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` with the key in `x-goog-api-key`,
 * SSE `data:` chunks (CRLF-separated, no [DONE]) of `{candidates:[{content:{parts:[{text}],role:'model'}}],
 * usageMetadata, modelVersion, responseId}`, `finishReason: 'STOP'` on the last; errors as
 * `{error:{code,message,status}}`.
 */
export async function startStubGemini() {
  let scenario: GeminiStubScenario = { chunks: ['Hello'] };
  const requests: { body: Record<string, unknown>; headers: IncomingMessage['headers']; url: string; model?: string }[] = [];
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    const url = new URL(req.url ?? '/', 'http://stub');
    const model = STREAM_PATH.exec(url.pathname)?.[1];
    requests.push({ body, headers: req.headers, url: req.url ?? '', model });
    if (req.method !== 'POST' || !model || url.searchParams.get('alt') !== 'sse') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(googleError(404)));
      return;
    }
    const s = scenario;
    if (s.status) {
      res.writeHead(s.status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(googleError(s.status)));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
    const responseId = Math.random().toString(36).slice(2);
    const last = s.chunks.length - 1;
    for (const [i, text] of s.chunks.entries()) {
      const final = i === last && s.errorInStream === undefined;
      const usage = s.usage && {
        promptTokenCount: s.usage.promptTokenCount,
        // A running count until the last chunk, which has the full one.
        candidatesTokenCount: final ? s.usage.candidatesTokenCount : i + 1,
        totalTokenCount: s.usage.promptTokenCount + (final ? s.usage.candidatesTokenCount : i + 1),
      };
      send({
        candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...(final ? { finishReason: 'STOP' } : {}) }],
        ...(usage ? { usageMetadata: usage } : {}),
        modelVersion: model,
        responseId,
      });
    }
    if (s.errorInStream !== undefined) send(googleError(s.errorInStream));
    res.end();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** What GOOGLE_GENERATIVE_AI_BASE_URL takes (the client appends /models/{model}:streamGenerateContent). */
    baseUrl: `http://127.0.0.1:${port}/v1beta`,
    requests,
    set(next: GeminiStubScenario) {
      scenario = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
