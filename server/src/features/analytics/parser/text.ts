// The question's text as the offline parser reads it: normalised once, then consumed piece by piece
// by the readers (periods, measures, breakdowns, codes, operations). What no reader consumed is
// what the user is told was not used: no part of a question can vanish without being listed.

/** Letters of the Japanese scripts (kana, kanji, the iteration mark and the long vowel mark). */
export const JAPANESE = /[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;
const JAPANESE_RUN = /[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+/g;

/** A code as written in capitals with dashes or underscores ("T1-DF-01", "AERO_LANDING"): they are its own. */
const CODE_WITH_DASHES = /(?<![A-Za-z0-9_-])(?=[A-Z0-9_-]*[A-Z])[A-Z0-9]+(?:[-_][A-Z0-9]+)+(?![A-Za-z0-9_-])/g;
const KEPT_DASH = '\u2027';
const KEPT_UNDERSCORE = '\u02cd';

/**
 * Lower case, without accents, full-width forms folded (NFKC), apostrophes and punctuation as
 * spaces. A dash is a word of its own ("Aug-Oct" is "aug - oct", "on-time" "on - time") except
 * inside a code written in capitals and inside a numeric month ("2026-09").
 */
export function fold(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(CODE_WITH_DASHES, (code) => code.replace(/-/g, KEPT_DASH).replace(/_/g, KEPT_UNDERSCORE))
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[’'`´]/g, ' ')
      .replace(/[\u2010-\u2015\u2212\u301c~]/g, '-')
      .replace(/(?<=[0-9])-(?=[0-9])/g, KEPT_DASH)
      .replace(/-/g, ' - ')
      .replace(new RegExp(KEPT_DASH, 'g'), '-')
      .replace(/(?<=[0-9])\/(?=[0-9])/g, '\u2044')
      // "revenue/pax" is revenue per passenger.
      .replace(/(?<=[a-z]{2})\/(?=[a-z]{2})/g, ' per ')
      .replace(/[^a-z0-9\-% \u2044\u02cd\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+/g, ' ')
      .replace(/\u2044/g, '/')
      .replace(new RegExp(KEPT_UNDERSCORE, 'g'), '_')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Latin letters and digits apart from Japanese ("SSAの売上" is "ssa の売上"). */
export const spaceScripts = (text: string) =>
  text
    .replace(
      /(?<=[a-z0-9%])(?=[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])|(?<=[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])(?=[a-z0-9%])/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();

export const normalize = (text: string) => spaceScripts(fold(text));

/** The words of a text, with the Japanese runs kept whole. */
export const japaneseRuns = (text: string) => text.match(JAPANESE_RUN) ?? [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * A phrase of the vocabulary as a pattern on whole words: its spaces also match a dash between
 * the words ("on-time performance").
 */
export const phrasePattern = (phrase: string) =>
  phrase
    .split(' ')
    .map((w) => escapeRegExp(w))
    .join('(?: -)? ');

/** A list of cue phrases ("up or down|best selling") whose spaces also match a dash ("best-selling"). */
export const cue = (alternatives: string) => alternatives.replace(/ /g, '(?: -)? ');

/** A pattern matching whole words only (the reading is spaces between words, consumed parts blanked). */
export const words = (pattern: string, flags = '') => new RegExp(`(?<= )(?:${pattern})(?= )`, flags);

/** One consumed piece: where it was, and what it was read as. */
export interface Piece {
  at: number;
  text: string;
}

/** The question as it is consumed: what is left is what was not used. */
export class Reading {
  readonly text: string;
  private rest: string;
  readonly pieces: Piece[] = [];

  constructor(text: string) {
    this.text = text;
    this.rest = ` ${text} `;
  }

  /** The text not consumed yet, consumed parts as spaces (positions unchanged). */
  get free(): string {
    return this.rest;
  }

  /** The first match in the text not consumed yet, without consuming it. */
  peek(re: RegExp): RegExpExecArray | null {
    re.lastIndex = 0;
    return re.exec(this.rest);
  }

  /** The first match in the text not consumed yet, consumed. */
  take(re: RegExp): RegExpExecArray | null {
    const hit = this.peek(re);
    if (hit) this.consume(hit.index, hit[0].length);
    return hit;
  }

  /** Every match (the pattern needs the g flag), consumed. */
  takeAll(re: RegExp): RegExpExecArray[] {
    const hits = [...this.rest.matchAll(re)];
    for (const h of hits) this.consume(h.index, h[0].length);
    return hits;
  }

  consume(at: number, length: number): void {
    const text = this.rest.slice(at, at + length).trim();
    if (!text) return;
    this.pieces.push({ at, text });
    this.rest = this.rest.slice(0, at) + ' '.repeat(length) + this.rest.slice(at + length);
  }

  /** The words between two positions that are not consumed yet. */
  between(from: number, to: number): { word: string; at: number }[] {
    const out: { word: string; at: number }[] = [];
    for (const m of this.rest.slice(from, to).matchAll(/\S+/g)) out.push({ word: m[0], at: from + m.index });
    return out;
  }

  /** The words left. */
  leftover(): string[] {
    return this.rest.split(' ').filter(Boolean);
  }
}
