import type { QuestionLanguage, SemanticOperation, SemanticQueryInput } from '@hangar/contract';
import { isRatio, type SemanticLayer } from '../semantic-layer.ts';
import { CLARIFY } from './clarify-texts.ts';
import type { Correction } from './fuzzy.ts';
import { gloss } from './japanese.ts';
import { qualifiers } from './leftover.ts';
import { readMeasures } from './measures.ts';
import { readOperation } from './operations.ts';
import { correctTypos, isKnownWord, phrasesOf } from './phrases.ts';
import { cue, fold, JAPANESE, normalize, Reading, spaceScripts, words } from './text.ts';
import { findTime } from './time.ts';
import { codeDimensions, readBareCodes, readValues } from './values.ts';
import * as W from './words.ts';

/**
 * The offline parser: no model, a deterministic reading of the common question forms in five
 * languages. It fills a structured query or asks a question back, and every word of the question
 * is either used or listed back as not used, so a user can tell a guess from an answer.
 */
export interface Parsed {
  query: SemanticQueryInput | null;
  language: QuestionLanguage;
  /** Words of the question it did not use. */
  ignored: string[];
  /** A question back instead of a guess (no measure, an impossible breakdown, SQL). */
  clarification: string | null;
  /** Words read as others (typos: "revnue" as "revenue"), said with the reading. */
  corrections?: Correction[];
  /** The pieces of the question that were used, normalised. */
  used?: string[];
}

export { normalize };

const SQL_LIKE = /;|--|\/\*|\b(select|drop|delete|insert|update|truncate|alter|union)\b.*\b(from|table|into|set|select|where)\b/;
const LATIN = ['en', 'fr', 'es', 'pt'] as const;
const FILLER = new Set(LATIN.flatMap((l) => W.FUNCTION_WORDS[l]));
const JA_FILLER = [...W.FUNCTION_WORDS.ja].sort((a, b) => b.length - a.length);
/** "まで" (until) closes a range: nothing to list back when the range is read without it. */
const JA_JOINS = new Set(['made']);

/** The question's language, and whether any of its words told it (else English, by default). */
function detectLanguage(text: string): { language: QuestionLanguage; told: boolean } {
  if (JAPANESE.test(text)) return { language: 'ja', told: true };
  const tokens = text.split(' ');
  let best: QuestionLanguage = 'en';
  let score = 0;
  for (const lang of LATIN) {
    const s = tokens.filter((w) => W.LANGUAGE_HINTS[lang].includes(w)).length;
    if (s > score) [best, score] = [lang, s];
  }
  return { language: best, told: score > 0 };
}

/** What is left of a Japanese run once its particles and endings are set aside: the words not used. */
function japaneseLeft(run: string): string[] {
  let rest = run;
  for (const f of JA_FILLER) rest = rest.split(f).join(' ');
  return rest.split(' ').filter(Boolean);
}

export function parseQuestion(question: string, layer: SemanticLayer, today: Date): Parsed {
  const folded = fold(question);
  const { language, told } = detectLanguage(folded);
  const say = CLARIFY[language];
  const glossed = language === 'ja' ? gloss(folded) : { text: spaceScripts(folded), originals: new Map<string, string>() };
  // A typo is read among its language's words; among all four when no word tells the language ("pasajeors SSA 2025").
  const { text, corrections } = correctTypos(glossed.text, told ? language : 'any', question);
  const reading = new Reading(text);
  const filler = (w: string) => FILLER.has(w) || (language === 'ja' && (JA_JOINS.has(w) || (JAPANESE.test(w) && !japaneseLeft(w).length)));

  /** An unused word as the user wrote it: a Japanese run less its particles, a gloss as its Japanese, a typo as typed. */
  const shown = (w: string): string[] => {
    if (/^[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+$/.test(w)) return japaneseLeft(w);
    if (filler(w) || w === '-') return [];
    return [glossed.originals.get(w) ?? corrections.find((c) => c.to === w)?.from ?? w];
  };
  const ignoredWords = (): string[] => reading.leftover().flatMap(shown);
  const answer = (query: SemanticQueryInput | null, clarification: string | null, extra: string[] = []): Parsed => {
    const used = reading.pieces.sort((a, b) => a.at - b.at).map((p) => p.text);
    const usedWords = new Set(used.flatMap((p) => p.split(' ')));
    return {
      query,
      language,
      ignored: [...new Set([...ignoredWords(), ...extra])],
      clarification,
      // A typo read as a word that was then not used is listed back as written, not as read.
      corrections: corrections.filter((c) => usedWords.has(c.to)),
      used,
    };
  };
  const none = (clarification: string) => answer(null, clarification);
  if (SQL_LIKE.test(question.toLowerCase())) return none(say.sql());
  const dimLabel = (id: string) => layer.dimensions.get(id)!.labels[language].toLowerCase();
  const phrases = phrasesOf(layer);

  // The periods' words first ("last month" is a period, not a breakdown by month); they are read
  // together once the operations' cues are known ("growth from Q1 to Q2" is Q2 against Q1).
  const finer = reading.peek(words(cue(W.FINER_THAN_MONTH)));
  const readPeriods = findTime(reading, today);

  // Values (BUs, codes, names), then measures and breakdowns by name, then codes standing alone.
  const found = readValues(reading, phrases, question, filler);
  const { bus, values } = found;
  const { measures, dimensions, named, superlative } = readMeasures(reading, layer, phrases, found);
  // Japanese "上位5社": the first five companies, airlines unless another kind is named.
  if (reading.take(words('companies')) && !dimensions.some((d) => /^(airline|supplier|customer)_/.test(d))) dimensions.push('airline_code');
  readBareCodes(reading, found, layer, measures, question, isKnownWord);

  const op = readOperation({ reading, layer, language, measures, dimensions, named, bus, values, superlative, filler });
  const time = readPeriods({ change: op.change, compare: op.compare, filler });

  // Side by side: several BUs, airlines or months are each a row ("LGW vs SSA", "January and February").
  if (bus.length > 1 && !dimensions.includes('bu') && op.part?.dimension !== 'bu') dimensions.push('bu');
  for (const [d, list] of values)
    if (new Set(list.map((v) => v.code)).size > 1 && !dimensions.includes(d) && op.part?.dimension !== d) dimensions.push(d);
  if (time.months && time.months.length > 1 && !dimensions.includes('month')) dimensions.push('month');
  if (time.years && time.years.length > 1 && !dimensions.includes('year')) dimensions.push('year');
  if (op.trend && !time.against && !dimensions.some((d) => layer.dimensions.get(d)!.kind === 'time')) dimensions.unshift('month');
  const compared =
    bus.length > 1 || measures.length > 1 || [...values.values()].some((v) => v.length > 1) || time.months || time.years || time.against;
  if (compared) reading.takeAll(words(cue(W.COMPARE_WORDS), 'g'));
  // "the group", "group revenue": every BU the caller may read, the whole a share is of.
  reading.take(words(cue(W.WHOLE_GROUP)));

  if (!measures.length) return none(say.noMeasure(ignoredWords()));
  if (finer) return none(say.finer(finer[0]));
  if (time.unclear) return none(say.periods(time.unclear));
  if (found.unplaced.length) return none(say.codeWhere(found.unplaced[0]!, codeDimensions(layer, measures).map(dimLabel)));
  if (measures.length > 4) return none(say.tooMany());
  if (op.average && op.average !== 'ratio' && dimensions.includes(op.average)) dimensions.splice(dimensions.indexOf(op.average), 1);
  if (dimensions.length > 2) return none(say.twoBreakdowns(dimensions.map(dimLabel)));
  for (const id of measures) {
    const m = layer.measures.get(id)!;
    const impossible = [...dimensions, ...values.keys()].find((d) => !m.dimensions.includes(d));
    if (impossible) return none(say.impossible(m.labels[language], dimLabel(impossible), m.dimensions.map(dimLabel).join(', ')));
  }

  const operation = buildOperation();
  if (typeof operation === 'string') return none(operation);
  // A word left that would change the figure ("by terminal", "of Heathrow") is asked back, not dropped.
  const changing = qualifiers(reading, named, question, filler).flatMap(shown);
  if (changing.length) return none(say.unknown([...new Set(changing)]));
  const filters: SemanticQueryInput['filters'] = [];
  const partOf = (d: string) => op.part?.dimension === d;
  const busLeft = bus.filter((b) => !(partOf('bu') && op.part!.values.includes(b.code))).map((b) => b.code);
  if (busLeft.length) filters.push({ dimension: 'bu', values: [...new Set(busLeft)] });
  for (const [dimension, list] of values) {
    const left = list.map((v) => v.code).filter((c) => !(partOf(dimension) && op.part!.values.includes(c)));
    if (left.length) filters.push({ dimension, values: [...new Set(left)] });
  }
  if (time.months && time.months.length > 1) filters.push({ dimension: 'month', values: time.months });
  if (time.years && time.years.length > 1 && Number(time.years.at(-1)) - Number(time.years[0]) + 1 !== time.years.length) {
    filters.push({ dimension: 'year', values: time.years });
  }
  const ranked = op.rank && !(operation?.kind === 'change');
  const query: SemanticQueryInput = {
    measures,
    dimensions,
    filters,
    time: time.range,
    order: ranked ? { by: measures[0]!, direction: op.rank!.direction } : null,
    limit: ranked ? (op.rank!.n ?? null) : null,
    operation,
  };
  return answer(query, null, [...op.unused, ...(op.rank && !ranked ? [op.rank.words] : [])]);

  function buildOperation(): SemanticOperation | null | string {
    const one = () => (measures.length > 1 ? say.oneMeasure() : null);
    if (time.against) {
      if (dimensions.some((d) => layer.dimensions.get(d)!.kind === 'time')) return say.changeByTime();
      return one() ?? { kind: 'change', against: time.against };
    }
    if (op.part) {
      const m = layer.measures.get(measures[0]!)!;
      if (isRatio(m) || m.unit === '%') return say.shareOfRatio(m.labels[language]);
      if (!m.dimensions.includes(op.part.dimension))
        return say.impossible(m.labels[language], dimLabel(op.part.dimension), m.dimensions.map(dimLabel).join(', '));
      return one() ?? { kind: 'share', part: op.part };
    }
    if (op.share && !dimensions.length) return say.sharePart();
    if (op.average && op.average !== 'ratio') return one() ?? { kind: 'average', per: op.average };
    if (op.total && dimensions.length && !op.rank) return one() ?? { kind: 'total' };
    return null;
  }
}
