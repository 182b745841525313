import { createRequire } from 'node:module';
import type { Supported } from './language.ts';
import type { Lexicon } from './lexicon.ts';

// Key phrases of one comment, RAKE-style: runs of content words between stop words and punctuation,
// preferring those that carry sentiment ("long queues", "friendly staff").

const require = createRequire(import.meta.url);
const STOPWORDS = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;
const stopSets = new Map<Supported, Set<string>>();
function stopwords(lang: Supported, lex: Lexicon): Set<string> {
  let set = stopSets.get(lang);
  if (!set) {
    // Sentiment words are content here even where a stop-word list holds them ("good", "bon").
    set = new Set((STOPWORDS[lang.toLowerCase()] ?? []).filter((w) => !lex.exact.has(w)));
    for (const w of lex.negations) set.add(w);
    for (const w of lex.intensifiers) set.add(w);
    stopSets.set(lang, set);
  }
  return set;
}

const MAX_WORDS = 3;
const PER_COMMENT = 3;

export function keyPhrases(text: string, lang: Supported, lex: Lexicon): string[] {
  const stop = stopwords(lang, lex);
  const candidates: { phrase: string; weight: number }[] = [];
  for (const chunk of text.toLowerCase().split(/[.!?;:,()"\n]|\s[-–]\s/)) {
    let run: string[] = [];
    const flush = () => {
      if (run.length) {
        const words = run.slice(-MAX_WORDS);
        const sentiment = words.some((w) => lex.exact.has(w)) ? 2 : 0;
        candidates.push({ phrase: words.join(' '), weight: sentiment + words.length });
      }
      run = [];
    };
    for (const w of chunk.match(/[\p{L}\p{N}'’-]+/gu) ?? []) {
      const word = w.replace(/^['’-]+|['’-]+$/g, '');
      if (word.length < 2 || /^\d+$/.test(word) || stop.has(word) || stop.has(word.replace(/^\p{L}['’]/u, ''))) flush();
      else run.push(word);
    }
    flush();
  }
  const seen = new Set<string>();
  return candidates
    .sort((a, b) => b.weight - a.weight)
    .filter((c) => !seen.has(c.phrase) && seen.add(c.phrase))
    .slice(0, PER_COMMENT)
    .map((c) => c.phrase);
}
