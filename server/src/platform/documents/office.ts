import { badRequest } from '../errors.ts';
import { type OfficeKind, readOffice } from '../office/package.ts';
import { paragraphText } from '../office/paragraphs.ts';
import { type Extracted, hasLetters, type Section } from './types.ts';

/** Largest total of uncompressed XML read from a docx or pptx (images do not count; a zip bomb stops here). */
const MAX_UNCOMPRESSED_XML_BYTES = 40 * 1024 * 1024;

/**
 * Text of a docx or pptx through the OOXML walker (body, headers, footers, notes, comments, text
 * boxes). A slide's text and its notes carry the slide number as their page; a docx has no pages
 * before layout, so its parts are numbered as one page.
 */
export async function extractOffice(bytes: Uint8Array, kind: OfficeKind): Promise<Extracted> {
  await checkZip(bytes);
  let doc: Awaited<ReturnType<typeof readOffice>>;
  try {
    doc = await readOffice(bytes, kind);
  } catch {
    throw badRequest(`This ${kind} is damaged and cannot be read.`);
  }
  const sections: Section[] = [];
  let slides = 0;
  for (const part of doc.parts) {
    const slide = /(?:slides\/slide|notesSlides\/notesSlide)(\d+)\.xml$/.exec(part.name);
    const page = kind === 'pptx' ? (slide ? Number(slide[1]) : null) : 1;
    if (kind === 'pptx' && slide && part.name.includes('slides/slide')) slides = Math.max(slides, Number(slide[1]));
    const texts = part.paragraphs.map(paragraphText).filter(hasLetters);
    if (texts.length) sections.push({ page, heading: null, text: texts.join('\n') });
  }
  if (!sections.length) throw badRequest(`This ${kind} holds no text to read.`);
  const words = sections.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  // A docx page is about 500 words (the response-time estimate only needs an order of size).
  const pages = kind === 'pptx' ? Math.max(1, slides) : Math.max(1, Math.ceil(words / 500));
  return { sections, pages, method: kind === 'pptx' ? 'slides and notes' : 'document text' };
}

async function checkZip(bytes: Uint8Array): Promise<void> {
  const JSZip = (await import('jszip')).default;
  let zip: InstanceType<typeof JSZip>;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw badRequest('This file is damaged or is not a docx/pptx: it cannot be read.');
  }
  let total = 0;
  for (const file of Object.values(zip.files)) {
    if (!/\.(xml|rels)$/.test(file.name)) continue;
    total += (file as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  }
  if (total > MAX_UNCOMPRESSED_XML_BYTES) throw badRequest('This file unpacks to far more than its size: it is refused.');
}
