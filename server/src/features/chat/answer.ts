import { type ModelMessage, streamText } from 'ai';
import type { Config } from '../../config.ts';
import type { ModelDefinition } from '../../providers/llm/catalogue.ts';
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
}

const OFFLINE_PACE_MS = 8;

/** About four characters per token: only for estimates, never for billing a finished answer. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** Streams an answer from the model's provider, or from the offline assistant. */
export function answer(opts: {
  model: ModelDefinition;
  config: Config;
  system: string;
  messages: ModelMessage[];
  signal: AbortSignal;
}): Answer {
  const { model, system, messages, signal } = opts;
  const promptTokens = estimateTokens(system + messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join(''));
  let produced = '';

  if (model.provider === 'offline') {
    const last = messages.at(-1);
    const text = offlineAnswer(typeof last?.content === 'string' ? last.content : '');
    return {
      chunks: (async function* () {
        for (const chunk of wordChunks(text)) {
          if (signal.aborted) return;
          yield chunk;
          // Paced like a model, so the page shows it arriving rather than all at once.
          await new Promise((resolve) => setTimeout(resolve, OFFLINE_PACE_MS));
        }
      })(),
      usage: async () => ({ inputTokens: 0, outputTokens: 0, reported: true }),
    };
  }

  const result = streamText({
    model: languageModel(model, opts.config),
    system,
    messages,
    abortSignal: AbortSignal.any([signal, AbortSignal.timeout(opts.config.CHAT_UPSTREAM_TIMEOUT_MS)]),
    maxRetries: 0,
    // Errors reach the caller through the stream; the SDK's default would also print them.
    onError: () => {},
  });
  return {
    chunks: (async function* () {
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          produced += part.text;
          yield part.text;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          if (signal.aborted) return; // the user went away
          throw Object.assign(new Error('The model did not answer in time'), { name: 'TimeoutError' });
        }
      }
    })(),
    usage: async () => {
      if (!signal.aborted) {
        const u = await Promise.resolve(result.totalUsage).catch(() => null);
        if (u?.inputTokens !== undefined && u.outputTokens !== undefined)
          return { inputTokens: u.inputTokens, outputTokens: u.outputTokens, reported: true };
      }
      // Aborted, or a provider that sent no usage: bill what was produced, estimated.
      return { inputTokens: promptTokens, outputTokens: estimateTokens(produced), reported: false };
    },
  };
}
