import { readFileSync } from 'node:fs';
import { extractPdfBlocks } from './src/platform/pdf/text.ts';
const bytes = readFileSync('/tmp/pdfp/review.pdf');
for (let i = 0; i < 8; i++) {
  const c = process.cpuUsage(); const t = performance.now();
  const b = await extractPdfBlocks(bytes);
  const u = process.cpuUsage(c);
  console.log(i, b.length, Math.round(performance.now() - t), 'ms wall', Math.round((u.user + u.system) / 1000), 'ms cpu');
}
