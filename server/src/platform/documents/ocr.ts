import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from './tools.ts';
import type { ExtractOptions } from './types.ts';

/** Tesseract's languages: the portal's document languages (English, French, Spanish, Portuguese). */
export const OCR_LANGUAGES = 'eng+fra+spa+por';
/** A scanned pdf longer than this is read up to here; the rest would take minutes. */
export const OCR_MAX_PAGES = 30;

/** Text of an image (png, jpeg, webp, tiff) through Tesseract. */
export async function ocrImage(file: string, opts: ExtractOptions): Promise<string> {
  const { stdout } = await runTool('tesseract', [file, 'stdout', '-l', OCR_LANGUAGES, '--psm', '3'], {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
  });
  return stdout.replace(/\f/g, '').trim();
}

/** Renders the given pdf pages to grey images (pdftoppm) and reads each through OCR. */
export async function ocrPdfPages(pdfFile: string, pages: number[], opts: ExtractOptions): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  const deadline = Date.now() + opts.timeoutMs;
  const todo = pages.slice(0, OCR_MAX_PAGES);
  for (const [i, page] of todo.entries()) {
    opts.onProgress?.(i, todo.length, 'Reading scanned pages (OCR)');
    const left = deadline - Date.now();
    if (left <= 0) break;
    const prefix = path.join(opts.workDir, `ocr-${page}`);
    await runTool('pdftoppm', ['-r', '200', '-gray', '-png', '-f', String(page), '-l', String(page), pdfFile, prefix], {
      timeoutMs: left,
      signal: opts.signal,
    });
    const image = (await readdir(opts.workDir)).find((f) => f.startsWith(`ocr-${page}-`) && f.endsWith('.png'));
    if (!image) continue;
    texts.set(page, await ocrImage(path.join(opts.workDir, image), { ...opts, timeoutMs: Math.max(1000, deadline - Date.now()) }));
  }
  return texts;
}
