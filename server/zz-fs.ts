import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { pageFontSequence } from './src/platform/pdf/font-styles.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
const bytes = readFileSync('/tmp/pdfp/review.pdf');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let i = 0; i < 6; i++) {
  let c = cpu();
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const load = cpu() - c; c = cpu();
  let n = 0; for (let p = 0; p < doc.getPageCount(); p++) n += pageFontSequence(doc, p).length;
  const seq = cpu() - c; c = cpu();
  const d = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  let items = 0;
  for (let p = 1; p <= d.numPages; p++) { const pg = await d.getPage(p); const tc = await pg.getTextContent({ disableNormalization: true }); items += tc.items.length; pg.cleanup(); }
  await d.destroy();
  const pdfjs = cpu() - c;
  console.log({ load: load.toFixed(0), seq: seq.toFixed(0), n, pdfjs: pdfjs.toFixed(0), items });
}
