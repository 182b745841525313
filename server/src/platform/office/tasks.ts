// What platform/office runs in its worker thread (see in-worker.ts): the untrusted package is
// inflated and parsed there, and only plain text, segments or the written package come back.
import { headingLevel, officeSegments, partLabel, readOffice, translatedWords, writeOffice } from './package.ts';
import { paragraphText } from './paragraphs.ts';
import type { OfficeKind } from './structure.ts';

export interface OfficeContent {
  /**
   * Each text part the document uses, with its slide number (pptx) and its paragraphs' plain text;
   * for a docx, each paragraph's heading level too (0 Title, 1 to 9 Heading 1..9, null body text).
   */
  parts: { label: string; page: number | null; texts: string[]; headings: (number | null)[] }[];
  /** Slides the deck lists (0 for a docx). */
  slides: number;
  /** Words a translation sends (package.ts translatedWords). */
  words: number;
}

export async function readOfficeContent(bytes: Uint8Array, kind: OfficeKind): Promise<OfficeContent> {
  const doc = await readOffice(bytes, kind, { headings: true });
  const parts = doc.parts.map((p) => ({
    label: partLabel(p.name),
    page: p.page,
    texts: p.paragraphs.map(paragraphText),
    headings: p.paragraphs.map((x) => (kind === 'docx' ? headingLevel(x, doc.styles) : null)),
  }));
  return { parts, slides: doc.slides, words: translatedWords(doc) };
}

/** What a translation is charged by: the slides listed and the words translated. */
export async function countOffice(bytes: Uint8Array, kind: OfficeKind): Promise<{ slides: number; words: number }> {
  const doc = await readOffice(bytes, kind);
  return { slides: doc.slides, words: translatedWords(doc) };
}

export async function readOfficeSegments(bytes: Uint8Array, kind: OfficeKind): Promise<string[]> {
  return officeSegments(await readOffice(bytes, kind));
}

/** Reads the package again (cheaper than keeping its tree between calls) and writes the translation into it. */
export async function writeOfficeTranslation(
  bytes: Uint8Array,
  kind: OfficeKind,
  translated: string[],
  language: string,
): Promise<Uint8Array> {
  return writeOffice(await readOffice(bytes, kind), translated, language);
}
