import type { TranslationFileType } from '@hangar/contract';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { OFFICE_MAX_ENTRIES, officeStructure } from '../../../platform/office/structure.ts';
import { readZipDirectory } from '../../../platform/zip-directory.ts';

/**
 * Office files reach a few hundred entries (the office reader's own cap, structure.ts) and expand a
 * few times; far beyond that is a zip bomb. The reader counts real inflated bytes again, later.
 */
const MAX_EXPANDED_BYTES = 512 * 1024 * 1024;
const MAX_RATIO = 200;

const unsupported = (what: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `${what} Only pdf, pptx and docx documents can be translated.`);

/**
 * The document's real type from its bytes (not its name): a pdf header, or a zip whose directory
 * holds an OOXML package ([Content_Types].xml) with a Word or PowerPoint main part. A zip bomb is
 * refused from its directory, before inflating.
 */
export async function sniffDocument(path: string, head: Buffer, size: number): Promise<TranslationFileType> {
  if (size === 0) throw badRequest('The file is empty (0 bytes). Choose the document again.');
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (head[0] === 0x4d && head[1] === 0x5a) throw unsupported('This file is a program, not a document.');
  if (head.readUInt32LE(0) !== 0x04034b50) throw unsupported('This file is not a pdf, pptx or docx document.');
  const dir = await readZipDirectory(path, OFFICE_MAX_ENTRIES);
  if (!dir.ok) {
    throw dir.reason === 'too_many_entries'
      ? badRequest('This file holds too many parts to be an office document (a zip bomb?): it was refused.')
      : badRequest('This document is damaged: its zip structure cannot be read.');
  }
  if (dir.totalUncompressed > MAX_EXPANDED_BYTES || dir.totalUncompressed > Math.max(size, 1) * MAX_RATIO) {
    throw badRequest('This file expands far beyond any office document (a zip bomb?): it was refused.');
  }
  const structure = officeStructure(dir.entries.map((e) => e.name));
  if (structure.ok) return structure.kind;
  throw unsupported(
    structure.reason === 'no_content_types'
      ? 'This file is a zip archive, not a Word or PowerPoint document: it has no [Content_Types].xml part. Open it in Word, PowerPoint or LibreOffice, save it as .docx or .pptx and upload the saved copy.'
      : 'This zip file is not a Word or PowerPoint document.',
  );
}

/** The spec's name rule: dots other than the extension's become dashes; the extension is lowercased. */
export function cleanFileName(name: string, type: TranslationFileType): string {
  const base =
    name
      .replace(/[/\\\0]/g, '_')
      .replace(/[\r\n"]/g, '')
      .trim() || `document.${type}`;
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/\./g, '-').slice(0, 180) || 'document';
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : type;
  return `${stem}.${ext}`;
}

export function checkExtension(fileName: string, type: TranslationFileType): void {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (ext !== type) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `This file's content is a ${type} document but its name ends in .${ext}: rename it and try again.`,
    );
  }
}
