import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { signIn } from '../server/test/browser.ts';
import { DEMO_PASSWORD, type Proc, startBare, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, type Result } from './result.ts';

const CONNECTIONS = 20;
const WARMUP_S = 3;
// Portal and bare take turns in short slices, so that whatever else runs on the machine weighs on both alike.
const SLICE_S = 2;
const ROUNDS = 4;
const TARGET = 0.6;

interface Tally {
  requests: number;
  seconds: number;
  cpuMs: number;
  p99: number[];
}

/** CPU time (user + system) a process has used, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function load(p: Proc, headers: Record<string, string>, duration: number) {
  const r = await autocannon({ url: `http://127.0.0.1:${p.port}/api/shell/menu`, connections: CONNECTIONS, duration, headers });
  // A rate of 401s or 429s would measure the wrong thing.
  if (r.non2xx || r.errors) throw new Error(`load on ${p.url}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.requests.total}`);
  return r;
}

async function slice(p: Proc, headers: Record<string, string>, tally: Tally) {
  const cpu = cpuMs(p.pid);
  const r = await load(p, headers, SLICE_S);
  tally.cpuMs += cpuMs(p.pid) - cpu;
  tally.requests += r.requests.total;
  tally.seconds += r.duration;
  tally.p99.push(r.latency.p99);
}

export async function throughput(): Promise<Result> {
  log('throughput: starting the portal and signing in');
  // The route, not the first start's one-minute background build of the demo warehouse, which
  // otherwise shares the CPU with the measured requests.
  const portal = await startPortal(tempDataDir(), { HANGAR_DEMO_WAREHOUSE: 'false' });
  let bare: Proc | undefined;
  const portalTally: Tally = { requests: 0, seconds: 0, cpuMs: 0, p99: [] };
  const bareTally: Tally = { requests: 0, seconds: 0, cpuMs: 0, p99: [] };
  let body = '';
  const loadBefore = os.loadavg()[0]!;
  try {
    await waitHealthy(portal);
    const { accessToken } = await signIn(portal.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const res = await fetch(`${portal.url}/api/shell/menu`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/shell/menu answered ${res.status}`);
    body = await res.text();
    bare = await startBare(body);
    await waitHealthy(bare);
    log(`throughput: ${WARMUP_S} s warm-up each, then ${ROUNDS} rounds of ${SLICE_S} s portal, ${SLICE_S} s bare Fastify`);
    await load(portal, headers, WARMUP_S);
    await load(bare, {}, WARMUP_S);
    for (let i = 0; i < ROUNDS; i++) {
      await slice(portal, headers, portalTally);
      await slice(bare, {}, bareTally);
    }
  } finally {
    await stop(portal);
    if (bare) await stop(bare);
  }
  const loadAfter = os.loadavg()[0]!;

  const rate = (t: Tally) => t.requests / t.seconds;
  const cpuPerRequest = (t: Tally) => (t.cpuMs * 1000) / t.requests;
  const ratio = rate(portalTally) / rate(bareTally);
  const line = (who: string, t: Tally) =>
    `${who}: ${t.requests} requests in ${t.seconds.toFixed(1)} s, ${cpuPerRequest(t).toFixed(1)} µs CPU per request, p99 per slice ${t.p99.join('/')} ms`;
  return {
    name: 'throughput',
    measure: 'req/s, GET /api/shell/menu',
    portal: `${Math.round(rate(portalTally))} /s`,
    baseline: `${Math.round(rate(bareTally))} /s`,
    ratio,
    target: `ratio >= ${TARGET.toFixed(2)}`,
    pass: ratio >= TARGET,
    details: [
      `${CONNECTIONS} connections, ${body.length}-byte JSON body on both, ${ROUNDS} alternating slices of ${SLICE_S} s each`,
      line('portal', portalTally),
      line('bare  ', bareTally),
      `CPU per request, bare / portal: ${(cpuPerRequest(bareTally) / cpuPerRequest(portalTally)).toFixed(2)} (what the ratio is on a machine where the server has a core of its own)`,
      `load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after, on ${os.cpus().length} cores`,
    ],
  };
}
