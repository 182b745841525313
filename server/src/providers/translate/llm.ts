import type { LanguageModel } from 'ai';
import { jsonArrayIn } from '../llm/json-answer.ts';
import { batches, checkSegments, EngineError, type SegmentEngine, type TranslateRequest } from './engine.ts';

/**
 * The ChatGPT method: a chat model of the catalogue through the chat's own AI SDK providers.
 * Segments go in numbered batches as JSON; the model must keep the `<span data-r>` markers and answer
 * a JSON array of the same length.
 */
export const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'French', es: 'Spanish', pt: 'Portuguese', ja: 'Japanese' };

const instructions = (source: string | null, target: string) =>
  [
    `You translate document segments${source ? ` from ${LANGUAGE_NAMES[source] ?? source}` : ''} into ${LANGUAGE_NAMES[target] ?? target}.`,
    'The input is a JSON array of strings. Answer only with a JSON array of the same length, each item the translation of the item at the same place.',
    'Keep every <span data-r="N"> tag around the words it marks (move it with them), keep entities such as &amp;, numbers and URLs unchanged, add no notes.',
  ].join(' ');

export function createLlmEngine(
  model: LanguageModel,
  opts: { timeoutMs?: number } = {},
): SegmentEngine & { usage: { inputTokens: number; outputTokens: number } } {
  const usage = { inputTokens: 0, outputTokens: 0 };
  return {
    kind: 'segments',
    usage,
    async translate(request: TranslateRequest): Promise<string[]> {
      const out = new Array<string>(request.segments.length).fill('');
      const groups = batches(request.segments, 6_000, 60);
      for (const [g, group] of groups.entries()) {
        const input = group.map((i) => request.segments[i]!);
        // The AI SDK loads on the first model call: an idle server does not hold it (docs/decisions.md, lazy modules).
        const { generateText } = await import('ai');
        const result = await generateText({
          model,
          system: instructions(request.source, request.target),
          prompt: JSON.stringify(input),
          temperature: 0,
          maxRetries: 1,
          abortSignal: AbortSignal.any([AbortSignal.timeout(opts.timeoutMs ?? 120_000), ...(request.signal ? [request.signal] : [])]),
        }).catch((err: Error) => {
          throw new EngineError(`The language model failed: ${err.message}`);
        });
        usage.inputTokens += result.usage.inputTokens ?? 0;
        usage.outputTokens += result.usage.outputTokens ?? 0;
        const parsed = jsonArrayIn(result.text);
        if (!Array.isArray(parsed) || parsed.length !== input.length || parsed.some((s) => typeof s !== 'string')) {
          throw new EngineError('The language model did not answer one translation per segment');
        }
        group.forEach((i, k) => {
          out[i] = parsed[k] as string;
        });
        request.onProgress?.((g + 1) / groups.length);
      }
      return checkSegments(request.segments, out, 'The language model');
    },
  };
}
