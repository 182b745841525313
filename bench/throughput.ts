import autocannon from 'autocannon';
import { signIn } from '../server/test/browser.ts';
import { DEMO_PASSWORD, type Proc, startBare, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, type Result } from './result.ts';

const CONNECTIONS = 20;
const WARMUP_S = 3;
const DURATION_S = 8;
const TARGET = 0.6;

async function load(p: Proc, headers: Record<string, string>, duration: number) {
  const r = await autocannon({ url: `http://127.0.0.1:${p.port}/api/shell/menu`, connections: CONNECTIONS, duration, headers });
  // A rate of 401s or 429s would measure the wrong thing.
  if (r.non2xx || r.errors) throw new Error(`load on ${p.url}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.requests.total}`);
  return r;
}

async function measure(p: Proc, headers: Record<string, string>) {
  await load(p, headers, WARMUP_S);
  return load(p, headers, DURATION_S);
}

export async function throughput(): Promise<Result> {
  log('throughput: starting the portal and signing in');
  const portal = await startPortal(tempDataDir());
  let body: string;
  let portalRun: autocannon.Result;
  try {
    await waitHealthy(portal);
    const { accessToken } = await signIn(portal.url, 'viewer@hangar.local', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const res = await fetch(`${portal.url}/api/shell/menu`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/shell/menu answered ${res.status}`);
    body = await res.text();
    log(`throughput: portal, ${WARMUP_S} s warm-up + ${DURATION_S} s`);
    portalRun = await measure(portal, headers);
  } finally {
    await stop(portal);
  }

  log(`throughput: bare Fastify, ${WARMUP_S} s warm-up + ${DURATION_S} s`);
  const bare = await startBare(body);
  let bareRun: autocannon.Result;
  try {
    await waitHealthy(bare);
    bareRun = await measure(bare, {});
  } finally {
    await stop(bare);
  }

  const ratio = portalRun.requests.average / bareRun.requests.average;
  const line = (who: string, r: autocannon.Result) =>
    `${who}: ${r.requests.total} requests in ${r.duration.toFixed(1)} s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;
  return {
    name: 'throughput',
    measure: 'req/s, GET /api/shell/menu',
    portal: `${Math.round(portalRun.requests.average)} /s`,
    baseline: `${Math.round(bareRun.requests.average)} /s`,
    ratio,
    target: `ratio >= ${TARGET.toFixed(2)}`,
    pass: ratio >= TARGET,
    details: [`${CONNECTIONS} connections, ${body.length}-byte JSON body on both`, line('portal', portalRun), line('bare  ', bareRun)],
  };
}
