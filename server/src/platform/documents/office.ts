import { AppError, badRequest } from '../errors.ts';
import { type OfficeContent, readOfficeContent } from '../office/in-worker.ts';
import type { OfficeKind } from '../office/structure.ts';
import { type Extracted, hasLetters, type Section } from './types.ts';

/** Longest heading kept on a passage (a whole paragraph styled as a heading can be long). */
const HEADING_CHARS = 120;

/**
 * Text of a docx or pptx through the office reader (platform/office, in its capped worker: part
 * count and real inflated size limited while inflating; body, headers, footers, notes, comments,
 * text boxes the document uses). A slide's text and its notes carry the slide number as their page.
 * A docx has no pages before layout (issue 33: citing "page 1" for all of it was wrong), so its
 * body is cut at its headings (Title, Heading 1..9, outline levels) and each passage carries the
 * heading it sits under, with no page; the other parts (headers, notes, comments) carry neither.
 */
export async function extractOffice(bytes: Uint8Array, kind: OfficeKind): Promise<Extracted> {
  let content: OfficeContent;
  try {
    content = await readOfficeContent(bytes, kind);
  } catch (err) {
    throw err instanceof AppError ? err : badRequest(`This ${kind} is damaged and cannot be read.`);
  }
  const sections: Section[] = [];
  for (const part of content.parts) {
    if (kind === 'pptx') {
      const texts = part.texts.filter(hasLetters);
      if (texts.length) sections.push({ page: part.page, heading: null, text: texts.join('\n') });
    } else {
      sections.push(...docxSections(part));
    }
  }
  if (!sections.length) throw badRequest(`This ${kind} holds no text to read.`);
  // A docx page is about 500 words (the response-time estimate only needs an order of size).
  const pages = kind === 'pptx' ? Math.max(1, content.slides) : Math.max(1, Math.ceil(content.words / 500));
  return { sections, pages, method: kind === 'pptx' ? 'slides and notes' : 'document text' };
}

/**
 * A docx part's paragraphs as sections, one per heading, each carrying its heading (which the
 * search and the embeddings read with the text, see store.ts) rather than repeating it as its first
 * line. Headings with no text between them (a chapter, then its first subsection) make one
 * section, named by the last, the others kept as its first lines; a heading with nothing under it
 * is its own text.
 */
export function docxSections(part: { texts: string[]; headings?: (number | null)[] }): Section[] {
  const out: Section[] = [];
  let current: { heading: string | null; raw: string; lines: string[]; body: boolean } = { heading: null, raw: '', lines: [], body: false };
  const close = () => {
    if (current.body) out.push({ page: null, heading: current.heading, text: current.lines.join('\n') });
    else if (current.heading !== null) out.push({ page: null, heading: current.heading, text: [...current.lines, current.raw].join('\n') });
  };
  part.texts.forEach((text, i) => {
    if (!hasLetters(text)) return;
    if ((part.headings?.[i] ?? null) === null) {
      current.lines.push(text);
      current.body = true;
      return;
    }
    const heading = text.replace(/\s+/g, ' ').trim().slice(0, HEADING_CHARS);
    if (current.body || current.heading === null) {
      close();
      current = { heading, raw: text, lines: [], body: false };
    } else {
      current.lines.push(current.raw);
      current.heading = heading;
      current.raw = text;
    }
  });
  close();
  return out;
}
