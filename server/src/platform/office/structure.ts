/**
 * What makes a zip a Word or PowerPoint document, and how much of one the portal reads: shared by
 * the translator's sniff (which reads only the zip directory, in the API thread) and the office
 * reader (package.ts, in the office worker), so both refuse the same files.
 */
export type OfficeKind = 'docx' | 'pptx';

/** Office files reach a few hundred entries (a 300-slide deck about 2,000); far beyond that is a zip bomb. */
export const OFFICE_MAX_ENTRIES = 5_000;

/**
 * Real inflated bytes the reader may inflate from one document, all parts together (the parts it
 * reads: content types, relationships, the main part and the text parts it reaches; images are
 * never inflated). A 300-page docx holds about 10 MB of XML.
 */
export const OFFICE_MAX_XML_BYTES = 40 * 1024 * 1024;

export const CONTENT_TYPES = '[Content_Types].xml';
export const MAIN_PART: Record<OfficeKind, string> = { docx: 'word/document.xml', pptx: 'ppt/presentation.xml' };

export type OfficeStructure = { ok: true; kind: OfficeKind } | { ok: false; reason: 'no_content_types' | 'no_main_part' };

/**
 * The kind of office document a zip's entry names make: every OOXML package has
 * `[Content_Types].xml`, and a docx has word/document.xml, a pptx ppt/presentation.xml (part names
 * compare without case, as OPC says).
 */
export function officeStructure(names: Iterable<string>): OfficeStructure {
  const lower = new Set([...names].map((n) => n.toLowerCase()));
  if (!lower.has(CONTENT_TYPES.toLowerCase())) return { ok: false, reason: 'no_content_types' };
  if (lower.has(MAIN_PART.docx)) return { ok: true, kind: 'docx' };
  if (lower.has(MAIN_PART.pptx)) return { ok: true, kind: 'pptx' };
  return { ok: false, reason: 'no_main_part' };
}

const APP: Record<OfficeKind, string> = { docx: 'Word', pptx: 'PowerPoint' };

/** The message for a zip that is not the office document its name says, telling the person what to do. */
export function notOfficeMessage(kind: OfficeKind, found: OfficeStructure): string {
  const resave = `Open it in ${APP[kind]} or LibreOffice, save it as .${kind} and upload the saved copy.`;
  if (found.ok) return `This file is named .${kind} but holds a ${APP[found.kind]} document: rename it .${found.kind} and upload it again.`;
  if (found.reason === 'no_content_types') {
    return `This file is a zip archive, not a ${APP[kind]} document: it has no [Content_Types].xml part. ${resave}`;
  }
  return `This file is not a ${APP[kind]} document: it has no ${MAIN_PART[kind]} part. ${resave}`;
}
