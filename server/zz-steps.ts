import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { readPdfBlocks, writeTranslatedPdf, closePdfWorkers } from './src/platform/pdf/in-worker.ts';
import { createApertiumEngine } from './src/providers/translate/apertium.ts';
import { translateDocument } from './src/features/translation/translate-document.ts';
import type {} from './src/platform/access.ts';
const base = readFileSync('/tmp/pdfp/review.pdf');
const engine = createApertiumEngine();
const small = readFileSync('test/fixtures/translation/pages.pdf');
await translateDocument({ bytes: small, type: 'pdf', fileName: 'x.pdf', engine, source: 'en', target: 'es', progress: async () => {} });
for (let i = 0; i < 4; i++) {
  const bytes = Buffer.concat([base, Buffer.from(`\n%${i}\n`)]);
  let t = performance.now();
  const blocks = await readPdfBlocks(bytes);
  const read = performance.now() - t;
  const text = blocks.map((b) => b.text).join('\n\n');
  writeFileSync('/tmp/pdfp/t.txt', text);
  t = performance.now();
  spawnSync('apertium', ['-u', 'eng-spa', '/tmp/pdfp/t.txt', '/tmp/pdfp/t.es.txt']);
  const alone = performance.now() - t;
  t = performance.now();
  await translateDocument({ bytes, type: 'pdf', fileName: 'x.pdf', engine, source: 'en', target: 'es', progress: async () => {} });
  const portalCached = performance.now() - t;
  console.log({ read: Math.round(read), alone: Math.round(alone), portalAfterRead: Math.round(portalCached), ratio: ((read + portalCached) / alone).toFixed(2) });
}
await closePdfWorkers();
