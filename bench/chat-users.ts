import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { signIn } from '../server/test/browser.ts';
import { startStubOpenAI } from '../server/test/stub-openai.ts';
import { startTopology, TOPOLOGY_PASSWORD, type Topology } from '../server/test/topology.ts';
import { firstByte, percentile } from './chat.ts';
import { floorCpuPerQuestion } from './chat-floor.ts';
import { createUsers } from './load.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import { log, type Result } from './result.ts';

// Issue 19's chat targets, with 200 distinct users (one user's 200 questions queue on one balance
// row by design) on PostgreSQL behind nginx:
// - portal CPU per question: the process's own CPU time over rounds of 200 users asking at once;
// - added time to first token while 200 answers stream and new questions arrive at 50 per second,
//   against the same arrivals sent to the stub directly while 200 of its streams are open;
// - questions per second with three processes against one, users asking in a closed loop.

const USERS = Number(process.env.CHAT_USERS ?? 200);
const ARRIVAL_SECONDS = Number(process.env.CHAT_ARRIVAL_SECONDS ?? 10);
const LOOP_SECONDS = Number(process.env.CHAT_LOOP_SECONDS ?? 15);
const LOOP_USERS = Math.min(100, USERS);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** utime + stime of a process, in milliseconds. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The whole machine's busy and total jiffies (/proc/stat), to tell how much CPU was left over. */
function machineJiffies(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  const idle = n[3]! + n[4]!;
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Asks in a new conversation, or in `session` (a follow-up, with its history). */
export const ask = (base: string, token: string, message: string, session = `bench-${Math.random().toString(36).slice(2, 12)}`) =>
  firstByte(`${base}/api/secured_gpt/askstream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id: session, message, model: 'gpt4' }),
  });

const direct = (stubUrl: string, message: string) =>
  firstByte(`${stubUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: message }] }),
  });

async function signInAll(base: string, emails: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < emails.length; i += 10) {
    tokens.push(...(await Promise.all(emails.slice(i, i + 10).map(async (e) => (await signIn(base, e, TOPOLOGY_PASSWORD)).accessToken))));
  }
  return tokens;
}

/** Questions a process answers before its CPU per question is steady (V8 has compiled the hot paths by then). */
const STEADY_AFTER = Number(process.env.CHAT_STEADY_AFTER ?? 3000);

/** Every user asks at once, round after round, until `questions` were answered. */
export async function warmUp(base: string, tokens: string[], questions: number): Promise<void> {
  for (let asked = 0, round = 0; asked < questions; asked += tokens.length, round++) {
    await Promise.all(tokens.map(async (t, i) => (await ask(base, t, `warm-up ${round} ${i}`)).rest));
  }
}

/** Questions sent every `1000 / perSecond` ms for `seconds`, each from the next user; times to first byte. */
async function arrivals(send: (i: number) => ReturnType<typeof firstByte>, perSecond: number, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      send(i).then(async (r) => {
        times.push(r.ms);
        await r.rest;
      }),
    );
  }
  await Promise.all(pending);
  return times;
}

/** Users asking one after another for `seconds`: answered questions per second and their p99. */
export async function closedLoop(
  base: string,
  tokens: string[],
  seconds: number,
): Promise<{ perSecond: number; p99: number; errors: number; machineBusy: number }> {
  const until = performance.now() + seconds * 1000;
  const before = machineJiffies();
  const times: number[] = [];
  let errors = 0;
  await Promise.all(
    tokens.map(async (token, u) => {
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        try {
          await (await ask(base, token, `loop ${u} ${n}`)).rest;
          times.push(performance.now() - t0);
        } catch (err) {
          errors++;
          // The first few, so an error count comes with its reason.
          if (errors <= 3) log(`question failed: ${String((err as Error).message).slice(0, 300)}`);
        }
      }
    }),
  );
  const after = machineJiffies();
  const machineBusy = (after.busy - before.busy) / (after.total - before.total);
  return { perSecond: times.length / seconds, p99: percentile(times, 99), errors, machineBusy };
}

export interface Run {
  topo: Topology;
  tokens: string[];
}

export async function withTopology<T>(
  databaseServer: string,
  stubUrl: string,
  processes: number,
  use: (run: Run) => Promise<T>,
  users = USERS,
): Promise<T> {
  const topo = await startTopology({
    processes,
    databaseServer,
    env: {
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: stubUrl,
      CHAT_MAX_CONCURRENT_STREAMS: '5000',
      CHAT_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
      CHAT_MODEL_OVERRIDES: JSON.stringify({ gpt4: { priceIn: 0.0001, priceOut: 0.0001 } }),
    },
  });
  try {
    const tokens = await signInAll(topo.url, await createUsers(topo, users));
    // Each user's first question opens their credit account; measured questions come after.
    await Promise.all(tokens.map(async (t, i) => (await ask(topo.url, t, `warm-up ${i}`)).rest));
    return await use({ topo, tokens });
  } finally {
    await topo.close();
  }
}

export async function chatUsers(): Promise<Result> {
  const postgres = await startPrivatePostgres();
  const stub = await startStubOpenAI();
  const quick = { chunks: ['Hello', ' from', ' the', ' stub'], usage: { prompt_tokens: 20, completion_tokens: 4 } };
  stub.set(quick);
  // An answer that streams for 30 s: the 200 answers in flight while the others are measured.
  stub.setRules([{ whenAsked: '[long]', scenario: { ...quick, chunks: Array.from({ length: 150 }, (_, i) => ` w${i}`), delayMs: 200 } }]);
  const details: string[] = [];
  try {
    log(`chat-users: ${USERS} users on one portal process behind nginx`);
    const one = await withTopology(postgres.url, stub.baseUrl, 1, async ({ topo, tokens }) => {
      const pid = topo.processes[0]!.child.pid!;
      // CPU per question: 5 rounds of every user asking at once, first on a process that has
      // answered a round only (V8 still compiling the hot paths), then once it has answered
      // STEADY_AFTER questions, as a portal in service has: the target is for the second.
      const cpuOfRounds = async (label: string) => {
        const cpu0 = cpuMs(pid);
        for (let round = 0; round < 5; round++) {
          await Promise.all(tokens.map(async (t, i) => (await ask(topo.url, t, `cpu ${label} ${round} ${i}`)).rest));
        }
        return (cpuMs(pid) - cpu0) / (5 * tokens.length);
      };
      const cpuPerQuestionCold = await cpuOfRounds('cold');
      await warmUp(topo.url, tokens, STEADY_AFTER);
      const cpuPerQuestion = await cpuOfRounds('steady');
      // The same in conversations that already hold three questions and answers (their history is sent).
      const conversation = (i: number) => `bench-follow-up-${i}`;
      for (let round = 0; round < 3; round++)
        await Promise.all(tokens.map(async (t, i) => (await ask(topo.url, t, `earlier ${round} ${i}`, conversation(i))).rest));
      const cpu1 = cpuMs(pid);
      for (let round = 0; round < 3; round++)
        await Promise.all(tokens.map(async (t, i) => (await ask(topo.url, t, `follow-up ${round} ${i}`, conversation(i))).rest));
      const cpuPerFollowUp = (cpuMs(pid) - cpu1) / (3 * tokens.length);

      // TTFT while 200 answers stream and 50 new questions arrive per second, against the stub alone.
      log('chat-users: 200 answers streaming, 50 questions a second');
      const streaming = await Promise.all(tokens.map((t, i) => ask(topo.url, t, `[long] ${i}`)));
      const through = await arrivals((i) => ask(topo.url, tokens[i % tokens.length]!, `arrival ${i}`), 50, ARRIVAL_SECONDS);
      for (const s of streaming) s.cancel();
      const directStreams = await Promise.all(tokens.map((_, i) => direct(stub.baseUrl, `[long] ${i}`)));
      const alone = await arrivals((i) => direct(stub.baseUrl, `arrival ${i}`), 50, ARRIVAL_SECONDS);
      for (const s of directStreams) s.cancel();
      const added = { p50: percentile(through, 50) - percentile(alone, 50), p99: percentile(through, 99) - percentile(alone, 99) };

      log(`chat-users: ${LOOP_USERS} users asking in a loop for ${LOOP_SECONDS} s, one process`);
      const loop = await closedLoop(topo.url, tokens.slice(0, LOOP_USERS), LOOP_SECONDS);
      return { cpuPerQuestionCold, cpuPerQuestion, cpuPerFollowUp, added, through, alone, loop, tokens };
    });
    // The same rounds on the floor: a bare Fastify process doing a question's I/O and nothing else.
    log('chat-users: the same rounds on bare Fastify doing only the I/O of a question (bench/bare-chat.ts)');
    const floor = await floorCpuPerQuestion(postgres.url, stub.baseUrl, one.tokens, STEADY_AFTER, ask, cpuMs);
    details.push(
      `portal CPU per question (one process, ${USERS} users at once, 5 rounds): ${one.cpuPerQuestion.toFixed(2)} ms after ${STEADY_AFTER} questions (target ≤ 1 ms), ${one.cpuPerQuestionCold.toFixed(2)} ms on a process that has answered one round; a follow-up in a conversation of three questions: ${one.cpuPerFollowUp.toFixed(2)} ms`,
      `the floor, bare Fastify doing a question's I/O only (two statements, the model's stream over node:http, behind the same nginx), the same rounds after the same warm-up: ${floor.toFixed(2)} ms per question; the portal's CPU is ${(one.cpuPerQuestion / floor).toFixed(2)}x it`,
      `time to first token with ${USERS} answers streaming and 50 questions a second for ${ARRIVAL_SECONDS} s: portal p50 ${percentile(one.through, 50).toFixed(1)} ms p99 ${percentile(one.through, 99).toFixed(1)} ms; stub alone p50 ${percentile(one.alone, 50).toFixed(1)} ms p99 ${percentile(one.alone, 99).toFixed(1)} ms; added p50 ${one.added.p50.toFixed(1)} ms p99 ${one.added.p99.toFixed(1)} ms (target < 5 / < 25)`,
      `one process, ${LOOP_USERS} users in a loop: ${one.loop.perSecond.toFixed(0)} questions/s, p99 ${one.loop.p99.toFixed(0)} ms, ${one.loop.errors} errors, both cores ${(one.loop.machineBusy * 100).toFixed(0)}% busy (portal, PostgreSQL, nginx, the stub and this client)`,
    );

    log(`chat-users: ${LOOP_USERS} users asking in a loop for ${LOOP_SECONDS} s, three processes`);
    const three = await withTopology(postgres.url, stub.baseUrl, 3, ({ topo, tokens }) =>
      closedLoop(topo.url, tokens.slice(0, LOOP_USERS), LOOP_SECONDS),
    );
    const scale = three.perSecond / one.loop.perSecond;
    details.push(
      `three processes, ${LOOP_USERS} users in a loop: ${three.perSecond.toFixed(0)} questions/s, p99 ${three.p99.toFixed(0)} ms, ${three.errors} errors, both cores ${(three.machineBusy * 100).toFixed(0)}% busy: ×${scale.toFixed(2)} one process's throughput (target ≥ ×2.5 at the same p99)`,
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
    );
    const pass = one.cpuPerQuestion <= 1 && one.added.p50 < 5 && one.added.p99 < 25 && scale >= 2.5 && three.p99 <= one.loop.p99 * 1.1;
    return {
      name: 'chat-users',
      measure: `${USERS} users: CPU/question; added TTFT at 50/s; 3 vs 1 process`,
      portal: `${one.cpuPerQuestion.toFixed(2)} ms (floor ${floor.toFixed(2)}); +${one.added.p50.toFixed(1)}/${one.added.p99.toFixed(1)} ms; ×${scale.toFixed(2)}`,
      baseline: 'stub direct; one process',
      ratio: scale,
      target: '≤1 ms; <5/<25 ms; ≥×2.5',
      pass,
      details,
    };
  } finally {
    await stub.close();
    postgres.stop();
  }
}
