import { fork } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { AppError, badRequest } from '../errors.ts';
import { forEachPdfPage } from '../pdf/text.ts';
import { sandboxed } from '../sandbox.ts';
import { ocrPdfPages } from './ocr.ts';
import type { PdfChildMessage } from './pdf-child.ts';
import { superviseChild } from './tools.ts';
import { type Extracted, type ExtractOptions, hasLetters, type Section } from './types.ts';

/** Heap of the pdf reader's process; its pdf bytes are outside this (pdfjs keeps at most the file once). */
const CHILD_HEAP_MB = 256;
/**
 * From this size a pdf is read in its own process. Below it, reading in the server costs a few
 * times the file (tens of MB) and saves the child's start (Node and pdfjs loaded: about 0.3 s on a
 * quiet machine, seconds on a loaded one), which would dominate a small file's "ready to ask".
 */
export const PDF_CHILD_FROM_BYTES = 16 * 1024 * 1024;
const CHILD = new URL('./pdf-child.ts', import.meta.url);

/**
 * Reads a pdf's text layer page by page (pdfjs, through platform/pdf); a large one in a child
 * process, so a 100 MB pdf costs that process its bytes, never the server; killed at the time
 * limit, heap capped.
 */
async function readPdfPages(
  file: string,
  opts: ExtractOptions,
  onPage: (page: number, total: number, blocks: { fontSize: number; lines: string[] }[]) => void,
): Promise<{ pages: number; peakRssMb: number | null }> {
  if ((await stat(file)).size < (opts.pdfInChildFromBytes ?? PDF_CHILD_FROM_BYTES)) {
    const deadline = Date.now() + opts.timeoutMs;
    const pages = await forEachPdfPage({ data: await readFile(file) }, (page, total, blocks) => {
      opts.signal?.throwIfAborted();
      if (Date.now() > deadline) throw new AppError('UNAVAILABLE', 'Reading this file took too long: send a shorter or smaller file.');
      onPage(page, total, blocks);
    });
    return { pages, peakRssMb: null };
  }
  return readPdfPagesInChild(file, opts, onPage);
}

function readPdfPagesInChild(
  file: string,
  opts: ExtractOptions,
  onPage: (page: number, total: number, blocks: { fontSize: number; lines: string[] }[]) => void,
): Promise<{ pages: number; peakRssMb: number | null }> {
  return new Promise((resolve, reject) => {
    // Sandboxed like every reader of a user's file (platform/sandbox.ts: no network, none of the
    // server's environment); no address-space cap, V8 reserves far more than it uses: the heap flag caps it.
    const box = sandboxed(process.execPath, [`--max-old-space-size=${CHILD_HEAP_MB}`], { memoryMb: null });
    const child = fork(CHILD, [file], {
      execPath: box.command,
      execArgv: box.args,
      env: box.env,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let outcome: { pages: number; peakRssMb: number | null } | Error | null = null;
    let stderr = '';
    const { stop, release } = superviseChild(child, opts, (err) => {
      outcome ??= err;
    });
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 8192) stderr += d.toString();
    });
    child.on('message', (m: PdfChildMessage) => {
      if (outcome) return;
      if (m.type === 'page') {
        try {
          onPage(m.page, m.total, m.blocks);
        } catch (err) {
          stop(err as Error);
        }
      } else if (m.type === 'done') outcome = { pages: m.pages, peakRssMb: m.peakRssMb };
      else outcome = m.code ? new AppError(m.code, m.message) : new Error(`pdf reader failed: ${m.message}`);
    });
    child.on('error', (err) => stop(err));
    child.on('exit', (code, signal) => {
      release();
      box.cleanup();
      if (outcome instanceof Error) return reject(outcome);
      if (outcome) return resolve(outcome);
      // Killed by the kernel or out of heap: a pdf too heavy to read, not a server fault.
      reject(
        new AppError('PAYLOAD_TOO_LARGE', `This pdf is too heavy to read (${signal ?? `exit ${code}`}): split it and send the parts.`),
      );
      if (stderr) console.error(stderr.slice(-2000));
    });
  });
}

/**
 * Text of a pdf by page (a large pdf read in a child process); pages without a text layer go
 * through OCR. An encrypted or damaged pdf is a 400.
 */
export async function extractPdf(file: string, opts: ExtractOptions): Promise<Extracted> {
  // Text only is kept (a few MB for a thousand pages); headings need the whole document's body size.
  const blocks: { page: number; fontSize: number; text: string }[] = [];
  const { pages, peakRssMb } = await readPdfPages(file, opts, (page, total, pageBlocks) => {
    for (const b of pageBlocks) {
      const text = b.lines.join('\n').trim();
      if (hasLetters(text)) blocks.push({ page, fontSize: b.fontSize, text });
    }
    opts.onProgress?.(page, total, 'Reading pages');
  });
  const sections: Section[] = [];
  const withText = new Set<number>();
  const bodySize = median(blocks.map((b) => b.fontSize));
  let heading: string | null = null;
  for (const block of blocks) {
    withText.add(block.page);
    // A short block in a larger font than the body is a heading: it labels what follows.
    if (block.fontSize > bodySize * 1.15 && block.text.length < 120) heading = block.text.replace(/\s+/g, ' ');
    sections.push({ page: block.page, heading, text: block.text });
  }
  const scanned: number[] = [];
  for (let p = 1; p <= pages; p++) if (!withText.has(p)) scanned.push(p);
  let method = 'text layer';
  if (scanned.length) {
    const ocr = await ocrPdfPages(file, scanned, opts);
    for (const [page, text] of ocr) {
      for (const paragraph of text.split(/\n\s*\n/)) {
        if (hasLetters(paragraph)) sections.push({ page, heading: null, text: paragraph.trim() });
      }
    }
    method = withText.size ? 'text layer and OCR' : 'OCR';
    sections.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
  }
  if (!sections.length) throw badRequest('No text could be read from this pdf, not even by OCR.');
  return { sections, pages, method, readerPeakMb: peakRssMb ?? undefined };
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
