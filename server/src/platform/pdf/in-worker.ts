import { createHash } from 'node:crypto';
import { workerTask } from '../worker-task.ts';
import type { BlockTranslation } from './rewrite.ts';
import type { PdfBlock } from './text.ts';

/**
 * The pdf readers and writer, run in a worker thread: pdfjs and pdf-lib parse an untrusted file
 * there under a heap cap and a time limit, the server's event loop stays free while a document is
 * read or written (about a second each for 20 pages when cold), and their memory goes back when the
 * worker has been idle for a minute. The worker stays for that minute so the next step of the same
 * document (estimate, request, job) finds pdfjs already loaded.
 */
const pdfWorker = workerTask<typeof import('./tasks.ts')>(new URL('./tasks.ts', import.meta.url), {
  heapMb: 512,
  timeoutMs: 120_000,
  idleMs: 60_000,
  describe: 'Reading this pdf',
});

/**
 * Blocks of the last few pdfs by content hash: the estimate, the translation request and its job all
 * need them, and reading them is the costly step (the job may run in another process: then it reads again).
 */
const recentBlocks = new Map<string, PdfBlock[]>();
const RECENT_MAX = 16;
const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function countPdfPages(bytes: Uint8Array): Promise<number> {
  return pdfWorker.run('pdfPageCount', [bytes]);
}

export async function readPdfBlocks(bytes: Uint8Array): Promise<PdfBlock[]> {
  const key = hashOf(bytes);
  const known = recentBlocks.get(key);
  if (known) return known;
  const blocks = await pdfWorker.run('extractPdfBlocks', [bytes]);
  recentBlocks.set(key, blocks);
  if (recentBlocks.size > RECENT_MAX) recentBlocks.delete(recentBlocks.keys().next().value!);
  return blocks;
}

export async function writeTranslatedPdf(
  bytes: Uint8Array,
  blocks: PdfBlock[],
  translated: BlockTranslation[],
  target: string,
): Promise<Buffer> {
  const out = await pdfWorker.run('rewritePdf', [bytes, blocks, translated, target]);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** Stops the pdf workers now (tests and shutdown; idle ones stop by themselves). */
export const closePdfWorkers = () => pdfWorker.close();
