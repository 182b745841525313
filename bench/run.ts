// `npm run bench [name ...]` (the names are BENCHES' keys below): reports against targets; exits non-zero only when a benchmark could not run.
import { aiFactory } from './ai-factory.ts';
import { analytics } from './analytics.ts';
import { analyticsAccuracy } from './analytics-accuracy.ts';
import { chat } from './chat.ts';
import { chatScaling } from './chat-scaling.ts';
import { chatUsers } from './chat-users.ts';
import { coldstart } from './coldstart.ts';
import { credits } from './credits.ts';
import { dashboards, dashboardsLoad } from './dashboards.ts';
import { dashboardsDrawing } from './dashboards-drawing.ts';
import { ingestion } from './ingestion.ts';
import { lighthouseBench } from './lighthouse.ts';
import { lineage } from './lineage.ts';
import { load } from './load.ts';
import { memory } from './memory.ts';
import { multidocs } from './multidocs.ts';
import { overview } from './overview.ts';
import { killAll } from './procs.ts';
import type { Result } from './result.ts';
import { sentiment } from './sentiment.ts';
import { storage } from './storage.ts';
import { throughput } from './throughput.ts';
import { translation } from './translation.ts';

const BENCHES: Record<string, () => Promise<Result>> = {
  throughput,
  memory,
  coldstart,
  credits,
  chat,
  'chat-users': chatUsers,
  'chat-scaling': chatScaling,
  ingestion,
  overview,
  lineage,
  translation,
  lighthouse: lighthouseBench,
  multidocs,
  analytics,
  'analytics-accuracy': analyticsAccuracy,
  load,
  dashboards,
  'dashboards-load': dashboardsLoad,
  'dashboards-drawing': dashboardsDrawing,
  sentiment,
  storage,
  'ai-factory': aiFactory,
};

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

// One or several names: benches run in one process share what they build (the dashboards' 10 M rows).
const only = process.argv.slice(2);
const unknown = only.find((name) => !BENCHES[name]);
if (unknown) {
  console.error(`Unknown benchmark "${unknown}"; one of: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  return rows.map((r) => line(r).trimEnd()).join('\n');
}

console.log(`Hangar benchmarks: Node ${process.version}, ${new Date().toISOString()}`);
const results: Result[] = [];
const failures: string[] = [];
for (const [name, bench] of Object.entries(BENCHES)) {
  if (only.length && !only.includes(name)) continue;
  try {
    const r = await bench();
    results.push(r);
    console.log(`\n${r.name}\n${r.details.map((d) => `  ${d}`).join('\n')}`);
  } catch (err) {
    failures.push(name);
    console.error(`\n${name}: COULD NOT RUN\n  ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
  killAll();
}

const header = ['benchmark', 'measure', 'portal', 'bare Fastify', 'ratio', 'target', 'result'];
const rows = results.map((r) => [r.name, r.measure, r.portal, r.baseline, r.ratio.toFixed(2), r.target, r.pass ? 'PASS' : 'MISS']);
rows.push(...failures.map((f) => [f, '-', '-', '-', '-', '-', 'COULD NOT RUN']));
console.log(`\n${table([header, ...rows])}`);
process.exit(failures.length ? 1 : 0);
