import { SENTIMENT, SENTIMENT_LABELS, type SentimentEngine, type SentimentLabel } from '@hangar/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import type { ModelDefinition } from '../../providers/llm/catalogue.ts';
import { jsonArrayIn } from '../../providers/llm/json-answer.ts';
import { languageModel } from '../../providers/llm/providers.ts';
import { createChatModels } from '../chat/index.ts';
import type { Analysis } from './offline/analyse.ts';

// The engines: the embedded offline analyser, and the chat models of the catalogue the user may
// pick in the chat (same staging and Multi Modal rules), in batches, paid through the ledger.

const OFFLINE: SentimentEngine = {
  id: SENTIMENT.offlineEngine,
  title: 'Offline analyser (lexicon, no language model)',
  offline: true,
  available: true,
  reason: null,
};

export function enginesFor(config: Config, user: AccessClaims): SentimentEngine[] {
  const { models } = createChatModels(config).forUser(user);
  return [
    OFFLINE,
    ...models
      .filter((m) => !m.offline)
      .map((m) => ({ id: m.id, title: m.title, offline: false, available: m.available, reason: m.unavailableReason })),
  ];
}

/** The chat model of an engine id, or null for the offline analyser; 400 when the user cannot use it. */
export function pickModel(config: Config, user: AccessClaims, engine: string): ModelDefinition | null {
  if (engine === SENTIMENT.offlineEngine) return null;
  const model = createChatModels(config).pick(user, engine);
  if (model.provider === 'offline') return null;
  return model;
}

/** Tokens a run is expected to use: the comments, the instructions of each batch, a short answer per comment. */
export function estimateTokens(chars: number, rows: number): { input: number; output: number } {
  const batches = Math.ceil(rows / SENTIMENT.llmBatch);
  return { input: Math.ceil(chars / 4) + rows * 6 + batches * 220, output: rows * 32 + batches * 10 };
}

export const creditsFor = (model: ModelDefinition, tokens: { input: number; output: number }) =>
  Math.ceil(((tokens.input / 1000) * model.priceIn + (tokens.output / 1000) * model.priceOut) * 100) / 100;

const INSTRUCTIONS = [
  'You classify the sentiment of customer feedback about an airport.',
  'The input is a JSON array of comments. Answer only with a JSON array of the same length; item i describes comment i as',
  '{"language": ISO 639-1 code in capitals, "sentiment": "positive" | "neutral" | "negative", "score": number from -1 (very negative) to 1 (very positive), "key_phrases": up to 3 short phrases taken from the comment}.',
  'A comment that states facts without judging is neutral. Add no notes.',
].join(' ');

function toAnalysis(item: unknown): Analysis | null {
  if (!item || typeof item !== 'object') return null;
  const o = item as Record<string, unknown>;
  const label = String(o.sentiment ?? '').toLowerCase() as SentimentLabel;
  if (!SENTIMENT_LABELS.includes(label)) return null;
  const score = Number(o.score);
  return {
    language: String(o.language ?? '')
      .toUpperCase()
      .slice(0, 3),
    label,
    score: Number.isFinite(score) ? Math.max(-1, Math.min(1, Math.round(score * 1000) / 1000)) : 0,
    keyPhrases: Array.isArray(o.key_phrases) ? o.key_phrases.slice(0, 3).map((p) => String(p).slice(0, 80)) : [],
  };
}

export class EngineFailure extends AppError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
  }
}

/** Sends the comments of a run in batches to a chat model; usage adds up in `usage`. */
export function createLlmAnalyser(model: ModelDefinition, config: Config) {
  const lm = languageModel(model, config);
  const usage = { inputTokens: 0, outputTokens: 0 };
  return {
    usage,
    async analyse(comments: string[], signal?: AbortSignal): Promise<Analysis[]> {
      // The AI SDK loads on the first model call: an idle server does not hold it (docs/decisions.md, lazy modules).
      const { generateText } = await import('ai');
      const result = await generateText({
        model: lm,
        system: INSTRUCTIONS,
        prompt: JSON.stringify(comments),
        temperature: 0,
        maxRetries: 1,
        abortSignal: AbortSignal.any([AbortSignal.timeout(120_000), ...(signal ? [signal] : [])]),
      }).catch((err: Error) => {
        throw new EngineFailure(`${model.title} failed: ${err.message}`);
      });
      usage.inputTokens += result.usage.inputTokens ?? 0;
      usage.outputTokens += result.usage.outputTokens ?? 0;
      const parsed = jsonArrayIn(result.text);
      const items = Array.isArray(parsed) && parsed.length === comments.length ? parsed.map(toAnalysis) : null;
      if (!items || items.some((i) => i === null)) throw new EngineFailure(`${model.title} did not answer one result per comment.`);
      return items as Analysis[];
    },
  };
}
