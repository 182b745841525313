import type { Named } from './operations.ts';
import { nearMiss } from './phrases.ts';
import type { Reading } from './text.ts';

// Words left unused that would change the figure: answering without them would give another
// figure than the one asked ("passengers by terminal" is not the passengers' total, "revenue of
// Heathrow" not the group's). Those are asked back; other unused words are listed with the answer.

const BY = /^(?:by|per|par|por|pour|each|every|chaque|cada)$/;
const JAPANESE = /[\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;

/**
 * The unused words that qualify what is counted: a number, a name, a breakdown the data lacks, a
 * word on the measure, or a typo too short or too close to two words to be read ("enro").
 */
export function qualifiers(reading: Reading, named: Named[], question: string, filler: (w: string) => boolean): string[] {
  const text = ` ${reading.text} `;
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ word: m[0], at: m.index, end: m.index + m[0].length }));
  const free = reading.between(0, text.length).filter((w) => !filler(w.word) && w.word !== '-');
  const original = question.normalize('NFKC');
  const measures = named.filter((n) => n.kind === 'measure').map((n) => ({ at: n.at, end: n.at + n.text.length }));
  const dimensions = named.filter((n) => n.kind === 'dimension').map((n) => ({ at: n.at, end: n.at + n.text.length }));
  const out: string[] = [];
  for (const w of free) {
    const i = tokens.findIndex((t) => t.at === w.at);
    const before = tokens.slice(0, i).reverse();
    const after = tokens.slice(i + 1);
    // Within the few small words around it ("satisfaction of the passengers", "passenger satisfaction").
    const near = (list: typeof tokens, spans: { at: number; end: number }[], small: number) => {
      for (const t of list.slice(0, small + 1)) {
        if (spans.some((s) => t.at >= s.at && t.at < s.end)) return true;
        if (!filler(t.word)) return false;
      }
      return false;
    };
    const capital = new RegExp(`(?<=\\S\\s+)${w.word[0]!.toUpperCase()}${w.word.slice(1)}(?![a-z])`).test(original);
    if (
      JAPANESE.test(w.word) ||
      /[0-9]/.test(w.word) ||
      capital ||
      nearMiss(w.word) !== null ||
      BY.test(before[0]?.word ?? '') ||
      near(before, measures, 2) ||
      near(after, measures, 2) ||
      near(before, dimensions, 0) ||
      near(after, dimensions, 0)
    )
      out.push(w.word);
  }
  return out;
}
