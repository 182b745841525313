import type JSZip from 'jszip';
import { AppError, badRequest } from '../errors.ts';
import { inflateZipEntry, readZipDirectoryOf, type ZipEntry, ZipEntryError } from '../zip-directory.ts';
import { applyTranslation, collectParagraphs, type Dialect, type Paragraph, paragraphText } from './paragraphs.ts';
import { MAIN_PART, notOfficeMessage, OFFICE_MAX_ENTRIES, OFFICE_MAX_XML_BYTES, type OfficeKind, officeStructure } from './structure.ts';
import { attr, childrenOf, elementsNamed, prefixedAttr, tagOf, type XmlNode } from './xml.ts';

/**
 * The office reader of the whole portal (the translator and Multi Docs; run in the office worker,
 * see in-worker.ts). It reads the text parts a docx or pptx really uses, found through the package's
 * relationships from its main part, never by file name: a part nothing points to is not shown by
 * Word or PowerPoint, so it is neither read, translated nor charged.
 * - docx: word/document.xml, the headers, footers, footnotes, endnotes and comments it points to,
 *   and the charts and SmartArt data any of these point to;
 * - pptx: the slides presentation.xml lists (its sldIdLst, in that order), each with its speaker
 *   notes, charts and SmartArt data.
 * Nothing is inflated before the zip directory passes (entry count), and every part is inflated
 * within one budget of real bytes (see zip-directory.ts inflateZipEntry). Other parts are copied
 * byte for byte when writing.
 */
export type { OfficeKind } from './structure.ts';

/** Relationship types followed from a part already read (the last segment of the type URI), with the dialect of their target. */
const FOLLOW: Record<OfficeKind, Record<string, Dialect>> = {
  docx: {
    header: 'word',
    footer: 'word',
    footnotes: 'word',
    endnotes: 'word',
    comments: 'word',
    chart: 'drawing',
    diagramData: 'drawing',
  },
  pptx: { notesSlide: 'drawing', chart: 'drawing', diagramData: 'drawing' },
};

export interface OfficePart {
  name: string;
  dialect: Dialect;
  /** The slide this part belongs to (the slide, its notes, its charts), 1-based in the deck's order; null in a docx. */
  page: number | null;
  tree: XmlNode[];
  paragraphs: Paragraph[];
}

export interface OfficeDocument {
  kind: OfficeKind;
  /** The package as JSZip loaded it (nothing inflated): writeOffice replaces the translated parts in it. */
  zip: JSZip;
  parts: OfficePart[];
  /** The slides the deck lists and holds (0 for a docx). */
  slides: number;
  /** docx read with `headings`: its paragraph styles (styles.xml), to tell headings (headingLevel). */
  styles?: WordStyles;
}

/** A docx's paragraph styles by id: display name, outline level (0-based) and the style it is based on. */
export type WordStyles = Map<string, WordStyle>;
interface WordStyle {
  name: string;
  outlineLevel: number | null;
  basedOn: string | null;
}

/** Where text lives: a part name for tests and messages. */
export const partLabel = (name: string) => name.replace(/^(word|ppt)\//, '').replace(/\.xml$/, '');

type Parse = (text: string) => XmlNode[];
type Found = Pick<OfficePart, 'name' | 'dialect' | 'page'>;

/**
 * `headings` (docx): also reads the styles part the document points to, within the same budget, so
 * headingLevel can tell headings by their style (Multi Docs cites a docx passage by its section).
 */
export async function readOffice(bytes: Uint8Array, kind: OfficeKind, opts: { headings?: boolean } = {}): Promise<OfficeDocument> {
  // Loaded on the first Office file: a server that never translates one does not hold them.
  const [{ default: JSZipModule }, { parseXml }] = await Promise.all([import('jszip'), import('./xml-codec.ts')]);
  const pkg = await openPackage(bytes, kind);
  try {
    const { found, slides } = kind === 'docx' ? docxParts(pkg, parseXml) : pptxParts(pkg, parseXml);
    const parts = found.map((part): OfficePart => {
      const tree = parseXml(pkg.text(part.name) ?? '');
      return { ...part, tree, paragraphs: collectParagraphs(tree, part.dialect) };
    });
    const styles = kind === 'docx' && opts.headings ? docxStyles(pkg, parseXml) : undefined;
    const zip = await JSZipModule.loadAsync(bytes);
    return { kind, zip, parts, slides, ...(styles ? { styles } : {}) };
  } catch (err) {
    throw err instanceof AppError ? err : badRequest(`This ${kind} is damaged and cannot be read.`);
  }
}

/** The segments to translate, in document order (part by part). */
export const officeSegments = (doc: OfficeDocument): string[] => doc.parts.flatMap((p) => p.paragraphs.map((x) => x.segment));

/** Plain text per part, for checks and word counts. */
export const officeText = (doc: OfficeDocument): Record<string, string[]> =>
  Object.fromEntries(doc.parts.map((p) => [partLabel(p.name), p.paragraphs.map(paragraphText)]));

/**
 * Characters (spaces aside) that count as one word, so text without spaces (Japanese, one endless
 * token) is not free: longer than words in English, French, Spanish, Portuguese or German (5 to 7
 * characters with punctuation), so it adds nothing to their count.
 */
const CHARS_PER_WORD = 8;

/**
 * The words a translation of this document sends to the engine (exactly the segments' text): what
 * it is charged by beside its layout. The larger of the words between spaces and the characters / 8.
 */
export function translatedWords(doc: OfficeDocument): number {
  let words = 0;
  let chars = 0;
  for (const part of doc.parts) {
    for (const paragraph of part.paragraphs) {
      const text = paragraphText(paragraph);
      words += text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
      chars += text.replace(/\s+/g, '').length;
    }
  }
  return Math.max(words, Math.ceil(chars / CHARS_PER_WORD));
}

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

interface Package {
  /** The stored name of a part (names compare without case); null when the package has none. */
  find(name: string): string | null;
  /** A part's text, inflated within the document's budget; null when the package has no such part. */
  text(name: string): string | null;
}

const APP: Record<OfficeKind, string> = { docx: 'Word', pptx: 'PowerPoint' };

async function openPackage(bytes: Uint8Array, kind: OfficeKind): Promise<Package> {
  const dir = await readZipDirectoryOf(bytes, OFFICE_MAX_ENTRIES);
  if (!dir.ok) {
    throw badRequest(
      dir.reason === 'too_many_entries'
        ? `This file holds more than ${OFFICE_MAX_ENTRIES.toLocaleString('en')} parts, far more than any ${kind} (a zip bomb?): it was refused.`
        : `This file is damaged or is not a ${kind}: it cannot be read.`,
    );
  }
  const entries = new Map<string, ZipEntry>();
  for (const entry of dir.entries) {
    if (entry.name.endsWith('/')) continue;
    const key = entry.name.toLowerCase();
    if (entries.has(key)) throw badRequest(`This ${kind} is damaged: it holds the part ${entry.name} twice.`);
    entries.set(key, entry);
  }
  const structure = officeStructure(entries.keys());
  if (!structure.ok || structure.kind !== kind) throw badRequest(notOfficeMessage(kind, structure));
  let budget = OFFICE_MAX_XML_BYTES;
  return {
    find: (name) => entries.get(name.toLowerCase())?.name ?? null,
    text(name) {
      const entry = entries.get(name.toLowerCase());
      if (!entry) return null;
      try {
        const data = inflateZipEntry(bytes, entry, budget);
        budget -= data.length;
        return data.toString('utf8');
      } catch (err) {
        if (!(err instanceof ZipEntryError)) throw err;
        if (err.reason === 'too_large') {
          throw badRequest(
            `This file unpacks to far more than its size (over ${OFFICE_MAX_XML_BYTES / 1024 / 1024} MB of document text): it is refused. Split it into smaller documents.`,
          );
        }
        if (err.reason === 'size_mismatch') {
          throw badRequest(
            `This ${kind} is refused: its parts unpack to more data than they declare, as a zip bomb does. If it is a real document, open it in ${APP[kind]} or LibreOffice, save it again and upload the saved copy.`,
          );
        }
        throw badRequest(`This ${kind} is damaged and cannot be read.`);
      }
    },
  };
}

/** A part's relationships by id, to parts the package holds (external targets left out). */
function relationships(pkg: Package, parse: Parse, source: string): Map<string, { type: string; target: string }> {
  const slash = source.lastIndexOf('/');
  const xml = pkg.text(`${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`);
  const out = new Map<string, { type: string; target: string }>();
  if (xml === null) return out;
  for (const rel of elementsNamed(parse(xml), 'Relationship')) {
    const [id, type, target] = [attr(rel, 'Id'), attr(rel, 'Type'), attr(rel, 'Target')];
    if (!id || !type || !target || attr(rel, 'TargetMode') === 'External') continue;
    const resolved = resolveTarget(source, target);
    const stored = resolved === null ? null : pkg.find(resolved);
    if (stored) out.set(id, { type: type.slice(type.lastIndexOf('/') + 1), target: stored });
  }
  return out;
}

/** A relationship's target as a part name: relative to the source part's folder, or absolute from the package root. */
function resolveTarget(source: string, target: string): string | null {
  let path = target.split('#')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments = path.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (!segments.pop()) return null;
  }
  return segments.join('/');
}

/** The parts reached from `start` through the kind's followed relationships, breadth first; `seen` is shared between calls. */
function reachable(pkg: Package, parse: Parse, kind: OfficeKind, start: Found, seen: Set<string>): Found[] {
  const out: Found[] = [];
  const queue = [start];
  seen.add(start.name);
  for (let part = queue.shift(); part; part = queue.shift()) {
    out.push(part);
    for (const rel of relationships(pkg, parse, part.name).values()) {
      const dialect = FOLLOW[kind][rel.type];
      if (!dialect || seen.has(rel.target)) continue;
      seen.add(rel.target);
      queue.push({ name: rel.target, dialect, page: part.page });
    }
  }
  return out;
}

function docxParts(pkg: Package, parse: Parse): { found: Found[]; slides: number } {
  const main = pkg.find(MAIN_PART.docx)!;
  return { found: reachable(pkg, parse, 'docx', { name: main, dialect: 'word', page: null }, new Set()), slides: 0 };
}

function pptxParts(pkg: Package, parse: Parse): { found: Found[]; slides: number } {
  const main = pkg.find(MAIN_PART.pptx)!;
  const rels = relationships(pkg, parse, main);
  const slides = new Set<string>();
  for (const list of elementsNamed(parse(pkg.text(main) ?? ''), 'sldIdLst')) {
    for (const sldId of elementsNamed(childrenOf(list), 'sldId')) {
      const rel = rels.get(prefixedAttr(sldId, 'id') ?? '');
      if (rel?.type === 'slide') slides.add(rel.target);
    }
  }
  const seen = new Set(slides);
  const found = [...slides].flatMap((name, i) => reachable(pkg, parse, 'pptx', { name, dialect: 'drawing', page: i + 1 }, seen));
  return { found, slides: slides.size };
}

/** The paragraph styles of the styles part document.xml points to (none when it has none). */
function docxStyles(pkg: Package, parse: Parse): WordStyles {
  const out: WordStyles = new Map();
  const main = pkg.find(MAIN_PART.docx)!;
  const target = [...relationships(pkg, parse, main).values()].find((r) => r.type === 'styles')?.target;
  const xml = target ? pkg.text(target) : null;
  if (!xml) return out;
  for (const style of elementsNamed(parse(xml), 'style')) {
    const id = attr(style, 'w:styleId');
    if (!id || (attr(style, 'w:type') ?? 'paragraph') !== 'paragraph') continue;
    const children = childrenOf(style);
    const value = (tag: string) => {
      const found = children.find((c) => tagOf(c) === tag);
      return found ? attr(found, 'w:val') : undefined;
    };
    const pPr = children.find((c) => tagOf(c) === 'w:pPr');
    const outline = pPr ? childrenOf(pPr).find((c) => tagOf(c) === 'w:outlineLvl') : undefined;
    const level = outline ? Number(attr(outline, 'w:val')) : Number.NaN;
    out.set(id, { name: value('w:name') ?? '', outlineLevel: Number.isInteger(level) ? level : null, basedOn: value('w:basedOn') ?? null });
  }
  return out;
}

/** Outline level 9 is Word's "body text": below every heading. */
const BODY_LEVEL = 9;
const HEADING_NAME = /^heading\s*([1-9])$/i;

/**
 * A Word paragraph's heading level: 0 for the Title style, 1 to 9 for Heading 1..9 or an outline
 * level (the paragraph's own, else its style's, inherited through basedOn as Word does); null for
 * body text. Style ids are localised (Titre1, Überschrift1), so the style's name and outline level
 * decide when styles.xml was read; the id alone otherwise.
 */
export function headingLevel(paragraph: Paragraph, styles: WordStyles | undefined): number | null {
  const fromOutline = (level: number | null) => (level === null ? undefined : level >= 0 && level < BODY_LEVEL ? level + 1 : null);
  const own = fromOutline(paragraph.outlineLevel);
  if (own !== undefined) return own;
  if (!paragraph.style) return null;
  const byName = (name: string) => {
    if (/^title$/i.test(name.trim())) return 0;
    const m = HEADING_NAME.exec(name.trim());
    return m ? Number(m[1]) : undefined;
  };
  let id: string | null = paragraph.style;
  for (let depth = 0; id && depth < 10; depth++) {
    const style: WordStyle | undefined = styles?.get(id);
    if (!style) return depth === 0 ? (byName(id.replace(/(\D)(\d)$/, '$1 $2')) ?? null) : null;
    const named = byName(style.name);
    if (named !== undefined) return named;
    const outlined = fromOutline(style.outlineLevel);
    if (outlined !== undefined) return outlined;
    id = style.basedOn;
  }
  return null;
}
