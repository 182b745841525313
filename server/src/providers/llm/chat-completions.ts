import http from 'node:http';
import https from 'node:https';
import type { Config } from '../../config.ts';
import type { ModelDefinition } from './catalogue.ts';

/**
 * OpenAI's Chat Completions streaming protocol spoken directly over node:http, for the chat's
 * answers from OpenAI and OpenAI-compatible servers (vLLM, Ollama...). The AI SDK's provider costs
 * about 0.9 ms of CPU per answer (fetch, web streams, a zod parse per chunk), this about 0.15 ms
 * (docs/decisions.md, "Chat answers without the provider chain"). Azure (its URL and version rules),
 * Mistral and Gemini keep the AI SDK.
 */
export interface ChatEndpoint {
  url: URL;
  headers: Record<string, string>;
  model: string;
  /** o-series and GPT-5 models: the instructions go as a `developer` message, the limit as `max_completion_tokens`. */
  reasoning: boolean;
}

export type ChatStreamPart =
  | { type: 'text'; text: string }
  | { type: 'finish'; inputTokens?: number; outputTokens?: number; length: boolean };

const OPENAI_URL = 'https://api.openai.com/v1';
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** OpenAI's own rule for which models reason: o1, o3, o4-mini...; GPT-5 and later except the gpt-5-chat models. */
export function isReasoningModel(id: string): boolean {
  if (/^o\d+(?:-|$)/.test(id)) return true;
  const gpt = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(id);
  if (!gpt || Number(gpt[1]) < 5) return false;
  return !(gpt[2] === undefined && gpt[3]?.startsWith('chat'));
}

/** Where a model's Chat Completions live, or null when its provider is not spoken here. */
export function chatEndpoint(model: ModelDefinition, config: Config): ChatEndpoint | null {
  const at = (base: string, key: string | undefined) => ({
    url: new URL(`${base.replace(/\/+$/, '')}/chat/completions`),
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    model: model.providerModel,
  });
  if (model.provider === 'openai') {
    return { ...at(config.OPENAI_BASE_URL ?? OPENAI_URL, config.OPENAI_API_KEY), reasoning: isReasoningModel(model.providerModel) };
  }
  if (model.provider === 'openai-compatible' && config.OPENAI_COMPATIBLE_BASE_URL) {
    return { ...at(config.OPENAI_COMPATIBLE_BASE_URL, config.OPENAI_COMPATIBLE_API_KEY), reasoning: false };
  }
  return null;
}

/** An upstream refusal, with the status the chat turns into the spec's error text. */
export class UpstreamError extends Error {
  readonly statusCode: number | undefined;
  readonly responseBody: string | undefined;
  constructor(message: string, statusCode: number | undefined, responseBody?: string) {
    super(message);
    this.name = 'UpstreamError';
    this.statusCode = statusCode;
    this.responseBody = responseBody;
  }
}

function post(endpoint: ChatEndpoint, body: string, signal: AbortSignal, retried = false): Promise<http.IncomingMessage> {
  const secure = endpoint.url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(endpoint.url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      headers: { ...endpoint.headers, 'content-length': Buffer.byteLength(body) },
      signal,
    });
    request.once('response', resolve);
    request.once('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as it was reused: the request never reached
      // it, so it is sent again once on a new connection (Node's documented remedy).
      if (!retried && request.reusedSocket && err.code === 'ECONNRESET' && !signal.aborted) resolve(post(endpoint, body, signal, true));
      else reject(err);
    });
    request.end(body);
  });
}

async function refusal(response: http.IncomingMessage): Promise<UpstreamError> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk;
  let message = text.slice(0, 500) || `The model's server answered ${response.statusCode}`;
  try {
    message = JSON.parse(text).error?.message ?? message;
  } catch {}
  return new UpstreamError(message, response.statusCode, text);
}

/** One answer as text parts, then one finish part (usage when the server sent it). */
export async function* streamChat(
  endpoint: ChatEndpoint,
  prompt: { system: string; messages: { role: 'user' | 'assistant'; content: string }[]; maxOutputTokens: number },
  signal: AbortSignal,
): AsyncGenerator<ChatStreamPart> {
  const body = JSON.stringify({
    model: endpoint.model,
    messages: [{ role: endpoint.reasoning ? 'developer' : 'system', content: prompt.system }, ...prompt.messages],
    [endpoint.reasoning ? 'max_completion_tokens' : 'max_tokens']: prompt.maxOutputTokens,
    stream: true,
    stream_options: { include_usage: true },
  });
  const response = await post(endpoint, body, signal);
  if ((response.statusCode ?? 500) >= 300) throw await refusal(response);
  response.setEncoding('utf8');
  let pending = '';
  let data = '';
  let finish: Extract<ChatStreamPart, { type: 'finish' }> = { type: 'finish', length: false };
  for await (const chunk of response as AsyncIterable<string>) {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end).replace(/\r$/, '');
      pending = pending.slice(end + 1);
      if (line.startsWith('data:')) {
        data += data ? `\n${line.slice(5).trimStart()}` : line.slice(5).trimStart();
        continue;
      }
      // Server-sent events end at a blank line; other fields (event:, id:, comments) are not used here.
      if (line !== '' || !data) continue;
      const event = data;
      data = '';
      if (event === '[DONE]') continue;
      const parsed = JSON.parse(event) as {
        error?: { message?: string; code?: unknown };
        choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
        usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
      };
      if (parsed.error) throw new UpstreamError(parsed.error.message ?? 'The model failed while answering', undefined, event);
      const choice = parsed.choices?.[0];
      const text = choice?.delta?.content;
      if (text) yield { type: 'text', text };
      if (choice?.finish_reason === 'length') finish = { ...finish, length: true };
      if (parsed.usage) finish = { ...finish, inputTokens: parsed.usage.prompt_tokens, outputTokens: parsed.usage.completion_tokens };
    }
  }
  yield finish;
}
