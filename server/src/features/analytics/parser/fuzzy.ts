import { NOT_TYPOS_TEXT } from './not-typos.ts';

// Typos of measure, dimension and month names ("revnue", "septmber"), read as the word meant. A
// wrong figure is worse than a question back, so a word is read as another only when it cannot be
// anything else: 5 letters or more, not a word the parser knows nor a word of the four languages
// (not-typos.ts), the same first letter ("género" is not "enero"), one edit away (two from 9
// letters on; a swap of two letters is one edit), and one meaning only among the closest words of
// the question's language.

/** Edits between two words (insert, delete, replace, swap two neighbours), up to `max` (more is max + 1). */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

export interface Correction {
  from: string;
  to: string;
}

/**
 * The word meant by a typo, or null. `candidates` maps each word that may be meant to what it
 * names (a measure, a dimension, a month): several closest words naming the same thing are one
 * meaning ("passanger": passenger, passengers); closest words naming different things are none.
 */
export function correct(word: string, candidates: ReadonlyMap<string, string>, known: ReadonlySet<string>): string | null {
  if (word.length < 5 || !/^[a-z]+$/.test(word) || known.has(word) || candidates.has(word)) return null;
  const max = word.length >= 9 ? 2 : 1;
  let best = max + 1;
  let meant: string[] = [];
  for (const [candidate, target] of candidates) {
    if (candidate.length < 5 || candidate[0] !== word[0]) continue;
    const d = distance(word, candidate, max);
    if (d < best) [best, meant] = [d, [`${target}\u0000${candidate}`]];
    else if (d === best && d <= max) meant.push(`${target}\u0000${candidate}`);
  }
  if (best > max) return null;
  const targets = new Set(meant.map((m) => m.split('\u0000')[0]));
  if (targets.size !== 1) return null;
  return meant[0]!.split('\u0000')[1]!;
}

/** Words of the four languages that the rule above would read as another: never typos (not-typos.ts). */
export const NOT_TYPOS: ReadonlySet<string> = new Set(NOT_TYPOS_TEXT.flatMap((line) => line.split(' ')));
