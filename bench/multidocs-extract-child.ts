// Run by bench/multidocs.ts in its own process: extracts one pdf and prints the process's peak
// resident memory (VmHWM), so the bench's own heap is not counted. Modes: "portal" is the
// portal's extraction (the reader in its own child process); "whole" is the former in-process
// read (the whole file in memory, pdf-lib's page count, then pdfjs), the baseline.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extractFile } from '../server/src/platform/documents/index.ts';
import { extractPdfBlocks, pdfPageCount } from '../server/src/platform/pdf/text.ts';

const [mode, file, workDir] = process.argv.slice(2) as ['portal' | 'whole', string, string];
const start = performance.now();
let pages: number;
let readerPeakMb: number | undefined;
if (mode === 'whole') {
  const bytes = await readFile(file);
  pages = await pdfPageCount(bytes);
  await extractPdfBlocks(bytes);
} else {
  const out = await extractFile(file, 'pdf', { workDir, timeoutMs: 600_000, speech: { STT_MODEL: 'whisper-1' }, maxMediaSeconds: 60 });
  pages = out.pages;
  readerPeakMb = out.readerPeakMb;
}
const ms = performance.now() - start;
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
console.log(JSON.stringify({ peakMb: peakKb / 1024, readerPeakMb, ms, pages }));
