import type JSZip from 'jszip';
import { applyTranslation, collectParagraphs, type Dialect, type Paragraph, paragraphText } from './paragraphs.ts';
import type { XmlNode } from './xml.ts';

/**
 * Every text part of a docx or pptx, in one batch: the document body, headers, footers, footnotes,
 * endnotes, comments and text boxes (docx); slides, speaker notes (pptx); chart titles and SmartArt
 * text (both). Other parts are copied byte for byte.
 */
export type OfficeKind = 'docx' | 'pptx';

const TEXT_PARTS: Record<OfficeKind, { pattern: RegExp; dialect: Dialect }[]> = {
  docx: [
    { pattern: /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/, dialect: 'word' },
    { pattern: /^word\/(charts\/chart\d*|diagrams\/data\d*)\.xml$/, dialect: 'drawing' },
  ],
  pptx: [{ pattern: /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+|charts\/chart\d*|diagrams\/data\d*)\.xml$/, dialect: 'drawing' }],
};

export interface OfficePart {
  name: string;
  dialect: Dialect;
  tree: XmlNode[];
  paragraphs: Paragraph[];
}

export interface OfficeDocument {
  kind: OfficeKind;
  zip: JSZip;
  parts: OfficePart[];
}

/** Where text lives: a part name for tests and messages. */
export const partLabel = (name: string) => name.replace(/^(word|ppt)\//, '').replace(/\.xml$/, '');

export async function readOffice(bytes: Uint8Array, kind: OfficeKind): Promise<OfficeDocument> {
  // Loaded on the first Office file: a server that never translates one does not hold it.
  const [{ default: JSZipModule }, { parseXml }] = await Promise.all([import('jszip'), import('./xml-codec.ts')]);
  const zip = await JSZipModule.loadAsync(bytes);
  const parts: OfficePart[] = [];
  const names = Object.keys(zip.files).sort(naturalOrder);
  for (const name of names) {
    const rule = TEXT_PARTS[kind].find((r) => r.pattern.test(name));
    if (!rule || zip.files[name]!.dir) continue;
    const tree = parseXml(await zip.files[name]!.async('string'));
    parts.push({ name, dialect: rule.dialect, tree, paragraphs: collectParagraphs(tree, rule.dialect) });
  }
  return { kind, zip, parts };
}

/** The segments to translate, in document order (part by part). */
export const officeSegments = (doc: OfficeDocument): string[] => doc.parts.flatMap((p) => p.paragraphs.map((x) => x.segment));

/** Plain text per part, for checks and word counts. */
export const officeText = (doc: OfficeDocument): Record<string, string[]> =>
  Object.fromEntries(doc.parts.map((p) => [partLabel(p.name), p.paragraphs.map(paragraphText)]));

/** Puts translated segments (same order as officeSegments) back and builds the new package. */
export async function writeOffice(doc: OfficeDocument, translated: string[], language: string): Promise<Buffer> {
  const { buildXml } = await import('./xml-codec.ts');
  let i = 0;
  for (const part of doc.parts) {
    for (const paragraph of part.paragraphs) applyTranslation(paragraph, translated[i++] ?? '', part.dialect, language);
    if (part.paragraphs.length) doc.zip.file(part.name, buildXml(part.tree));
  }
  return doc.zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

function naturalOrder(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
