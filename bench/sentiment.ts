import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { log, median, type Result } from './result.ts';

// Sentiment analysis (issue 18 part 2): 100,000 rows of passenger comments (four languages, a date
// and a category) through the offline path end to end, in a fresh process; the floor is parsing
// the same file once.
const ROWS = 100_000;
const TARGET_SECONDS = 10;
const TARGET_RSS_MB = 400;
const RUNS = 3;

const PARTS = [
  'The security staff were friendly and the check was quick',
  'The toilets were dirty and the queues endless',
  'Le personnel était très aimable, embarquement fluide',
  'Vol retardé de deux heures, personne ne nous a informés',
  'El personal fue muy amable y el control rápido',
  'Colas interminables y baños sucios, una vergüenza',
  'Atendimento ótimo, tudo muito limpo e organizado',
  'Filas enormes e pessoal grosseiro no check-in',
  'I arrived at terminal 2 and took the train to the city',
];
const AREAS = ['Security', 'Check-in', 'Toilets', 'Shops', 'Parking', 'Lounge', 'Gate', 'Baggage'];

function sheet(file: string) {
  const lines = ['Date,Area,Comment'];
  for (let i = 0; i < ROWS; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    const text = `${PARTS[i % PARTS.length]}. ${PARTS[(i * 7 + 3) % PARTS.length]} (${i}).`;
    lines.push(`${day},${AREAS[i % AREAS.length]},"${text}"`);
  }
  writeFileSync(file, `${lines.join('\r\n')}\r\n`);
}

function once(file: string, dir: string, mode?: string) {
  const child = spawnSync(process.execPath, ['bench/sentiment-run.ts', file, dir, ...(mode ? [mode] : [])], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(child.stderr || 'the run failed');
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { seconds: number; peakMb: number; rows: number };
}

export async function sentiment(): Promise<Result> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hangar-bench-sentiment-'));
  try {
    const file = path.join(dir, 'comments.csv');
    sheet(file);
    const load = loadavg()[0]!.toFixed(1);
    const portal: { seconds: number; peakMb: number; rows: number }[] = [];
    const floor: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const work = mkdtempSync(path.join(dir, 'run-'));
      portal.push(once(file, work));
      floor.push(once(file, work, 'baseline').seconds);
      log(
        `run ${r + 1}: ${portal.at(-1)!.seconds.toFixed(2)} s, ${portal.at(-1)!.peakMb.toFixed(0)} MB (floor ${floor.at(-1)!.toFixed(2)} s)`,
      );
    }
    const seconds = median(portal.map((p) => p.seconds));
    const peakMb = Math.max(...portal.map((p) => p.peakMb));
    const base = median(floor);
    return {
      name: 'sentiment',
      measure: `${ROWS.toLocaleString('en')} rows offline, end to end (median of ${RUNS})`,
      portal: `${seconds.toFixed(2)} s, peak ${peakMb.toFixed(0)} MB`,
      baseline: `${base.toFixed(2)} s (parse only)`,
      ratio: seconds / base,
      target: `< ${TARGET_SECONDS} s, < ${TARGET_RSS_MB} MB`,
      pass: seconds < TARGET_SECONDS && peakMb < TARGET_RSS_MB && portal.every((p) => p.rows === ROWS),
      details: [`load average at start ${load} (1 min), end ${loadavg()[0]!.toFixed(1)}`, `rows analysed ${portal[0]!.rows}`],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
