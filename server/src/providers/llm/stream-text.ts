import type { LanguageModel } from 'ai';
import type { Config } from '../../config.ts';
import type { ModelDefinition } from './catalogue.ts';
import { languageModel } from './providers.ts';

type Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;

export interface StreamedText {
  chunks: AsyncIterable<string>;
  /** Tokens as the provider reported them, else estimated from the text (about four characters a token). */
  usage: () => { inputTokens: number; outputTokens: number };
}

/**
 * One system prompt and one user message streamed from a configured model (Chat Completions).
 * For features other than the chat that answer over their own context (Multi Docs).
 */
export function streamText(opts: {
  model: ModelDefinition;
  config: Config;
  system: string;
  user: string;
  signal: AbortSignal;
}): StreamedText {
  const estimate = (t: string) => Math.ceil(t.length / 4);
  let produced = '';
  let reported: { inputTokens?: number; outputTokens?: number } = {};
  const timeout = AbortSignal.timeout(opts.config.CHAT_UPSTREAM_TIMEOUT_MS);
  return {
    chunks: (async function* () {
      try {
        const model = languageModel(opts.model, opts.config) as Model;
        const { stream } = await model.doStream({
          prompt: [
            { role: 'system', content: opts.system },
            { role: 'user', content: [{ type: 'text', text: opts.user }] },
          ],
          abortSignal: AbortSignal.any([opts.signal, timeout]),
        });
        for await (const part of stream) {
          if (part.type === 'text-delta') {
            produced += part.delta;
            yield part.delta;
          } else if (part.type === 'finish') {
            reported = { inputTokens: part.usage.inputTokens.total, outputTokens: part.usage.outputTokens.total };
          } else if (part.type === 'error') {
            throw part.error;
          }
        }
      } catch (err) {
        if (opts.signal.aborted) return;
        if (timeout.aborted) throw Object.assign(new Error('The model did not answer in time'), { name: 'TimeoutError' });
        throw err;
      }
    })(),
    usage: () => ({
      inputTokens: reported.inputTokens ?? estimate(opts.system + opts.user),
      outputTokens: reported.outputTokens ?? estimate(produced),
    }),
  };
}
