import type { QuestionLanguage, SemanticResult } from '@hangar/contract';
import type { Config } from '../../../config.ts';
import type { ModelDefinition } from '../../../providers/llm/catalogue.ts';
import { languageModel } from '../../../providers/llm/providers.ts';
import { formatValue } from '../answer.ts';
import { LANGUAGE_NAMES } from './prompt.ts';
import { type TokenUsage, usageOf } from './understand.ts';

/** Rows the model sees to phrase the reading; the computed narrative already covers the whole result. */
const ROWS_SHOWN = 40;
const MAX_CHARS = 400;

/** A number as written in text ("1,200", "1 200", "12.5", "12,5 %"), kept to its digits. */
const NUMBER = /\d{1,3}(?:[ \u00a0\u202f.,']\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/g;
const digitsOf = (text: string) => (text.match(NUMBER) ?? []).map((n) => n.replace(/\D/g, '').replace(/^0+(?=\d)/, ''));

/**
 * The digit strings a reading may contain: every value of the result written the ways a model
 * would (rounded, formatted, as a percentage), and every number in the question, the dimension
 * values and the computed narrative (its changes and shares).
 */
export function allowedNumbers(result: SemanticResult, texts: string[], language: QuestionLanguage): Set<string> {
  const allowed = new Set<string>(texts.flatMap(digitsOf));
  for (const row of result.rows) {
    for (const [i, v] of row.entries()) {
      if (typeof v === 'string') for (const d of digitsOf(v)) allowed.add(d);
      if (typeof v !== 'number') continue;
      const unit = result.columns[i]?.unit ?? null;
      const forms = [v, v * 100, v / 1000, v / 1_000_000, v / 1_000_000_000].flatMap((x) => [0, 1, 2].map((d) => x.toFixed(d)));
      forms.push(formatValue(v, unit, language), formatValue(v, unit, 'en'));
      for (const f of forms) for (const d of digitsOf(f.replace('-', ''))) allowed.add(d);
    }
  }
  return allowed;
}

/** The model's reading, or null when it is empty, too long, or has a number the result does not. */
export function acceptReading(text: string, allowed: Set<string>): string | null {
  const reading = text.replace(/\s+/g, ' ').trim();
  if (!reading || reading.length > MAX_CHARS) return null;
  return digitsOf(reading).every((d) => allowed.has(d)) ? reading : null;
}

/**
 * One or two sentences phrased by the model from the computed numbers; null (keep the computed
 * narrative) when the model fails or writes a number that is not in the result.
 */
export async function phraseReading(opts: {
  model: ModelDefinition;
  config: Config;
  question: string;
  language: QuestionLanguage;
  understood: string;
  result: SemanticResult;
  computed: string;
  maxOutputTokens: number;
}): Promise<{ text: string | null; usage: TokenUsage }> {
  const { result } = opts;
  const system = [
    `You write one or two short sentences in ${LANGUAGE_NAMES[opts.language]} reading a result for a business user.`,
    'Use only numbers that appear in the result or in the computed reading; do not compute new ones. Plain text, no markdown, no preamble.',
  ].join(' ');
  const table = [
    result.columns.map((c) => `${c.label}${c.unit ? ` (${c.unit})` : ''}`).join(' | '),
    ...result.rows.slice(0, ROWS_SHOWN).map((r) => r.map((v) => (v === null ? '' : String(v))).join(' | ')),
  ].join('\n');
  const prompt = [
    `Question: ${opts.question}`,
    `Computed as: ${opts.understood}`,
    `Result${result.rows.length > ROWS_SHOWN ? ` (first ${ROWS_SHOWN} of ${result.rows.length} rows)` : ''}:`,
    table,
    `Computed reading: ${opts.computed}`,
  ].join('\n');
  // The AI SDK loads on the first model call: an idle server does not hold it (docs/decisions.md, lazy modules).
  const { generateText } = await import('ai');
  const out = await generateText({
    model: languageModel(opts.model, opts.config),
    system,
    prompt,
    temperature: 0,
    maxRetries: 1,
    maxOutputTokens: opts.maxOutputTokens,
    abortSignal: AbortSignal.timeout(opts.config.CHAT_UPSTREAM_TIMEOUT_MS),
  });
  const usage = usageOf(out.totalUsage, system + prompt, out.text);
  const allowed = allowedNumbers(result, [opts.question, opts.understood, opts.computed], opts.language);
  return { text: acceptReading(out.text, allowed), usage };
}
