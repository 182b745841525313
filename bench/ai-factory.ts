import http from 'node:http';
import os from 'node:os';
import WebSocket from 'ws';
import { signIn } from '../server/test/browser.ts';
import { DEMO_PASSWORD, startTestApp } from '../server/test/harness.ts';
import { startStubStreamlit } from '../server/test/stub-streamlit.ts';
import { log, median, type Result } from './result.ts';

const REQUESTS = 2000;
const MESSAGES = 20_000;
const WINDOW = 64;
const LATENCY_TARGET_MS = 2;
const WS_TARGET = 0.8;

/** One GET at a time over one kept-alive connection; returns each request's milliseconds. */
async function latencies(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
    out.push(performance.now() - t0);
  }
  agent.destroy();
  return out;
}

/** Echoed messages per second on one WebSocket, WINDOW messages in flight. */
async function wsRate(url: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const payload = Buffer.alloc(128, 'x');
  let sent = 0;
  let received = 0;
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    ws.on('message', () => {
      received++;
      if (received === MESSAGES) return resolve();
      if (sent < MESSAGES) {
        ws.send(payload);
        sent++;
      }
    });
    for (; sent < WINDOW; sent++) ws.send(payload);
  });
  const rate = MESSAGES / ((performance.now() - t0) / 1000);
  ws.close();
  return rate;
}

/**
 * The AI Factory proxy against a direct connection to the same stand-in Streamlit server, in one
 * process: the added latency of an HTTP request through the portal (session cookie checked,
 * identity headers set, reply-from), and WebSocket messages per second through the byte pipe.
 */
export async function aiFactory(): Promise<Result> {
  const stub = await startStubStreamlit();
  const t = await startTestApp({ AI_FACTORY_APPS: JSON.stringify({ '1001': { upstream: stub.url } }), HANGAR_DEMO_WAREHOUSE: 'false' });
  try {
    const { accessToken } = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
    const res = await fetch(`${t.url}/api/streamlit/create-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ appName: 'passenger-forecast' }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const viaPortal = `${t.url}/ai-factory/1001/_stcore/health`;
    const direct = `${stub.url}/_stcore/health`;
    log('ai-factory: warm-up');
    await latencies(viaPortal, { cookie }, 300);
    await latencies(direct, {}, 300);
    log(`ai-factory: ${REQUESTS} sequential GETs each way, interleaved in rounds`);
    const portalMs: number[] = [];
    const directMs: number[] = [];
    for (let round = 0; round < 4; round++) {
      directMs.push(...(await latencies(direct, {}, REQUESTS / 4)));
      portalMs.push(...(await latencies(viaPortal, { cookie }, REQUESTS / 4)));
    }
    const added = median(portalMs) - median(directMs);
    log(`ai-factory: ${MESSAGES} WebSocket echoes each way`);
    const wsDirect = await wsRate(`${stub.url.replace('http', 'ws')}/_stcore/stream`, {});
    const wsPortal = await wsRate(`${t.url.replace('http', 'ws')}/ai-factory/1001/_stcore/stream`, { cookie });
    const wsRatio = wsPortal / wsDirect;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    return {
      name: 'ai-factory',
      measure: 'added p50 ms per HTTP request; WS msg/s',
      portal: `+${added.toFixed(2)} ms; ${wsPortal.toFixed(0)} msg/s`,
      baseline: `${median(directMs).toFixed(2)} ms; ${wsDirect.toFixed(0)} msg/s`,
      ratio: wsRatio,
      target: `< ${LATENCY_TARGET_MS} ms added; WS >= ${WS_TARGET * 100}% of direct`,
      pass: added < LATENCY_TARGET_MS && wsRatio >= WS_TARGET,
      details: [
        `HTTP p50 direct ${median(directMs).toFixed(2)} ms, through the portal ${median(portalMs).toFixed(2)} ms (added ${added.toFixed(2)} ms)`,
        `WebSocket (128-byte messages, ${WINDOW} in flight): direct ${wsDirect.toFixed(0)} msg/s, through the portal ${wsPortal.toFixed(0)} msg/s (${(wsRatio * 100).toFixed(0)}%)`,
        `load average ${load} on ${os.cpus().length} cores`,
      ],
    };
  } finally {
    await t.close();
    await stub.close();
  }
}
