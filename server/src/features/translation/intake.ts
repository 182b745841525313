import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { TRANSLATION_MAX_UPLOAD_MB, type TranslationFileType } from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';
import { readPdfBlocks } from '../../platform/pdf/in-worker.ts';
import { NO_TEXT_PDF } from '../../platform/pdf/text.ts';
import { countPages, type PageCount } from './documents/pages.ts';
import { checkExtension, cleanFileName, sniffDocument } from './documents/sniff.ts';

export const MAX_UPLOAD_BYTES = TRANSLATION_MAX_UPLOAD_MB * 1024 * 1024;

/** An uploaded document, checked: its temp copy is removed by dispose(), whatever happens next. */
export interface Intake {
  fields: Record<string, string>;
  path: string;
  bytes: Buffer;
  size: number;
  type: TranslationFileType;
  fileName: string;
  count: PageCount;
  dispose(): Promise<void>;
}

/** Reads the multipart form: its fields and exactly one file, streamed to a temp file under the size limit. */
export async function receiveUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; path: string; name: string; size: number; dispose(): Promise<void> }> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data with the document in the field "file".');
  const dir = await mkdtemp(path.join(tmpdir(), 'hangar-translate-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let file: { path: string; name: string; size: number } | null = null;
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 2 } }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (file) {
        part.file.resume();
        throw badRequest('Send one file at a time.');
      }
      const target = path.join(dir, 'upload');
      await pipeline(part.file, createWriteStream(target));
      if ((part.file as { truncated?: boolean }).truncated) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The document is larger than ${TRANSLATION_MAX_UPLOAD_MB} MB: split it or compress its images.`,
        );
      }
      file = { path: target, name: part.filename || 'document', size: (await stat(target)).size };
    }
    if (!file) throw badRequest('Attach the document in the field "file".');
    return { fields, ...file, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** Sniffs, names and counts the document; a scanned pdf or a pptx/docx without text is refused here. */
export async function inspectUpload(upload: Awaited<ReturnType<typeof receiveUpload>>): Promise<Intake> {
  try {
    const handle = await open(upload.path);
    const head = Buffer.alloc(1024);
    try {
      await handle.read(head, 0, 1024, 0);
    } finally {
      await handle.close();
    }
    const type = await sniffDocument(upload.path, head, upload.size);
    const fileName = cleanFileName(upload.name, type);
    checkExtension(fileName, type);
    const bytes = await readFile(upload.path);
    const count = await countPages(upload.path, bytes, type);
    return { fields: upload.fields, path: upload.path, bytes, size: upload.size, type, fileName, count, dispose: upload.dispose };
  } catch (err) {
    await upload.dispose();
    throw err;
  }
}

/** A pdf whose pages hold no text (scanned) cannot be translated: said before any credit is held. */
export async function requirePdfText(intake: Intake): Promise<void> {
  if (intake.type !== 'pdf') return;
  const blocks = await readPdfBlocks(intake.bytes);
  if (!blocks.some((b) => /\p{L}/u.test(b.text))) throw badRequest(NO_TEXT_PDF);
}
