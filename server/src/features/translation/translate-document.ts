import type { TranslationFileType } from '@hangar/contract';
import { readOfficeSegments, writeOfficeTranslation } from '../../platform/office/in-worker.ts';
import { splitTranslation } from '../../platform/office/paragraphs.ts';
import { readPdfBlocks, writeTranslatedPdf } from '../../platform/pdf/in-worker.ts';
import type { TranslationEngine } from '../../providers/translate/engine.ts';

// One document through one engine, without the database or the queue (the job in run.ts wraps it;
// the benchmark measures it alone).
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const plain = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Language codes as runs and engines want them. */
const LOCALE: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', ja: 'ja-JP' };

export type Progress = (share: number, step: string) => Promise<void>;

/** Translates one document with one engine: the whole text in one batch, written back in place. */
export async function translateDocument(input: {
  bytes: Buffer;
  type: TranslationFileType;
  fileName: string;
  engine: TranslationEngine;
  source: string | null;
  target: string;
  signal?: AbortSignal;
  progress: Progress;
}): Promise<Buffer> {
  const { engine, type, source, target, signal, progress } = input;
  if (engine.kind === 'document') {
    await progress(0.1, 'Sending the document to the translation service');
    return engine.translateDocument({
      bytes: input.bytes,
      fileName: input.fileName,
      source,
      target,
      signal,
      onProgress: (d) => void progress(0.1 + 0.85 * d, 'The translation service is translating'),
    });
  }
  await progress(0.05, 'Reading the document');
  if (type === 'pdf') {
    const blocks = await readPdfBlocks(input.bytes);
    await progress(0.15, `Translating ${blocks.length} blocks of text`);
    const segments = blocks.map((b) =>
      b.runs.length > 1 ? b.runs.map((r, i) => `<span data-r="${i}">${escapeHtml(r.text)}</span>`).join('') : escapeHtml(b.text),
    );
    const out = await engine.translate({
      segments,
      source,
      target,
      signal,
      onProgress: (d) => void progress(0.15 + 0.7 * d, 'Translating'),
    });
    await progress(0.9, 'Writing the translated pdf');
    return writeTranslatedPdf(
      input.bytes,
      blocks,
      out.map((fragment, i) => (blocks[i]!.runs.length > 1 ? splitTranslation(fragment, blocks[i]!.runs.length) : plain(fragment))),
      target,
    );
  }
  // Read and written in the office worker: only the parts the document uses, within its limits.
  const segments = await readOfficeSegments(input.bytes, type);
  await progress(0.15, `Translating ${segments.length} paragraphs`);
  const out = await engine.translate({ segments, source, target, signal, onProgress: (d) => void progress(0.15 + 0.7 * d, 'Translating') });
  await progress(0.9, `Writing the translated ${type}`);
  return writeOfficeTranslation(input.bytes, type, out, LOCALE[target] ?? target);
}
