// Runs one xlsx through the whole check path in a fresh process, so its peak memory is its own:
// `node bench/ingestion-xlsx.ts <file.xlsx> <workdir>` prints {"seconds":…,"peakMb":…,"rows":…}.
import path from 'node:path';
import { fileTypeDef } from '../server/src/features/governance/catalogue/index.ts';
import { runChecks } from '../server/src/features/governance/engine/checks.ts';
import { toTabular } from '../server/src/features/governance/engine/tabular.ts';

const [xlsx, dir] = process.argv.slice(2) as [string, string];
let peak = process.memoryUsage().rss;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const tab = await toTabular(xlsx, 'xlsx', dir);
if (!tab.ok) throw new Error(tab.message);
const report = await runChecks({
  csvPath: tab.csvPath,
  format: tab.format,
  def: fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!,
  period: { year: 2026, month: 10 },
  referentials: new Map(),
  stagedPath: path.join(dir, 'xlsx.parquet'),
});
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
console.log(JSON.stringify({ seconds, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024, rows: report.rows }));
