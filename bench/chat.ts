import { signIn } from '../server/test/browser.ts';
import { startStubOpenAI } from '../server/test/stub-openai.ts';
import { DEMO_PASSWORD, rssMb, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, type Result } from './result.ts';

const LEVELS = [1, 50, 200];
const OPEN_STREAMS = 1000;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** Milliseconds from sending the request to the first byte of the body. */
async function firstByte(url: string, init: RequestInit): Promise<{ ms: number; rest: Promise<void>; cancel: () => void }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  await reader.read();
  const ms = performance.now() - started;
  const rest = (async () => {
    while (!(await reader.read()).done);
  })();
  return { ms, rest, cancel: () => void reader.cancel().catch(() => {}) };
}

/**
 * Time to first token through the portal against the same local OpenAI-protocol server called
 * directly, at 1, 50 and 200 streams at once; then how many streams one process holds open.
 */
export async function chat(): Promise<Result> {
  const stub = await startStubOpenAI();
  const portal = await startPortal(tempDataDir(), {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: stub.baseUrl,
    CHAT_MAX_CONCURRENT_STREAMS: '5000',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_MODEL_OVERRIDES: JSON.stringify({ gpt4: { priceIn: 0.0001, priceOut: 0.0001 } }),
  });
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
      log(`chat: time to first token, ${level} at once`);
      const runs = async (fn: (n: number) => ReturnType<typeof firstByte>) => {
        const all = await Promise.all(Array.from({ length: level }, (_, i) => fn(i)));
        await Promise.all(all.map((r) => r.rest));
        return all.map((r) => r.ms);
      };
      const d = await runs(direct);
      const p = await runs(through);
      const added = { p50: percentile(p, 50) - percentile(d, 50), p99: percentile(p, 99) - percentile(d, 99) };
      if (level === 200) added200 = added;
      details.push(
        `${String(level).padStart(3)} at once: direct p50 ${percentile(d, 50).toFixed(1)} ms p99 ${percentile(d, 99).toFixed(1)} ms; portal p50 ${percentile(p, 50).toFixed(1)} ms p99 ${percentile(p, 99).toFixed(1)} ms; added p50 ${added.p50.toFixed(1)} ms p99 ${added.p99.toFixed(1)} ms`,
      );
    }

    log(`chat: ${OPEN_STREAMS} streams held open`);
    stub.set({ chunks: ['first', ' never', ' ends'], hangAfter: 1 });
    const opened: Awaited<ReturnType<typeof firstByte>>[] = [];
    let failed = 0;
    for (let batch = 0; batch < OPEN_STREAMS / 100; batch++) {
      const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => through(batch * 100 + i)));
      for (const r of results) r.status === 'fulfilled' ? opened.push(r.value) : failed++;
    }
    const heldMb = rssMb(portal.pid);
    details.push(`${opened.length} streams open at once (${failed} refused), resident memory ${heldMb.toFixed(0)} MB`);
    for (const o of opened) o.cancel();

    const pass = added200.p50 < 5 && added200.p99 < 25 && opened.length >= OPEN_STREAMS && heldMb < 400;
    return {
      name: 'chat',
      measure: 'added TTFT at 200; open streams',
      portal: `+${added200.p50.toFixed(1)}/${added200.p99.toFixed(1)} ms`,
      baseline: 'stub direct',
      ratio: added200.p99,
      target: 'p50<5, p99<25 ms; 1000 open, <400 MB',
      pass,
      details,
    };
  } finally {
    await stop(portal);
    await stub.close();
  }
}
