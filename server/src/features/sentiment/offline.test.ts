import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse } from './offline/analyse.ts';
import { parseDate } from './sheet.ts';

// The labelled airport feedback (server/test/fixtures/sentiment, written for this project): the
// offline analyser must get every clearly positive and clearly negative comment right.
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/sentiment');
const LANGUAGES = ['en', 'fr', 'es', 'pt'] as const;

function labelled(lang: string) {
  return readFileSync(path.join(FIXTURES, `labelled-${lang}.txt`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [label, text] = line.split('|') as [string, string];
      return { label, text };
    });
}

describe('offline analyser on the labelled set', () => {
  for (const lang of LANGUAGES) {
    it(`${lang.toUpperCase()}: at least 40 comments; every clearly positive and negative one right, its language detected`, () => {
      const set = labelled(lang);
      expect(set.length).toBeGreaterThanOrEqual(40);
      const wrong = set
        .filter((c) => c.label !== 'neutral')
        .map((c) => ({ ...c, got: analyse(c.text) }))
        .filter((c) => c.got.label !== c.label || c.got.language !== lang.toUpperCase());
      expect(wrong.map((w) => `${w.label} -> ${w.got.label} ${w.got.language}: ${w.text}`)).toEqual([]);
    });
  }

  it('neutral statements of fact are mostly neutral', () => {
    const neutral = LANGUAGES.flatMap((l) => labelled(l).filter((c) => c.label === 'neutral'));
    const right = neutral.filter((c) => analyse(c.text).label === 'neutral').length;
    expect(right / neutral.length).toBeGreaterThanOrEqual(0.8);
  });

  it('negation turns a positive word around, and a clause after "but" weighs more', () => {
    expect(analyse('The staff were not friendly at all.').label).toBe('negative');
    expect(analyse("Le personnel n'était pas aimable.").label).toBe('negative');
    expect(analyse('The lounge is nice but the queues were endless and the toilets dirty.').label).toBe('negative');
  });

  it('scores are within -1..1 and key phrases come from the comment', () => {
    const text = 'Long queues at security, but very friendly staff at the gate.';
    const a = analyse(text);
    expect(Math.abs(a.score)).toBeLessThanOrEqual(1);
    expect(a.keyPhrases.length).toBeGreaterThan(0);
    expect(a.keyPhrases.length).toBeLessThanOrEqual(3);
    for (const p of a.keyPhrases) expect(text.toLowerCase()).toContain(p);
    expect(analyse('12345').language).toBe('');
  });

  it('reads the date forms sheets hold', () => {
    expect(parseDate('2026-03-02')).toBe('2026-03-02');
    expect(parseDate('2026-03-02 10:15:00')).toBe('2026-03-02');
    expect(parseDate('02/03/2026')).toBe('2026-03-02');
    expect(parseDate('12/25/2026')).toBe('2026-12-25');
    expect(parseDate('46083')).toBe('2026-03-02');
    expect(parseDate('soon')).toBeNull();
    expect(parseDate('31/31/2026')).toBeNull();
  });
});
