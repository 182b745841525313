import { type Proc, startBare, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, median, type Result } from './result.ts';

const RUNS = 3;
const TARGET_MS = 3000;

async function timeToHealthy(start: () => Promise<Proc>): Promise<number> {
  const p = await start();
  try {
    return await waitHealthy(p);
  } finally {
    await stop(p);
  }
}

async function times(start: () => Promise<Proc>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await timeToHealthy(start));
  return ms;
}

export async function coldstart(): Promise<Result> {
  const dataDir = tempDataDir();
  log('cold start: first start seeds the data directory');
  const seedMs = await timeToHealthy(() => startPortal(dataDir));
  log(`cold start: portal x${RUNS} on the existing data directory, then bare Fastify x${RUNS}`);
  const portal = await times(() => startPortal(dataDir));
  const bare = await times(() => startBare());

  const [p, b] = [median(portal), median(bare)];
  const list = (xs: number[]) => xs.map((x) => `${Math.round(x)}`).join(', ');
  return {
    name: 'cold start',
    measure: 'spawn → first 200, median',
    portal: `${(p / 1000).toFixed(2)} s`,
    baseline: `${(b / 1000).toFixed(2)} s`,
    ratio: p / b,
    target: `portal < ${TARGET_MS / 1000} s`,
    pass: p < TARGET_MS,
    details: [`portal runs: ${list(portal)} ms (first start, seeding: ${Math.round(seedMs)} ms)`, `bare runs: ${list(bare)} ms`],
  };
}
