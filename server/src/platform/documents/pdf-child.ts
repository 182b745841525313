// The pdf text reader's own process (forked by pdf.ts): pdfjs holds a large pdf's bytes while it
// reads, so that memory, and any parser blow-up, stay out of the server. Sends one message per page.
import { readFileSync } from 'node:fs';
import type { ErrorCode } from '@hangar/contract';
import { AppError } from '../errors.ts';
import { forEachPdfPage, type PdfBlock } from '../pdf/text.ts';

export type PdfChildMessage =
  | { type: 'page'; page: number; total: number; blocks: Pick<PdfBlock, 'fontSize' | 'lines'>[] }
  | { type: 'done'; pages: number; peakRssMb: number | null }
  | { type: 'error'; code: ErrorCode | null; message: string };

const send = (m: PdfChildMessage) =>
  new Promise<void>((resolve, reject) => process.send!(m, undefined, undefined, (err) => (err ? reject(err) : resolve())));

/** This process's peak resident memory (Linux), reported for the logs and the memory benchmark. */
function peakRssMb(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const file = process.argv[2];
try {
  if (!file || !process.send) throw new Error('pdf-child.ts is forked by pdf.ts with the pdf path');
  const pages = await forEachPdfPage({ file }, (page, total, blocks) =>
    send({ type: 'page', page, total, blocks: blocks.map((b) => ({ fontSize: b.fontSize, lines: b.lines })) }),
  );
  await send({ type: 'done', pages, peakRssMb: peakRssMb() });
} catch (err) {
  await send({
    type: 'error',
    code: err instanceof AppError ? err.code : null,
    message: err instanceof Error ? err.message : String(err),
  }).catch(() => {});
}
process.disconnect?.();
