// Runs one sheet through the sentiment path in a fresh process, so its peak memory is its own:
// `node bench/sentiment-run.ts <file> <workdir> [baseline]` prints {"seconds":…,"peakMb":…,"rows":…}.
// The path: governance's reader (normalise), the profile, the offline analysis writing the enriched
// sheet and the results, the result screen's summary, and the formula-safe CSV download.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { toTabular } from '../server/src/features/governance/index.ts';
import { analyse } from '../server/src/features/sentiment/offline/analyse.ts';
import { summarise } from '../server/src/features/sentiment/results.ts';
import { analyseSheet } from '../server/src/features/sentiment/run.ts';
import { formulaSafe, profileSheet, sheetRecords } from '../server/src/features/sentiment/sheet.ts';

const [file, dir, mode] = process.argv.slice(2) as [string, string, string | undefined];
let peak = process.memoryUsage().rss;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
let rows = 0;
let cells = 0;
if (mode === 'baseline') {
  // The floor: parsing the same file once, doing nothing with it.
  for await (const _ of createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }))) rows++;
} else {
  const tab = await toTabular(file, path.extname(file).slice(1), dir);
  if (!tab.ok) throw new Error(tab.message);
  const profile = await profileSheet(tab.csvPath, tab.format);
  const out = { enriched: path.join(dir, 'enriched.csv'), results: path.join(dir, 'results.ndjson') };
  rows = await analyseSheet(
    tab.csvPath,
    tab.format.delimiter,
    profile.proposed,
    out,
    async (t) => t.map(analyse),
    500,
    async () => {},
  );
  await summarise(createReadStream(out.results), {});

  for await (const record of sheetRecords(out.enriched, ','))
    for (const c of record as string[]) cells += formulaSafe(c).length > 0 ? 1 : 0;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
console.log(JSON.stringify({ seconds, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, rows, cells }));
