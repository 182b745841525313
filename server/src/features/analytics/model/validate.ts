import { BUSINESS_UNITS, SemanticQuery } from '@hangar/contract';
import type { SemanticLayer } from '../semantic-layer.ts';

/**
 * A model's structured query is untrusted input: checked here against the semantic layer before
 * anything is compiled. What fails becomes a question back to the user (never a guess, never SQL).
 */

export type Checked = { query: SemanticQuery; problem: null } | { query: null; problem: string };

const FIELDS: Record<string, readonly string[]> = {
  query: ['measures', 'dimensions', 'filters', 'time', 'order', 'limit', 'operation'],
  filter: ['dimension', 'values'],
  time: ['from', 'to'],
  order: ['by', 'direction'],
};

/**
 * Statement separators, comments, escapes, a quote closing into a condition, or a statement keyword
 * followed by its clause: never part of a breakdown's value ("O'Hare" and "Select lounge" are).
 */
const SQL_IN_VALUE =
  /[;`\\]|--|\/\*|['"]\s*(or|and|union)\b|\b(select|drop|delete|insert|update|truncate|alter|union|create|grant|exec|pragma|attach|copy)\b.*\b(from|table|into|set|where|select|database|all|values)\b|\bselect\s+\*/i;
export const looksLikeSql = (text: string) => SQL_IN_VALUE.test(text);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function extraFields(raw: Record<string, unknown>): string[] {
  const extra = (o: unknown, kind: string, at: string) =>
    isObject(o)
      ? Object.keys(o)
          .filter((k) => !FIELDS[kind]!.includes(k))
          .map((k) => `${at}${k}`)
      : [];
  const filters = Array.isArray(raw.filters) ? raw.filters : [];
  return [
    ...extra(raw, 'query', ''),
    ...filters.flatMap((f, i) => extra(f, 'filter', `filters[${i}].`)),
    ...extra(raw.time, 'time', 'time.'),
    ...extra(raw.order, 'order', 'order.'),
  ];
}

/** The model's tool input as a query of this layer, or what is wrong with it in words a user can act on. */
export function checkModelQuery(layer: SemanticLayer, raw: unknown): Checked {
  const refuse = (problem: string): Checked => ({ query: null, problem });
  if (!isObject(raw)) return refuse('the query is not an object');
  const extra = extraFields(raw);
  if (extra.length) return refuse(`the query has fields the semantic layer does not know (${extra.join(', ')})`);
  const parsed = SemanticQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse(`${issue.path.join('.') || 'the query'}: ${issue.message}`);
  }
  const q = parsed.data;
  for (const f of q.filters) {
    const bad = f.values.find(looksLikeSql);
    if (bad !== undefined) return refuse(`the filter on ${f.dimension} holds SQL-like text ("${bad.slice(0, 60)}"), which is never run`);
  }
  const unknownMeasure = q.measures.find((id) => !layer.measures.has(id));
  if (unknownMeasure) return refuse(`there is no measure "${unknownMeasure}"`);
  const measures = q.measures.map((id) => layer.measures.get(id)!);
  const named = [...q.dimensions, ...q.filters.map((f) => f.dimension)];
  const unknownDim = named.find((d) => !layer.dimensions.has(d));
  if (unknownDim) return refuse(`there is no breakdown "${unknownDim}"`);
  for (const d of named) {
    const without = measures.find((m) => !m.dimensions.includes(d));
    if (without) return refuse(`${without.label} cannot be broken down or filtered by ${layer.dimensions.get(d)!.label}`);
  }
  if (new Set(q.dimensions).size !== q.dimensions.length) return refuse('a breakdown is named twice');
  if (new Set(q.measures).size !== q.measures.length) return refuse('a measure is named twice');
  const bu = q.filters.find((f) => f.dimension === 'bu');
  const unknownBu = bu?.values.find((v) => !(BUSINESS_UNITS as readonly string[]).includes(v));
  if (unknownBu) return refuse(`"${unknownBu}" is not a BU (BUs: ${BUSINESS_UNITS.join(', ')})`);
  if (q.time && q.time.from > q.time.to) return refuse(`the period starts (${q.time.from}) after it ends (${q.time.to})`);
  if (q.time && (q.time.from < '2000-01' || q.time.to > '2100-12'))
    return refuse(`the period ${q.time.from} to ${q.time.to} is not plausible`);
  if (q.order && ![...q.measures, ...q.dimensions].includes(q.order.by))
    return refuse(`the order "${q.order.by}" is neither a measure nor a breakdown of the query`);
  return { query: q, problem: null };
}
