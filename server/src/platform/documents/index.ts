import { readFile } from 'node:fs/promises';
import type { MultidocsFileKind } from '@hangar/contract';
import { badRequest } from '../errors.ts';
import { ocrImage } from './ocr.ts';
import { extractOffice } from './office.ts';
import { extractPdf } from './pdf.ts';
import { extractMedia, type SpeechConfig } from './speech.ts';
import { type Extracted, type ExtractOptions, hasLetters } from './types.ts';

export { extractMedia, mediaDuration, NO_SPEECH, type SpeechConfig, toMp3, toSpeechWav, transcribe } from './speech.ts';
export { runTool } from './tools.ts';
export type { Extracted, ExtractOptions, Section } from './types.ts';

/**
 * The one extraction library (ARCHITECTURE 8): text with its pages from any file a user gives a
 * feature. Slow engines run as child processes with the caller's time limit.
 */
export async function extractFile(
  file: string,
  kind: MultidocsFileKind,
  opts: ExtractOptions & { speech: SpeechConfig; maxMediaSeconds: number },
): Promise<Extracted & { offline?: boolean }> {
  switch (kind) {
    case 'pdf':
      return extractPdf(file, opts);
    case 'docx':
    case 'pptx':
      return extractOffice(await readFile(file), kind);
    case 'image': {
      const text = await ocrImage(file, opts).catch(() => {
        throw badRequest('This image is damaged or in a format that cannot be read.');
      });
      if (!hasLetters(text)) throw badRequest('No text could be read in this image.');
      return { sections: [{ page: 1, heading: null, text }], pages: 1, method: 'OCR' };
    }
    case 'audio':
    case 'video':
      return extractMedia(file, opts.speech, opts.maxMediaSeconds, opts);
  }
}
