import { BUSINESS_UNITS, type QuestionLanguage, type SemanticQueryInput } from '@hangar/contract';
import { isRatio, type SemanticLayer } from '../semantic-layer.ts';
import { SYNONYMS } from '../vocabulary.ts';
import { CLARIFY } from './clarify-texts.ts';
import { findTime } from './time.ts';

/**
 * The offline parser: no model, a deterministic reading of the common question forms in four
 * languages. It fills a structured query or asks a question back, and always says which words it
 * did not use, so a user can tell a guess from an answer.
 */
export interface Parsed {
  query: SemanticQueryInput | null;
  language: QuestionLanguage;
  /** Words of the question it did not use. */
  ignored: string[];
  /** A question back instead of a guess (no measure, an impossible breakdown, SQL). */
  clarification: string | null;
}

export const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/[^a-z0-9\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const LANGUAGE_WORDS: Record<QuestionLanguage, readonly string[]> = {
  en: ['the', 'by', 'of', 'in', 'what', 'how', 'many', 'last', 'and', 'per', 'show', 'compare', 'which'],
  fr: ['le', 'la', 'les', 'des', 'du', 'par', 'en', 'quel', 'quels', 'quelle', 'combien', 'dernier', 'et', 'compare', 'comparer', 'mois'],
  es: ['el', 'los', 'las', 'del', 'por', 'en', 'cual', 'cuantos', 'cuantas', 'ultimo', 'y', 'comparar', 'mes', 'pasado'],
  pt: [
    'o',
    'os',
    'as',
    'do',
    'da',
    'dos',
    'por',
    'em',
    'qual',
    'quantos',
    'quantas',
    'ultimo',
    'e',
    'comparar',
    'mes',
    'passado',
    'no',
    'na',
  ],
};
/**
 * Words only one language uses, for telling them apart when the small words are shared or
 * borrowed ("top 3 compagnies", "ingresos por pasajero AMA vs SSA"); not stop words.
 */
const LANGUAGE_HINTS: Record<QuestionLanguage, readonly string[]> = {
  en: ['passengers', 'revenue', 'airline', 'airlines', 'month', 'year', 'quarter', 'this', 'from', 'to', 'between', 'weather', 'sales'],
  fr: [
    ...['passagers', 'passager', 'compagnie', 'compagnies', 'chiffre', 'affaires', 'recette', 'ventes', 'boutique', 'boutiques'],
    ...['charges', 'depenses', 'effectifs', 'mouvements', 'aeroport', 'aeroports', 'annee', 'derniere', 'cette', 'trimestre'],
    ...['janvier', 'fevrier', 'avril', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre', 'temps', 'demain'],
  ],
  es: [
    ...['pasajeros', 'pasajero', 'aerolinea', 'aerolineas', 'ingresos', 'ventas', 'netas', 'tienda', 'tiendas', 'gastos'],
    ...['aeropuerto', 'aeropuertos', 'puntualidad', 'movimientos', 'enero', 'febrero', 'marzo', 'mayo', 'junio', 'julio'],
    ...['septiembre', 'octubre', 'noviembre', 'diciembre', 'tiempo', 'manana', 'hara'],
  ],
  pt: [
    ...['passageiros', 'passageiro', 'companhia', 'companhias', 'receita', 'receitas', 'vendas', 'liquidas', 'loja', 'lojas'],
    ...['despesas', 'custos', 'aeroporto', 'aeroportos', 'pontualidade', 'movimentos', 'janeiro', 'fevereiro', 'marco', 'maio'],
    ...['junho', 'julho', 'setembro', 'outubro', 'novembro', 'dezembro', 'previsao', 'amanha', 'passado'],
  ],
};
const STOP = new Set([
  ...Object.values(LANGUAGE_WORDS).flat(),
  ...[
    'a',
    'an',
    'is',
    'are',
    'was',
    'were',
    'for',
    'at',
    'to',
    'from',
    'me',
    'give',
    'show',
    'list',
    'tell',
    'much',
    'total',
    'each',
    'with',
    'on',
    'our',
    'my',
    'versus',
    'vs',
    'top',
  ],
  ...[
    'de',
    'au',
    'aux',
    'pour',
    'sur',
    'entre',
    'chaque',
    'donne',
    'moi',
    'montre',
    'nos',
    'est',
    'sont',
    'quelles',
    'l',
    'd',
    'un',
    'une',
    'total',
  ],
  ...['de', 'al', 'para', 'cada', 'dame', 'muestra', 'nuestros', 'es', 'son', 'un', 'una', 'cuanto', 'desde', 'hasta', 'entre'],
  ...['de', 'ao', 'para', 'cada', 'mostre', 'nossos', 'e', 'sao', 'um', 'uma', 'quanto', 'desde', 'ate', 'entre', 'qual', 'quais'],
  ...[
    'top',
    'first',
    'best',
    'highest',
    'largest',
    'bottom',
    'lowest',
    'smallest',
    'premiers',
    'premieres',
    'meilleurs',
    'primeros',
    'mejores',
    'primeiros',
    'melhores',
  ],
]);
const SQL_LIKE = /;|--|\/\*|\b(select|drop|delete|insert|update|truncate|alter|union)\b.*\b(from|table|into|set|select|where)\b/;
const RANK =
  'top|first|best|highest|largest|premiers|premieres|meilleurs|meilleures|primeros|primeras|mejores|primeiros|primeiras|melhores|bottom|lowest|smallest|derniers|dernieres|peores|piores';
const LOWEST = /^(bottom|lowest|smallest|derniers|dernieres|peores|piores)$/;

function detectLanguage(words: string[]): QuestionLanguage {
  let best: QuestionLanguage = 'en';
  let score = 0;
  for (const [lang, list] of Object.entries(LANGUAGE_WORDS) as [QuestionLanguage, readonly string[]][]) {
    const s = words.filter((w) => list.includes(w) || LANGUAGE_HINTS[lang].includes(w)).length;
    if (s > score) [best, score] = [lang, s];
  }
  return best;
}

const escapeDash = (text: string) => text.replace(/[-]/g, '\\-');

/** A code as the question wrote it, when written as a code is (capitals and digits: "U2", "T1-DF-01"), else null. */
function codeAsWritten(question: string, word: string): string | null {
  const written = new RegExp(`(?<![A-Za-z0-9-])(${escapeDash(word)})(?![A-Za-z0-9-])`, 'i').exec(question)?.[1];
  return written && /^[A-Z0-9][A-Z0-9-]*$/.test(written) && /[A-Z]/.test(written) ? written : null;
}

interface Phrase {
  text: string;
  target: string;
  kind: 'measure' | 'dimension';
}

function phrasesOf(layer: SemanticLayer): Phrase[] {
  const phrases: Phrase[] = [];
  const add = (target: string, kind: Phrase['kind'], words: readonly string[]) => {
    for (const w of new Set(words.map(normalize))) if (w) phrases.push({ text: w, target, kind });
  };
  for (const m of layer.measures.values()) add(m.id, 'measure', [m.id.replace(/_/g, ' '), m.label, ...(SYNONYMS[m.id] ?? [])]);
  for (const d of layer.dimensions.values()) add(d.id, 'dimension', [d.id.replace(/_/g, ' '), d.label, ...(SYNONYMS[d.id] ?? [])]);
  return phrases.sort((a, b) => b.text.length - a.text.length);
}

export function parseQuestion(question: string, layer: SemanticLayer, today: Date): Parsed {
  const text = normalize(question);
  const language = detectLanguage(text.split(' '));
  const none = (clarification: string, ignored: string[] = []): Parsed => ({ query: null, language, ignored, clarification });
  const say = CLARIFY[language];
  const dimLabel = (id: string) => layer.dimensions.get(id)!.labels[language].toLowerCase();
  if (SQL_LIKE.test(question.toLowerCase())) return none(say.sql());
  let rest = ` ${text} `;
  const take = (words: string) => {
    rest = rest.replace(` ${words} `, ' '.repeat(words.length + 2));
  };

  const time = findTime(text, today);
  for (const w of time?.words ?? []) take(w);

  const before = new RegExp(`\\b(${RANK})\\s+([0-9]{1,3})\\b`).exec(text);
  const after = new RegExp(`\\b([0-9]{1,3})\\s+(${RANK})\\b`).exec(text);
  const top = before
    ? { words: before[0], rank: before[1]!, n: before[2]! }
    : after
      ? { words: after[0], rank: after[2]!, n: after[1]! }
      : null;
  if (top) take(top.words);
  const ascending = top ? LOWEST.test(top.rank) : false;

  const bus = BUSINESS_UNITS.filter((bu) => new RegExp(`\\b${bu.toLowerCase()}\\b`).test(text));
  for (const bu of bus) take(bu.toLowerCase());

  // "airline U2", "compagnie AF", "shop T1-DF-01": a code written after a breakdown's name filters on it.
  const values = new Map<string, string[]>();
  for (const p of phrasesOf(layer)) {
    if (p.kind !== 'dimension' || p.target === 'bu' || layer.dimensions.get(p.target)!.kind !== 'category') continue;
    const hit = new RegExp(`\\s${escapeDash(p.text)}\\s+([a-z0-9][a-z0-9-]*)\\s`).exec(rest);
    const code = hit && !STOP.has(hit[1]!) ? codeAsWritten(question, hit[1]!) : null;
    if (!code) continue;
    take(`${p.text} ${hit![1]}`);
    values.set(p.target, [...(values.get(p.target) ?? []), code]);
  }

  const measures: string[] = [];
  const dimensions: string[] = [];
  for (const p of phrasesOf(layer)) {
    if (!new RegExp(`\\s${escapeDash(p.text)}\\s`).test(rest)) continue;
    take(p.text);
    const list = p.kind === 'measure' ? measures : dimensions;
    if (!list.includes(p.target)) list.push(p.target);
  }
  if (bus.length > 1 && !dimensions.includes('bu')) dimensions.push('bu');
  if (time?.months && time.months.length > 1 && !dimensions.includes('month')) dimensions.push('month');

  const ignored = rest
    .split(' ')
    .filter((w) => w && !STOP.has(w) && !/^[0-9]+$/.test(w) && !['by', 'per', 'par', 'por', 'vs', 'and'].includes(w));

  // "revenue per passenger" said as two measures: the ratio the layer defines for them.
  if (measures.length === 2) {
    const ratio = [...layer.measures.values()].find((m) => isRatio(m) && m.numerator === measures[0] && m.denominator === measures[1]);
    if (ratio && /\b(per|par|por)\b/.test(text)) measures.splice(0, 2, ratio.id);
  }
  if (!measures.length) return none(say.noMeasure(ignored), ignored);
  if (measures.length > 4) return none(say.tooMany(), ignored);
  if (dimensions.length > 2) return none(say.twoBreakdowns(dimensions.map(dimLabel)), ignored);
  for (const id of measures) {
    const m = layer.measures.get(id)!;
    const impossible = [...dimensions, ...values.keys()].find((d) => !m.dimensions.includes(d));
    if (impossible) {
      return none(say.impossible(m.labels[language], dimLabel(impossible), m.dimensions.map(dimLabel).join(', ')), ignored);
    }
  }

  const filters: SemanticQueryInput['filters'] = [];
  if (bus.length) filters.push({ dimension: 'bu', values: bus });
  for (const [dimension, codes] of values) filters.push({ dimension, values: codes });
  if (time?.months && time.months.length > 1) filters.push({ dimension: 'month', values: time.months });
  const query: SemanticQueryInput = {
    measures,
    dimensions,
    filters,
    time: time?.range ?? null,
    order: top ? { by: measures[0]!, direction: ascending ? 'asc' : 'desc' } : null,
    limit: top ? Number(top.n) : null,
  };
  return { query, language, ignored, clarification: null };
}
