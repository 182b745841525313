import { workerTask } from '../worker-task.ts';
import type { OfficeKind } from './structure.ts';
import type { OfficeContent } from './tasks.ts';

/**
 * The office reader and writer (package.ts), run in a worker thread for the translator and Multi
 * Docs alike: an untrusted docx or pptx is inflated and parsed there, under a heap cap and a time
 * limit, so the API's event loop stays free and a hostile package costs the worker, not the server
 * (ARCHITECTURE.md: parsers of untrusted files run in a worker with memory and time caps). The part
 * count and inflated-size limits are enforced inside, while inflating (structure.ts).
 * Bytes are copied to the worker, not transferred: callers keep theirs for the next step.
 */
const officeWorker = workerTask<typeof import('./tasks.ts')>(new URL('./tasks.ts', import.meta.url), {
  // Parsed XML takes about ten times its size: a 300-page docx (10 MB of XML) fits; a package near
  // the 40 MB budget may not, and is then refused with worker-task's "needs more memory" message.
  heapMb: 512,
  timeoutMs: 120_000,
  idleMs: 60_000,
  describe: 'Reading this document',
});

export type { OfficeContent } from './tasks.ts';

/** Text per part, with slide numbers, and the counts a charge or an estimate needs. */
export function readOfficeContent(bytes: Uint8Array, kind: OfficeKind): Promise<OfficeContent> {
  return officeWorker.run('readOfficeContent', [bytes, kind]);
}

/** Slides listed and words a translation sends. */
export function countOffice(bytes: Uint8Array, kind: OfficeKind): Promise<{ slides: number; words: number }> {
  return officeWorker.run('countOffice', [bytes, kind]);
}

/** The segments to translate, in document order. */
export function readOfficeSegments(bytes: Uint8Array, kind: OfficeKind): Promise<string[]> {
  return officeWorker.run('readOfficeSegments', [bytes, kind]);
}

/** The package with translated segments (same order as readOfficeSegments) written back. */
export async function writeOfficeTranslation(bytes: Uint8Array, kind: OfficeKind, translated: string[], language: string): Promise<Buffer> {
  const out = await officeWorker.run('writeOfficeTranslation', [bytes, kind, translated, language]);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** Stops the office workers now (tests and shutdown; idle ones stop by themselves). */
export const closeOfficeWorkers = () => officeWorker.close();
