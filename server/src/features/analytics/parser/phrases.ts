import { QUESTION_LANGUAGES, type QuestionLanguage } from '@hangar/contract';
import type { SemanticLayer } from '../semantic-layer.ts';
import { MEASURE_DOMAINS, MEASURE_VERBS, VOCABULARY } from '../vocabulary.ts';
import { codeAsWritten } from './codes.ts';
import { type Correction, correct, distance, NOT_TYPOS } from './fuzzy.ts';
import { normalize } from './text.ts';
import { MONTH_NAMES, MONTH_OF, TIME_WORDS } from './time.ts';
import * as W from './words.ts';

// The vocabulary as the parser matches it (every language at once: users borrow words), and the
// typo reading that runs before it (per language: a French typo is read among French words).

export interface Phrase {
  text: string;
  target: string;
  kind: 'measure' | 'dimension';
}

const latin = QUESTION_LANGUAGES.filter((l) => l !== 'ja');

/** Measure and dimension phrases, longest first; the ids and the catalogue labels always count. */
export function phrasesOf(layer: SemanticLayer): Phrase[] {
  const phrases = new Map<string, Phrase>();
  const add = (target: string, kind: Phrase['kind'], list: readonly string[]) => {
    for (const w of list.map(normalize)) if (w && !phrases.has(w)) phrases.set(w, { text: w, target, kind });
  };
  const vocabulary = (id: string) => latin.flatMap((l) => VOCABULARY[id]?.[l] ?? []);
  for (const m of layer.measures.values()) add(m.id, 'measure', [m.id.replace(/_/g, ' '), m.label, ...vocabulary(m.id)]);
  for (const d of layer.dimensions.values()) add(d.id, 'dimension', [d.id.replace(/_/g, ' '), d.label, ...vocabulary(d.id)]);
  return [...phrases.values()].sort((a, b) => b.text.length - a.text.length);
}

const wordsOf = (phrases: Iterable<string>) => [...phrases].flatMap((p) => normalize(p).split(' ')).filter(Boolean);

/** Every word a reader of the parser knows: never read as a typo of another. */
const KNOWN = new Set([
  ...Object.values(W.FUNCTION_WORDS).flat(),
  ...Object.values(W.LANGUAGE_HINTS).flat(),
  ...Object.keys(W.NUMBER_WORDS),
  ...wordsOf(Object.values(VOCABULARY).flatMap((v) => latin.flatMap((l) => v[l] ?? []))),
  ...wordsOf(Object.values(MEASURE_VERBS).flatMap((v) => latin.flatMap((l) => v[l] ?? []))),
  ...wordsOf(MEASURE_DOMAINS.flatMap((d) => d.words)),
  ...[W.RANK_HIGH, W.RANK_LOW, W.MOST, W.LEAST, W.SHARE_CUES, W.SHARE_FROM, W.TOTAL_CUES, W.AVERAGE_CUES].flatMap((p) => p.split(/[| ]/)),
  ...[W.CHANGE_CUES, W.TREND_CUES, W.COMPARE_WORDS, W.FINER_THAN_MONTH, W.WHOLE_GROUP].flatMap((p) => p.split(/[| ]/)),
  ...TIME_WORDS,
]);

/**
 * The words a typo may stand for, per language: the question's own language's words that name a
 * measure or a dimension alone (a word inside a longer phrase names nothing by itself), and the
 * month names.
 */
const candidates = new Map<QuestionLanguage | 'any', Map<string, string>>();
function candidatesOf(language: QuestionLanguage | 'any'): Map<string, string> {
  let out = candidates.get(language);
  if (out) return out;
  out = new Map();
  const languages = language === 'any' ? latin : [language];
  for (const l of languages) {
    for (const [id, byLanguage] of Object.entries(VOCABULARY)) {
      for (const w of (byLanguage[l] ?? []).map(normalize)) if (w.length >= 5 && !w.includes(' ')) out.set(w, id);
    }
    for (const [name, month] of MONTH_NAMES[l] ?? []) out.set(name, `month:${month}`);
  }
  candidates.set(language, out);
  return out;
}

/**
 * The text with its typos read as the words meant, and the corrections made. A word written as a
 * code ("FACEBOOK") or as a name (a capital inside the sentence: "Paris") is never a typo.
 */
export function correctTypos(
  text: string,
  language: QuestionLanguage | 'any',
  question: string,
): { text: string; corrections: Correction[] } {
  if (language === 'ja') return { text, corrections: [] };
  const corrections: Correction[] = [];
  const all = candidatesOf(language);
  const original = question.normalize('NFKC');
  const tokens = text.split(' ');
  const out = tokens.map((word, i) => {
    if (codeAsWritten(question, word)) return word;
    const name = new RegExp(`(?<=[^.?!\\s]\\s+)[A-Z]${word.slice(1)}(?![a-z])`, 'i').exec(original);
    if (name && /^[A-Z]/.test(name[0])) return word;
    // A word of the language is never a typo, unless the rest of a phrase around it says which word was meant.
    const meant = (NOT_TYPOS.has(word) ? null : correct(word, all, KNOWN)) ?? inPhrase(tokens, i, language);
    if (!meant) return word;
    corrections.push({ from: word, to: meant });
    return meant;
  });
  return { text: out.join(' '), corrections };
}

/**
 * A typo inside a phrase of several words, read only when the other words of the phrase surround
 * it as written ("opertaing expenses"): the context confirms the word meant.
 */
function inPhrase(tokens: string[], i: number, language: QuestionLanguage | 'any'): string | null {
  const word = tokens[i]!;
  const meant = new Map<string, string>();
  for (const [id, byLanguage] of Object.entries(VOCABULARY)) {
    for (const phrase of (language === 'any' ? latin : [language]).flatMap((l) => byLanguage[l] ?? []).map(normalize)) {
      const parts = phrase.split(' ');
      if (parts.length < 2) continue;
      parts.forEach((part, k) => {
        const start = i - k;
        if (part.length < 5 || start < 0 || start + parts.length > tokens.length) return;
        if (!parts.every((p, j) => j === k || tokens[start + j] === p)) return;
        if (correct(word, new Map([[part, id]]), KNOWN)) meant.set(part, id);
      });
    }
  }
  return new Set(meant.values()).size === 1 ? [...meant.keys()][0]! : null;
}

export const isKnownWord = (word: string) => KNOWN.has(word);

/** For the check of the word lists (not-typos.test.ts): the candidates and known words as the reading uses them. */
export const candidatesForCheck = candidatesOf;
export const knownForCheck = () => KNOWN;

/** Month names of every language, as written in full or shortened to four letters or more. */
const MONTH_WORDS = [...MONTH_OF.keys()].filter((m) => m.length >= 4);

/**
 * An unused word one edit from a month's name (two from 7 letters), with its first letter: a month
 * typed wrong that could not be read safely ("enro" is too short), which would widen the period
 * asked if it were left out. Never left out: asked back.
 */
export function nearMiss(word: string): string | null {
  if (word.length < 3 || !/^[a-z]+$/.test(word) || MONTH_OF.has(word)) return null;
  const max = word.length >= 7 ? 2 : 1;
  return MONTH_WORDS.find((m) => m[0] === word[0] && distance(word, m, max) <= max) ?? null;
}
