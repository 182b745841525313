import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { correct } from './fuzzy.ts';
import { NOT_TYPOS_TEXT } from './not-typos.ts';
import { candidatesForCheck, knownForCheck } from './phrases.ts';

// The words of the four languages that the typo rule would read as another word are all listed
// as never typos. Needs the system word lists that scripts/setup-system.sh installs (wamerican,
// wfrench, wspanish, wportuguese); skipped, saying so, without them. HANGAR_WRITE_NOT_TYPOS=1 writes
// the list anew.

const LISTS = { en: 'american-english', fr: 'french', es: 'spanish', pt: 'portuguese' } as const;
const DICT = '/usr/share/dict';
const available = Object.values(LISTS).every((f) => existsSync(path.join(DICT, f)));
if (!available) console.warn(`not-typos.test.ts skipped: the word lists under ${DICT} are missing (run scripts/setup-system.sh)`);

const fold = (w: string) =>
  w
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
/** The variants of a word with up to `d` letters deleted: two words within d edits share one (symmetric deletes). */
function deletions(word: string, d: number): Set<string> {
  const all = new Set([word]);
  let current = new Set([word]);
  for (let k = 0; k < d; k++) {
    const next = new Set<string>();
    for (const x of current) for (let i = 0; i < x.length; i++) next.add(x.slice(0, i) + x.slice(i + 1));
    for (const n of next) all.add(n);
    current = next;
  }
  return all;
}
/** A plural or a singular of the word meant ("budgets", "achat"): a right reading, left to the rule. */
const sameWord = (a: string, b: string) => [b, `${b}s`, `${b}e`, `${b}es`].includes(a) || [`${a}s`, `${a}e`, `${a}es`].includes(b);

describe('words that are never typos', () => {
  it.skipIf(!available)(
    'lists every word of the four languages that the rule would read as a measure, a breakdown or a month',
    () => {
      const words = new Set(
        Object.values(LISTS).flatMap((f) =>
          readFileSync(path.join(DICT, f), 'utf8')
            .split('\n')
            .filter((w) => /^\p{Ll}+$/u.test(w))
            .map(fold)
            .filter((w) => /^[a-z]{5,}$/.test(w)),
        ),
      );
      const found = new Set<string>();
      const languages = (['en', 'fr', 'es', 'pt', 'any'] as const).map((language) => {
        const candidates = candidatesForCheck(language);
        return { candidates, index: new Set([...candidates.keys()].flatMap((c) => [...deletions(c, 2)])) };
      });
      const all = new Set(languages.flatMap((l) => [...l.index]));
      for (const w of words) {
        const variants = [...deletions(w, w.length >= 9 ? 2 : 1)];
        if (!variants.some((v) => all.has(v))) continue;
        for (const { candidates, index } of languages) {
          if (!variants.some((v) => index.has(v))) continue;
          const meant = correct(w, candidates, knownForCheck());
          if (meant && !sameWord(w, meant)) found.add(w);
        }
      }
      const listed = [...found].sort();
      if (process.env.HANGAR_WRITE_NOT_TYPOS) writeNotTypos(listed);
      expect(NOT_TYPOS_TEXT.flatMap((l) => l.split(' '))).toEqual(listed);
    },
    120_000,
  );
});

function writeNotTypos(list: string[]) {
  const lines: string[] = [];
  let line = '';
  for (const w of list) {
    if (line && line.length + w.length + 1 > 116) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  const file = path.join(import.meta.dirname, 'not-typos.ts');
  const head = readFileSync(file, 'utf8').split('export const NOT_TYPOS_TEXT')[0];
  writeFileSync(file, `${head}export const NOT_TYPOS_TEXT: readonly string[] = [\n${lines.map((l) => `  '${l}',`).join('\n')}\n];\n`);
}
