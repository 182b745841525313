import type { SentimentLabel } from '@hangar/contract';
import { detectLanguage, SUPPORTED, type Supported } from './language.ts';
import { type Lexicon, lexicon } from './lexicon.ts';
import { keyPhrases } from './phrases.ts';

// The offline analyser: lexicon polarity per word, negation over the next words, intensifiers,
// clauses after "but" weighing more; a score in -1..1 and a label from it.

export interface Analysis {
  language: string;
  label: SentimentLabel;
  score: number;
  keyPhrases: string[];
}

/** |score| at or above which a comment is positive or negative; below it, neutral. */
export const LABEL_THRESHOLD = 0.15;
const NEGATION_SPAN = 3;

const WORD = /[\p{L}\p{N}]+/gu;
const CLAUSE_END = /[.!?;:,\n]/;

export function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

function polarity(lex: Lexicon, word: string): number {
  const exact = lex.exact.get(word);
  if (exact !== undefined) return exact;
  // Short stems match unrelated words ("sal" of salió, "part" of partait): only long ones count.
  const stem = word.length > 4 ? lex.stem(word) : '';
  return stem.length >= 5 ? (lex.stemmed.get(stem) ?? 0) : 0;
}

/** Sum of the polarities of one text under one lexicon, and how many words it knew. */
function scoreWith(lex: Lexicon, text: string): { sum: number; hits: number } {
  let sum = 0;
  let hits = 0;
  for (const sentence of text.toLowerCase().split(CLAUSE_END)) {
    const words = sentence.match(WORD);
    if (!words) continue;
    let negateLeft = 0;
    let boost = 1;
    let weight = 1;
    for (const w of words) {
      if (lex.contrasts.has(w)) {
        weight = 1.5;
        negateLeft = 0;
        continue;
      }
      if (lex.negations.has(w)) {
        negateLeft = NEGATION_SPAN;
        continue;
      }
      if (lex.intensifiers.has(w)) {
        boost = 1.5;
        continue;
      }
      const p = polarity(lex, w);
      if (p !== 0) {
        // A negated positive word is nearly as bad as a negative one; a negated negative word only mildly good.
        const value = negateLeft > 0 ? (p > 0 ? -0.8 * p : -0.3 * p) : p;
        sum += value * boost * weight;
        hits++;
        boost = 1;
        negateLeft = 0;
      } else if (negateLeft > 0) negateLeft--;
    }
  }
  return { sum, hits };
}

const isSupported = (lang: string): lang is Supported => (SUPPORTED as readonly string[]).includes(lang);

/** Set phrases whose words would read as sentiment ("lost property"). */
const SET_PHRASES = /lost property|lost and found|objets trouvés|objetos perdidos|perdidos e achados|sala de espera|salle d'attente/giu;

export function analyse(input: string): Analysis {
  const text = input.replace(SET_PHRASES, ' ');
  const tokens = tokenize(text);
  const language = detectLanguage(tokens, text);
  let lang: Supported;
  let result: { sum: number; hits: number };
  if (isSupported(language)) {
    lang = language;
    result = scoreWith(lexicon(lang), text);
  } else {
    // Another language: the lexicon that recognises most of its words (close languages share many).
    const tries = SUPPORTED.map((l) => ({ l, r: scoreWith(lexicon(l), text) })).sort((a, b) => b.r.hits - a.r.hits);
    lang = tries[0]!.l;
    result = tries[0]!.r;
  }
  // Dividing by the square root of the hits keeps one strong word strong and many mild ones mild.
  const raw = result.hits ? result.sum / Math.sqrt(result.hits) : 0;
  const score = Math.round(Math.tanh(1.6 * raw) * 1000) / 1000;
  const label: SentimentLabel = score >= LABEL_THRESHOLD ? 'positive' : score <= -LABEL_THRESHOLD ? 'negative' : 'neutral';
  return { language, label, score, keyPhrases: keyPhrases(text, lang, lexicon(lang)) };
}
