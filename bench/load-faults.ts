import type { Topology } from '../server/test/topology.ts';
import type { PrivatePostgres } from './private-postgres.ts';

/**
 * Faults injected during the load run (issue 19), each with what the health check through nginx
 * said while it lasted and how long the portal took to say 200 again: a portal process killed with
 * SIGKILL (restarted 5 s later), the bucket away for 30 s, PostgreSQL restarted, nginx reloaded.
 */
export interface Fault {
  done: Promise<string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the health check every 250 ms until `stop` resolves; answers the statuses seen and when 200 came back. */
async function watchHealth(url: string, stop: Promise<unknown>): Promise<{ seen: Map<number, number>; lastNot200: number | null }> {
  const seen = new Map<number, number>();
  let lastNot200: number | null = null;
  let stopped = false;
  void stop.then(() => (stopped = true));
  while (!stopped) {
    const status = await fetch(`${url}/api/healthcheck`, { signal: AbortSignal.timeout(3000) }).then(
      (r) => r.status,
      () => 0,
    );
    seen.set(status, (seen.get(status) ?? 0) + 1);
    if (status !== 200) lastNot200 = Date.now();
    await sleep(250);
  }
  return { seen, lastNot200 };
}

const describeSeen = (seen: Map<number, number>) =>
  [...seen]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s || 'no answer'}×${n}`)
    .join(', ');

function fault(origin: number, at: number, name: string, topo: Topology, act: () => Promise<void>, settleMs: number): Fault {
  const done = (async () => {
    await sleep(at);
    const start = Date.now();
    let finished!: () => void;
    const over = new Promise<void>((r) => (finished = r));
    const watching = watchHealth(topo.url, over);
    await act();
    const acted = Date.now();
    // Keep watching until the health check has said 200 for a while.
    await sleep(settleMs);
    finished();
    const { seen, lastNot200 } = await watching;
    const recovered =
      lastNot200 === null
        ? 'never other than 200'
        : lastNot200 <= acted
          ? '200 as soon as it ended'
          : `200 again ${((lastNot200 - acted) / 1000 + 0.25).toFixed(1)} s after it ended`;
    return `${name} at ${((start - origin) / 1000).toFixed(0)} s: health through nginx ${describeSeen(seen)}; ${recovered}`;
  })();
  return { done };
}

export function scheduleFaults(topo: Topology, postgres: PrivatePostgres, durationMs: number): Fault[] {
  const outage = Math.min(30_000, durationMs * 0.25);
  const origin = Date.now();
  return [
    fault(
      origin,
      durationMs * 0.15,
      'a portal process killed (SIGKILL) and restarted 5 s later',
      topo,
      async () => {
        const victim = topo.processes[2]!;
        victim.child.kill('SIGKILL');
        await victim.exited;
        await sleep(5000);
        await topo.restart(2);
      },
      3000,
    ),
    fault(
      origin,
      durationMs * 0.35,
      `the bucket away for ${outage / 1000} s`,
      topo,
      async () => {
        await topo.stopBucket();
        await sleep(outage);
        await topo.startBucket();
      },
      5000,
    ),
    fault(
      origin,
      durationMs * 0.7,
      'PostgreSQL restarted (pg_ctl restart -m fast)',
      topo,
      async () => {
        postgres.restart();
      },
      5000,
    ),
    fault(
      origin,
      durationMs * 0.85,
      'nginx reloaded',
      topo,
      async () => {
        topo.reloadNginx();
      },
      2000,
    ),
  ];
}
