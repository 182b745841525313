import { MULTIDOCS_NO_ANSWER, MULTIDOCS_OFFLINE_NOTE, type MultidocsCitation } from '@hangar/contract';
import type { Passage } from './store.ts';

const EXCERPT_CHARS = 300;
/** Context sent to a model at most (characters); passages beyond are left out, best ones kept. */
export const CONTEXT_CHARS = 24_000;
/** How many passages the offline assistant quotes. */
const OFFLINE_QUOTES = 3;
/** How many passages the preview lists at most: the best the search found (as many as a large file gives). */
export const PREVIEW_PASSAGES = 8;
/** The preview's line when the files were searched but no passage matches the question. */
export const PREVIEW_NO_MATCH = 'No passage of the selected files matches the words of this question.';

/**
 * The passages numbered as the answer cites them: [n] is the nth. The best-ranked ones (found by
 * the search for this question) are marked matched: the preview lists those, not every passage of
 * the small files the model reads whole.
 */
export function citationsOf(passages: Passage[]): MultidocsCitation[] {
  const best = new Set(
    passages
      .map((p, i) => ({ rank: p.rank, i }))
      .filter((x) => x.rank > 0)
      .sort((a, b) => b.rank - a.rank || a.i - b.i)
      .slice(0, PREVIEW_PASSAGES)
      .map((x) => x.i),
  );
  return passages.map((p, i) => ({
    n: i + 1,
    uri: p.uri,
    name: p.name,
    page: p.page,
    heading: p.heading,
    matched: best.has(i),
    url: p.url,
    excerpt: p.text.length > EXCERPT_CHARS ? `${p.text.slice(0, EXCERPT_CHARS - 3)}...` : p.text,
  }));
}

/**
 * Where a passage is: its page when the source has pages (pdf, slides), else the heading it sits
 * under (a docx: issue 33, no more "page 1" for all of it), else the file's name alone.
 */
export function placeLabel(source: { name: string; page: number | null; heading?: string | null }): string {
  if (source.page) return `${source.name}, page ${source.page}`;
  const heading = source.heading?.trim();
  if (heading && heading.toLowerCase() !== source.name.trim().toLowerCase()) return `${source.name}, section '${heading}'`;
  return source.name;
}

export const sourceLabel = (c: MultidocsCitation) => placeLabel(c);

/**
 * The preview lines: the passages the search found for this question (at most PREVIEW_PASSAGES,
 * numbered as the answer cites them), with file and page or section, before the answer.
 */
export function previewLines(citations: MultidocsCitation[]): string[] {
  if (!citations.length) return [`${MULTIDOCS_NO_ANSWER}\n`];
  const found = citations.filter((c) => c.matched);
  if (!found.length) return [`${PREVIEW_NO_MATCH}\n`];
  return found.map((c) => `[${c.n}] ${sourceLabel(c)}: ${c.excerpt.replace(/\s+/g, ' ')}\n`);
}

export function systemPrompt(): string {
  return [
    'You answer questions about the documents, web pages and recordings the user attached, using only the numbered passages given.',
    'Cite every fact with the number of its passage in square brackets, like [2]. Never cite a number that is not given.',
    `If the passages do not contain the answer, say exactly: "${MULTIDOCS_NO_ANSWER}"`,
    'Answer in the language of the question, concisely, in Markdown.',
  ].join('\n');
}

/**
 * The question over the passages, best first, as many as `contextChars` holds (CONTEXT_CHARS, or
 * less when the user's credit pays for less): the prompt is at most userPrompt(question, []) plus
 * contextChars characters long, which is what the credit hold counts on (spend.ts).
 */
export function userPrompt(question: string, passages: Passage[], contextChars = CONTEXT_CHARS): string {
  const parts: string[] = [];
  let used = 0;
  passages.forEach((p, i) => {
    const label = placeLabel(p);
    const block = `[${i + 1}] (${label})\n${p.text}`;
    // Each block with the blank line that separates it from the next.
    if (used + block.length + 2 > contextChars) return;
    used += block.length + 2;
    parts.push(block);
  });
  return `Passages:\n\n${parts.join('\n\n')}\n\nQuestion: ${question}`;
}

/**
 * The offline assistant's answer: no model, so it quotes the best passages (by search rank) with
 * their citations, under a one-line note saying so.
 */
export function extractiveAnswer(passages: Passage[], citations: MultidocsCitation[]): string {
  const ranked = passages
    .map((p, i) => ({ p, c: citations[i]! }))
    .filter(({ p }) => p.rank > 0)
    .sort((a, b) => b.p.rank - a.p.rank)
    .slice(0, OFFLINE_QUOTES);
  if (!ranked.length) return `${MULTIDOCS_OFFLINE_NOTE}\n\n${MULTIDOCS_NO_ANSWER}`;
  const quotes = ranked.map(({ p, c }) => `> ${p.text.replace(/\s+/g, ' ').trim()} [${c.n}]\n\n— ${sourceLabel(c)}`);
  return `${MULTIDOCS_OFFLINE_NOTE}\n\n${quotes.join('\n\n')}`;
}

/** A short title for the conversation, from the question. */
export function titleFrom(question: string): string {
  const words = question.replace(/\s+/g, ' ').trim().split(' ').slice(0, 8).join(' ');
  return (words.length > 60 ? `${words.slice(0, 57)}...` : words) || 'New chat...';
}
