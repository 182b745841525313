import { AppError, badRequest } from '../errors.ts';
import { type OfficeContent, readOfficeContent } from '../office/in-worker.ts';
import type { OfficeKind } from '../office/structure.ts';
import { type Extracted, hasLetters, type Section } from './types.ts';

/**
 * Text of a docx or pptx through the office reader (platform/office, in its capped worker: part
 * count and real inflated size limited while inflating; body, headers, footers, notes, comments,
 * text boxes the document uses). A slide's text and its notes carry the slide number as their page;
 * a docx has no pages before layout, so its parts are numbered as one page.
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
    const texts = part.texts.filter(hasLetters);
    if (texts.length) sections.push({ page: kind === 'pptx' ? part.page : 1, heading: null, text: texts.join('\n') });
  }
  if (!sections.length) throw badRequest(`This ${kind} holds no text to read.`);
  // A docx page is about 500 words (the response-time estimate only needs an order of size).
  const pages = kind === 'pptx' ? Math.max(1, content.slides) : Math.max(1, Math.ceil(content.words / 500));
  return { sections, pages, method: kind === 'pptx' ? 'slides and notes' : 'document text' };
}
