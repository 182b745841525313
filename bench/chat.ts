import { signIn } from '../server/test/browser.ts';
import { startStubOpenAI } from '../server/test/stub-openai.ts';
import { DEMO_PASSWORD, freshPostgres, rssMb, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, type Result } from './result.ts';

const LEVELS = [1, 50, 200];
const OPEN_STREAMS = 1000;
const ROUNDS = 5;

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Milliseconds from sending the request to the first byte of the body. */
export async function firstByte(url: string, init: RequestInit): Promise<{ ms: number; rest: Promise<void>; cancel: () => void }> {
  const started = performance.now();
  const res = await fetch(url, init);
  // An error answer is fast and would pass for a stream.
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  await reader.read();
  const ms = performance.now() - started;
  const rest = (async () => {
    while (!(await reader.read()).done);
  })();
  return { ms, rest, cancel: () => void reader.cancel().catch(() => {}) };
}

interface Measured {
  added200: { p50: number; p99: number };
  opened: number;
  heldMb: number;
  details: string[];
}

/** One portal (PGlite, or PostgreSQL with `DATABASE_URL` in env) against the stub. */
async function measure(stub: Awaited<ReturnType<typeof startStubOpenAI>>, db: string, env: Record<string, string>): Promise<Measured> {
  const settings = {
    ...env,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: stub.baseUrl,
    CHAT_MAX_CONCURRENT_STREAMS: '5000',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_MODEL_OVERRIDES: JSON.stringify({ gpt4: { priceIn: 0.0001, priceOut: 0.0001 } }),
    // The demo warehouse's background ingestion would share the process (and PGlite) with the answers.
    HANGAR_DEMO_WAREHOUSE: 'false',
  };
  // Measured after a restart on the seeded directory, as every start after the first: the first
  // one's initdb leaves PGlite's WebAssembly memory behind (see the memory benchmark).
  const dataDir = tempDataDir();
  const seeding = await startPortal(dataDir, settings);
  await waitHealthy(seeding);
  await stop(seeding);
  const portal = await startPortal(dataDir, settings);
  try {
    await waitHealthy(portal);
    const { accessToken } = await signIn(portal.url, 'admin@hangar.local', DEMO_PASSWORD);
    const direct = (n: number) =>
      firstByte(`${stub.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
        body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: `hello ${n}` }] }),
      });
    const through = (n: number) =>
      firstByte(`${portal.url}/api/secured_gpt/askstream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ id: `bench-${n}-${Math.random().toString(36).slice(2, 10)}`, message: `hello ${n}`, model: 'gpt4' }),
      });
    stub.set({ chunks: ['Hello', ' from', ' the', ' stub'], usage: { prompt_tokens: 20, completion_tokens: 4 } });
    for (let i = 0; i < 20; i++) await (await through(i)).rest; // warm-up
    const details: string[] = [];
    let added200 = { p50: 0, p99: 0 };
    for (const level of LEVELS) {
      log(`chat (${db}): time to first token, ${level} at once`);
      const runs = async (fn: (n: number) => ReturnType<typeof firstByte>) => {
        const all = await Promise.all(Array.from({ length: level }, (_, i) => fn(i)));
        await Promise.all(all.map((r) => r.rest));
        return all.map((r) => r.ms);
      };
      // Several rounds, alternating, pooled: one burst's percentiles move a lot with the machine.
      const d: number[] = [];
      const p: number[] = [];
      for (let round = 0; round < (level === 1 ? 50 : ROUNDS); round++) {
        d.push(...(await runs(direct)));
        p.push(...(await runs(through)));
      }
      const added = { p50: percentile(p, 50) - percentile(d, 50), p99: percentile(p, 99) - percentile(d, 99) };
      if (level === 200) added200 = added;
      details.push(
        `${db}, ${String(level).padStart(3)} at once: direct p50 ${percentile(d, 50).toFixed(1)} ms p99 ${percentile(d, 99).toFixed(1)} ms; portal p50 ${percentile(p, 50).toFixed(1)} ms p99 ${percentile(p, 99).toFixed(1)} ms; added p50 ${added.p50.toFixed(1)} ms p99 ${added.p99.toFixed(1)} ms`,
      );
    }

    log(`chat (${db}): ${OPEN_STREAMS} streams held open`);
    stub.set({ chunks: ['first', ' never', ' ends'], hangAfter: 1 });
    const opened: Awaited<ReturnType<typeof firstByte>>[] = [];
    let failed = 0;
    for (let batch = 0; batch < OPEN_STREAMS / 100; batch++) {
      const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => through(batch * 100 + i)));
      for (const r of results) r.status === 'fulfilled' ? opened.push(r.value) : failed++;
    }
    const heldMb = rssMb(portal.pid);
    details.push(`${db}: ${opened.length} streams open at once (${failed} refused), resident memory ${heldMb.toFixed(0)} MB`);
    for (const o of opened) o.cancel();
    return { added200, opened: opened.length, heldMb, details };
  } finally {
    await stop(portal);
  }
}

/**
 * Time to first token through the portal against the same local OpenAI-protocol server called
 * directly, at 1, 50 and 200 streams at once; then how many streams one process holds open. On
 * PGlite, and also on PostgreSQL when BENCH_DATABASE_URL names a server.
 */
export async function chat(): Promise<Result> {
  const stub = await startStubOpenAI();
  const runs: [string, Measured][] = [];
  try {
    runs.push(['PGlite', await measure(stub, 'PGlite', {})]);
    const postgres = await freshPostgres('hangar_bench_chat');
    if (postgres) {
      try {
        runs.push(['PostgreSQL', await measure(stub, 'PostgreSQL', { DATABASE_URL: postgres.url })]);
      } finally {
        await postgres.drop();
      }
    }
  } finally {
    await stub.close();
  }
  const pass = runs.every(([, m]) => m.added200.p50 < 5 && m.added200.p99 < 25 && m.opened >= OPEN_STREAMS && m.heldMb < 400);
  const worst = Math.max(...runs.map(([, m]) => m.added200.p99));
  return {
    name: 'chat',
    measure: 'added TTFT at 200; open streams',
    portal: runs
      .map(([db, m]) => `${db} +${m.added200.p50.toFixed(1)}/${m.added200.p99.toFixed(1)} ms, ${m.heldMb.toFixed(0)} MB`)
      .join('; '),
    baseline: 'stub direct',
    ratio: worst,
    target: 'p50<5, p99<25 ms; 1000 open, <400 MB',
    pass,
    details: runs.flatMap(([, m]) => m.details),
  };
}
