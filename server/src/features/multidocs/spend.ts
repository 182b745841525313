import type { ModelDefinition } from '../../providers/llm/catalogue.ts';
import { estimateTokens } from '../chat/index.ts';
import { CONTEXT_CHARS, systemPrompt, userPrompt } from './answer.ts';

/**
 * What a Multi Docs answer may spend (issue items 5 and 6, the chat's rules of issue 11.6): the
 * hold is the longest prompt and the longest answer, or what the balance and the daily caps leave;
 * the passages sent and the output limit asked upstream are then what the hold pays for, so an
 * answer never costs more than its hold, whatever the model streams. Tokens are estimated as the
 * chat's answer counts them (about four characters a token).
 */

/** The shortest answer worth asking for: a hold that cannot pay for it (and the question) is refused. */
export const LEAST_ANSWER_TOKENS = 256;

const cost = (model: ModelDefinition, tokensIn: number, tokensOut: number) =>
  (tokensIn * model.priceIn + tokensOut * model.priceOut) / 1000;

/** The prompt without passages: the instructions, the question and the frame around them. */
const frameChars = (question: string) => systemPrompt().length + userPrompt(question, []).length;

/** Credits to hold for a question: at most the full estimate, at least the question alone with the shortest answer. */
export function answerHold(model: ModelDefinition, question: string, answerTokens: number): { estimate: number; least: number } {
  const frame = frameChars(question);
  return {
    estimate: cost(model, Math.ceil((frame + CONTEXT_CHARS) / 4), answerTokens),
    least: cost(model, Math.ceil(frame / 4), Math.min(LEAST_ANSWER_TOKENS, answerTokens)),
  };
}

/**
 * Characters of passages the hold pays for once the question and the shortest answer are paid
 * (a multiple of four, so the prompt's estimate grows by exactly a quarter of it).
 */
export function contextBudget(model: ModelDefinition, held: number, question: string, answerTokens: number): number {
  if (model.priceIn <= 0) return CONTEXT_CHARS;
  const left = held - cost(model, Math.ceil(frameChars(question) / 4), Math.min(LEAST_ANSWER_TOKENS, answerTokens));
  return Math.max(0, Math.min(CONTEXT_CHARS, Math.floor((left * 1000) / model.priceIn) * 4));
}

/** The output limit sent upstream: what the hold pays for once the prompt is paid, at most answerTokens. */
export function outputLimit(model: ModelDefinition, held: number, prompt: string, answerTokens: number): number {
  if (model.priceOut <= 0) return answerTokens;
  const left = held - cost(model, estimateTokens(prompt), 0);
  return Math.max(0, Math.min(answerTokens, Math.floor((left * 1000) / model.priceOut)));
}
