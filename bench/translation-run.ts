// One measured translation in its own process (so its peak memory is its own): prints JSON.
// `warm` first translates another, small pdf (as a server that handled one in the last minute:
// the pdf worker and its modules are loaded); `cold` measures the first document after start.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { countPages } from '../server/src/features/translation/documents/pages.ts';
import { sniffDocument } from '../server/src/features/translation/documents/sniff.ts';
import { translateDocument } from '../server/src/features/translation/translate-document.ts';
// The request type's user field (declared by the access module) for the server modules imported here.
import type {} from '../server/src/platform/access.ts';
import { officeText, readOffice } from '../server/src/platform/office/package.ts';
import { closePdfWorkers, readPdfBlocks } from '../server/src/platform/pdf/in-worker.ts';
import { createApertiumEngine } from '../server/src/providers/translate/apertium.ts';

/**
 * CPU time in ms of this process (all its threads) and of its waited-for children (Apertium's
 * pipeline rolls up into its shell): steadier than wall time when other work shares the machine.
 */
function cpuMs(): { own: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const tick = 1000 / 100; // USER_HZ
  const { user, system } = process.cpuUsage();
  return { own: (user + system) / 1000, children: (Number(fields[13]) + Number(fields[14])) * tick };
}

const [file, type, mode = 'cold'] = process.argv.slice(2) as [string, 'docx' | 'pdf', 'cold' | 'warm'];
const bytes = await readFile(file);
const engine = createApertiumEngine();

/** What the estimate and the request each do before anything is held: sniff, count, the pdf's text check. */
async function intake(doc: Buffer, name: string) {
  await sniffDocument(name, doc.subarray(0, 1024), doc.length);
  await countPages(name, doc, type);
  if (type === 'pdf') await readPdfBlocks(doc);
}

/** The translation request and its job, in the process that made the estimate (it remembers the pdf's blocks). */
async function requestPath(doc: Buffer, name: string) {
  await intake(doc, name);
  return translateDocument({
    bytes: doc,
    type,
    fileName: path.basename(name),
    engine,
    source: 'en',
    target: 'es',
    progress: async () => {},
  });
}

if (mode === 'warm' && type === 'pdf') {
  const small = path.resolve(import.meta.dirname, '../server/test/fixtures/translation/pages.pdf');
  const doc = await readFile(small);
  await intake(doc, small);
  await requestPath(doc, small);
}

// Peak resident memory of the whole process (worker threads included) while the document is
// handled, sampled; module loading, with Node's type stripping, has its own peak (loadMaxRssMb).
const loadMaxRssMb = process.resourceUsage().maxRSS / 1024;
const baseRss = process.memoryUsage().rss;
let peak = baseRss;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const sampler = setInterval(sample, 5);

let t = performance.now();
const count = await countPages(file, bytes, type);
const countMs = performance.now() - t;

// The estimate (the screen shows pages and cost before the user presses Translate), then the request.
const cpuBefore = cpuMs();
t = performance.now();
await intake(bytes, file);
const estimateMs = performance.now() - t;
t = performance.now();
const out = await requestPath(bytes, file);
const portalMs = performance.now() - t;
const cpuAfter = cpuMs();
const portalCpuMs = cpuAfter.own - cpuBefore.own + cpuAfter.children - cpuBefore.children;
await writeFile(`${file}.es.${type}`, out);

sample();
clearInterval(sampler);

// Apertium alone on the same text, one plain-text call.
const text =
  type === 'pdf'
    ? (await readPdfBlocks(bytes)).map((b) => b.text).join('\n\n')
    : Object.values(officeText(await readOffice(bytes, 'docx')))
        .flat()
        .join('\n\n');
await writeFile(`${file}.txt`, text);
t = performance.now();
const aloneBefore = cpuMs().children;
const r = spawnSync('apertium', ['-u', 'eng-spa', `${file}.txt`, `${file}.es.txt`]);
const apertiumMs = performance.now() - t;
const apertiumCpuMs = cpuMs().children - aloneBefore;
if (r.status !== 0) throw new Error(`apertium failed: ${r.stderr}`);
await closePdfWorkers();

console.log(
  JSON.stringify({
    pages: count.pages,
    estimated: count.estimated,
    words: text.split(/\s+/).length,
    countMs,
    estimateMs,
    portalMs,
    apertiumMs,
    portalCpuMs,
    apertiumCpuMs,
    maxRssMb: peak / 1024 / 1024,
    addedRssMb: (peak - baseRss) / 1024 / 1024,
    loadMaxRssMb,
  }),
);
