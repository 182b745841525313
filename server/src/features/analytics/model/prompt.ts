import { BUSINESS_UNITS, type QuestionLanguage } from '@hangar/contract';
import type { JSONSchema7 } from 'ai';
import type { Scope } from '../compile.ts';
import { isRatio, type Measure, type SemanticLayer } from '../semantic-layer.ts';
import { SYNONYMS } from '../vocabulary.ts';

// What a model is told: the semantic layer's names (only the measures the caller can read), today's
// date and the user's language, and two tools: one to fill the structured query, one to ask back.

export const QUERY_TOOL = 'query_data';
export const CLARIFY_TOOL = 'ask_clarification';

export const LANGUAGE_NAMES: Record<QuestionLanguage, string> = {
  en: 'English',
  fr: 'French',
  es: 'Spanish',
  pt: 'Portuguese',
  ja: 'Japanese',
};
/** Breakdowns whose values are few and fixed enough to list for the model. */
const LISTED_VALUES: Record<string, readonly string[]> = { bu: BUSINESS_UNITS };

/** The measures whose tables the caller can read (both sides of a ratio), as the catalogue route lists them. */
export function readableMeasures(layer: SemanticLayer, scope: Scope): Measure[] {
  const readable = (m: Measure): boolean =>
    isRatio(m) ? [m.numerator, m.denominator].every((id) => readable(layer.measures.get(id)!)) : (scope.get(m.useCase)?.size ?? 0) > 0;
  return [...layer.measures.values()].filter(readable);
}

const synonyms = (id: string) => (SYNONYMS[id] ?? []).slice(0, 8).join(', ');

export function understandingPrompt(opts: { layer: SemanticLayer; measures: Measure[]; language: QuestionLanguage; today: Date }): string {
  const { layer, measures, language, today } = opts;
  const dims = new Set(measures.flatMap((m) => m.dimensions));
  const lines = [
    'You read questions of an airport group’s business users about their governed data and turn each into a structured query over the semantic layer below, by calling the tool query_data.',
    `When the question is ambiguous, outside this data, or needs something the layer does not have, call ask_clarification with one short question back, written in ${LANGUAGE_NAMES[language]}.`,
    'Use only the ids listed below. Never write SQL. Months are written yyyy-MM and the period is inclusive; leave time null for all months held.',
    'Access is applied by the server: never add a BU filter for access, only when the question names BUs.',
    `Today is ${today.toISOString().slice(0, 10)}: "last month" is the last complete month, "this year" runs from January to the current month.`,
    `The user writes in ${LANGUAGE_NAMES[language]}.`,
    '',
    'Measures (id: label, unit; definition; words users use; breakdowns it has):',
    ...measures.map(
      (m) =>
        `- ${m.id}: ${m.label}, ${m.unit || 'no unit'}; ${m.definition}; words: ${synonyms(m.id) || m.label}; breakdowns: ${m.dimensions.join(', ')}`,
    ),
    '',
    'Breakdowns (id: label; words users use; values when few):',
    ...[...layer.dimensions.values()]
      .filter((d) => dims.has(d.id))
      .map((d) => {
        const values = LISTED_VALUES[d.id];
        return `- ${d.id}: ${d.label}; words: ${synonyms(d.id) || d.label}${values ? `; values: ${values.join(', ')}` : ''}`;
      }),
  ];
  return lines.join('\n');
}

/** The JSON schema of query_data, as the model sees it (the server checks the input itself: validate.ts). */
export function querySchema(measures: Measure[], layer: SemanticLayer): JSONSchema7 {
  const dims = [...new Set(measures.flatMap((m) => m.dimensions))].filter((d) => layer.dimensions.has(d));
  const month = { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' } as const;
  return {
    type: 'object',
    additionalProperties: false,
    required: ['measures'],
    properties: {
      measures: { type: 'array', items: { type: 'string', enum: measures.map((m) => m.id) }, minItems: 1, maxItems: 4 },
      dimensions: { type: 'array', items: { type: 'string', enum: dims }, maxItems: 2, description: 'Breakdowns of the result' },
      filters: {
        type: 'array',
        maxItems: 8,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['dimension', 'values'],
          properties: { dimension: { type: 'string', enum: dims }, values: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        },
      },
      time: {
        anyOf: [
          { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: month, to: month } },
          { type: 'null' },
        ],
      },
      order: {
        anyOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['by', 'direction'],
            properties: { by: { type: 'string' }, direction: { type: 'string', enum: ['asc', 'desc'] } },
          },
          { type: 'null' },
        ],
      },
      limit: { anyOf: [{ type: 'integer', minimum: 1, maximum: 1000 }, { type: 'null' }], description: 'Top N rows' },
      operation: {
        description:
          'What is done with the one measure: the share of a part in the whole, the rows with their total, the average per member of a breakdown, or the period against another period. Null for the plain figures.',
        anyOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'part'],
            properties: {
              kind: { const: 'share' },
              part: {
                type: 'object',
                additionalProperties: false,
                required: ['dimension', 'values'],
                properties: {
                  dimension: { type: 'string', enum: dims },
                  values: { type: 'array', items: { type: 'string' }, minItems: 1 },
                },
              },
            },
          },
          { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: { const: 'total' } } },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'per'],
            properties: { kind: { const: 'average' }, per: { type: 'string', enum: dims } },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'against'],
            properties: {
              kind: { const: 'change' },
              against: { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: month, to: month } },
            },
          },
          { type: 'null' },
        ],
      },
    },
  };
}

export const clarifySchema: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['question'],
  properties: { question: { type: 'string', description: 'One short question back to the user, in their language' } },
};
