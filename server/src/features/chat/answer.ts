import type { LanguageModel, ModelMessage } from 'ai';
import type { Config } from '../../config.ts';
import type { ModelDefinition } from '../../providers/llm/catalogue.ts';
import { type ChatStreamPart, chatEndpoint, streamChat } from '../../providers/llm/chat-completions.ts';
import { languageModel } from '../../providers/llm/providers.ts';
import { offlineAnswer, wordChunks } from './offline.ts';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** True when the provider reported usage; false when it was estimated (an aborted answer). */
  reported: boolean;
}

export interface Answer {
  chunks: AsyncIterable<string>;
  /** Settles after the chunks end (or fail, or are aborted). */
  usage: () => Promise<Usage>;
  /** True once the answer stopped at its output limit (the tokens the hold pays for). */
  cut: () => boolean;
}

type Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type Prompt = Parameters<Model['doStream']>[0]['prompt'];

const OFFLINE_PACE_MS = 8;

/** About four characters per token: only for estimates, never for billing a finished answer. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

// One client per model and configuration (the tests run several apps, each with its own), not one per question.
const models = new WeakMap<Config, Map<string, Model>>();
function modelFor(definition: ModelDefinition, config: Config): Model {
  const byId = models.get(config) ?? new Map<string, Model>();
  models.set(config, byId);
  const model = byId.get(definition.id) ?? (languageModel(definition, config) as Model);
  byId.set(definition.id, model);
  return model;
}

const text = (t: string) => [{ type: 'text' as const, text: t }];

/** Streams an answer from the model's provider, or from the offline assistant. */
export function answer(opts: {
  model: ModelDefinition;
  config: Config;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
  /** The most output tokens to ask for and to stream (what the user's hold pays for). */
  maxOutputTokens: number;
  /** The offline assistant's own answer when it has one (a question about the user's data), else null. */
  offlineReply?: (question: string) => Promise<string | null>;
}): Answer {
  const { model, system, messages, signal, maxOutputTokens } = opts;
  const promptTokens = estimateTokens(system + messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join(''));
  let produced = '';

  if (model.provider === 'offline') {
    const last = messages.at(-1);
    const question = typeof last?.content === 'string' ? last.content : '';
    return {
      chunks: (async function* () {
        const reply = (await opts.offlineReply?.(question)) ?? offlineAnswer(question);
        for (const chunk of wordChunks(reply)) {
          if (signal.aborted) return;
          yield chunk;
          // Paced like a model, so the page shows it arriving rather than all at once.
          await new Promise((resolve) => setTimeout(resolve, OFFLINE_PACE_MS));
        }
      })(),
      usage: async () => ({ inputTokens: 0, outputTokens: 0, reported: true }),
      cut: () => false,
    };
  }

  const history = messages.map((m) => ({
    role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
    content: String(m.content),
  }));
  const endpoint = chatEndpoint(model, opts.config);
  /** The answer's parts: Chat Completions spoken directly where the provider allows, else the AI SDK provider's stream. */
  async function* parts(abortSignal: AbortSignal): AsyncGenerator<ChatStreamPart> {
    if (endpoint) return yield* streamChat(endpoint, { system, messages: history, maxOutputTokens }, abortSignal);
    // The provider's own stream rather than streamText: plain text in, text out, no tools or steps,
    // and streamText's stream plumbing doubled the CPU and the memory of every open answer.
    const prompt: Prompt = [
      { role: 'system', content: system },
      ...history.map((m) =>
        m.role === 'assistant' ? { role: m.role, content: text(m.content) } : { role: m.role, content: text(m.content) },
      ),
    ];
    const { stream } = await modelFor(model, opts.config).doStream({ prompt, maxOutputTokens, abortSignal });
    for await (const part of stream) {
      if (part.type === 'text-delta') yield { type: 'text', text: part.delta };
      else if (part.type === 'finish')
        yield {
          type: 'finish',
          inputTokens: part.usage.inputTokens.total,
          outputTokens: part.usage.outputTokens.total,
          length: part.finishReason.unified === 'length',
        };
      else if (part.type === 'error') throw part.error;
    }
  }
  // One controller ends the upstream request: the asker's Stop, the upstream timeout, or the
  // output limit (ours, for providers that ignore max_tokens). Not AbortSignal.timeout and
  // AbortSignal.any: their timer and weak references outlive the answer until a full collection.
  const upstream = new AbortController();
  let cut = false;
  let limited = false;
  let timedOut = false;
  let reported: { inputTokens?: number; outputTokens?: number } = {};
  return {
    chunks: (async function* () {
      const stop = () => upstream.abort(signal.reason);
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
      const timer = setTimeout(() => {
        timedOut = true;
        upstream.abort();
      }, opts.config.CHAT_UPSTREAM_TIMEOUT_MS).unref();
      try {
        for await (const part of parts(upstream.signal)) {
          if (part.type === 'text') {
            const room = (maxOutputTokens - estimateTokens(produced)) * 4;
            const delta = part.text.length > room ? part.text.slice(0, Math.max(0, room)) : part.text;
            produced += delta;
            if (delta) yield delta;
            if (delta.length < part.text.length || estimateTokens(produced) >= maxOutputTokens) {
              cut = true;
              limited = true;
              upstream.abort();
              return;
            }
          } else {
            reported = { inputTokens: part.inputTokens, outputTokens: part.outputTokens };
            if (part.length) cut = true;
          }
        }
      } catch (err) {
        if (signal.aborted || limited) return; // stopped by the user, or at the output limit
        if (timedOut) throw Object.assign(new Error('The model did not answer in time'), { name: 'TimeoutError' });
        throw err;
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
      }
    })(),
    cut: () => cut,
    usage: async () => {
      const { inputTokens, outputTokens } = reported;
      if (!signal.aborted && !limited && inputTokens !== undefined && outputTokens !== undefined)
        return { inputTokens, outputTokens, reported: true };
      // Aborted, or a provider that sent no usage: bill what was produced, estimated.
      return { inputTokens: promptTokens, outputTokens: estimateTokens(produced), reported: false };
    },
  };
}
