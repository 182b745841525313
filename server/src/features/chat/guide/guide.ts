import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asksHowTo, PORTAL_TERMS, terms } from './words.ts';

/**
 * The portal's user guide (docs/user-guide.md), read once at start-up, and a BM25 ranking of its
 * sections for the offline assistant: a "how do I…" question is answered with the best section,
 * quoted, instead of the "no language model" notice. The server runs from its source tree, like
 * the migrations it finds at ../../drizzle, so the guide is found relative to this file.
 */
export const USER_GUIDE_PATH = path.resolve(import.meta.dirname, '../../../../../docs/user-guide.md');

export interface GuideSection {
  /** "Chapter › Section". */
  title: string;
  text: string;
}

interface Indexed extends GuideSection {
  counts: Map<string, number>;
  length: number;
}

export interface GuideMatch {
  section: GuideSection;
  score: number;
}

// BM25's usual constants; the title's terms count three times, a heading says what a section is for.
const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 3;
/** Below this a match is chance (one common word), not an answer. */
const MIN_SCORE = 2.5;

/** Sections are the `###` headings under their `##` chapter; a chapter's text before its first section is one too. */
export function parseGuide(markdown: string): GuideSection[] {
  const sections: GuideSection[] = [];
  let chapter = '';
  let title = '';
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (title && text) sections.push({ title, text });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    flush();
    const [, marks, name] = heading;
    if (marks === '#') title = '';
    else if (marks === '##') {
      chapter = name!.trim();
      title = chapter;
    } else title = `${chapter} › ${name!.trim()}`;
  }
  flush();
  return sections;
}

export function createGuideIndex(sections: readonly GuideSection[]) {
  const indexed: Indexed[] = sections.map((section) => {
    const counts = new Map<string, number>();
    const add = (term: string, n: number) => counts.set(term, (counts.get(term) ?? 0) + n);
    for (const term of terms(section.text)) add(term, 1);
    for (const term of terms(section.title.split(' › ').at(-1)!)) add(term, TITLE_WEIGHT);
    return { ...section, counts, length: [...counts.values()].reduce((a, b) => a + b, 0) };
  });
  const average = indexed.reduce((sum, s) => sum + s.length, 0) / Math.max(1, indexed.length);
  const holding = new Map<string, number>();
  for (const s of indexed) for (const term of s.counts.keys()) holding.set(term, (holding.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = holding.get(term) ?? 0;
    return Math.log(1 + (indexed.length - n + 0.5) / (n + 0.5));
  };

  /**
   * The sections that answer a question, best first. None when it names nothing of the portal; a
   * question that does not ask how or where ("what model are you?", "translate this sentence")
   * needs two portal terms in the section ("who approves credit requests?"), else it is not for the guide.
   */
  function search(question: string, limit = 2): GuideMatch[] {
    const asked = [...new Set(terms(question))];
    if (!asked.some((t) => PORTAL_TERMS.has(t))) return [];
    const needed = asksHowTo(question) ? 1 : 2;
    return indexed
      .map((s) => {
        let score = 0;
        let portal = 0;
        for (const term of asked) {
          const tf = s.counts.get(term) ?? 0;
          if (tf === 0) continue;
          if (PORTAL_TERMS.has(term)) portal += 1;
          score += (idf(term) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * s.length) / average));
        }
        return { section: { title: s.title, text: s.text }, score: portal >= needed ? score : 0 };
      })
      .filter((m) => m.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
  return { search, size: indexed.length };
}
export type GuideIndex = ReturnType<typeof createGuideIndex>;

/** Reads and indexes the guide; a missing guide stops the start-up, as a missing migration would. */
export function loadUserGuide(file = USER_GUIDE_PATH): GuideIndex {
  let markdown: string;
  try {
    markdown = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`The user guide could not be read at ${file}: ${(err as Error).message}`);
  }
  const index = createGuideIndex(parseGuide(markdown));
  if (index.size === 0) throw new Error(`The user guide at ${file} has no sections (## or ### headings).`);
  return index;
}

/** The offline assistant's answer from the guide, or null when no section fits the question. */
export function guideAnswer(index: GuideIndex, question: string): string | null {
  const [best, next] = index.search(question);
  if (!best) return null;
  const quoted = best.section.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const lines = [`From the portal's user guide, **${best.section.title}**:`, '', quoted, ''];
  // A second section only when it is nearly as good: two answers to one question is noise otherwise.
  if (next && next.score >= best.score * 0.8) lines.push(`See also **${next.section.title}** in the user guide.`, '');
  lines.push(
    'I am the offline assistant (no language model is configured): this is the guide’s text, not a generated answer. It cost no credits.',
  );
  return lines.join('\n');
}
