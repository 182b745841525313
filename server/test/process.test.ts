import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestApp } from './harness.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const SERVER = path.resolve(import.meta.dirname, '..');
// The node arguments of `npm start` (server/package.json), so this test starts the server the way production does.
const START_ARGS: string[] = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .slice(1);
const dataDir = mkdtempSync(path.join(tmpdir(), 'hangar-proc-'));
const children: ChildProcess[] = [];
// The start script builds the server's bundle when the sources changed (a few seconds): built here, so
// the starts below are timed without it.
beforeAll(() => {
  const built = spawnSync(process.execPath, ['bundle.mjs'], { cwd: SERVER, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server bundle did not build:\n${built.stderr}`);
}, 60_000);
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number) {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: SERVER,
    env: { ...process.env, PORT: String(port), HANGAR_DATA_DIR: dataDir, HANGAR_DEMO_PASSWORD: 'process-test-pw', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://localhost:${port}/api/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('portal did not become healthy');
}

describe('the portal process', () => {
  it('starts on the embedded defaults, refuses a second process on its data directory, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = start(port);
    await waitHealthy(port);
    expect(first.output()).toContain(`Hangar is running at http://localhost:${port}`);
    expect(first.output()).toContain('admin@hangar.local');

    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Hangar process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'hangar.lock'))).toBe(false);
  }, 60_000);

  it('fails at start with a message naming the bad key', async () => {
    const bad = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: 'eighty', HANGAR_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr.on('data', (d) => (err += d));
    const code = await new Promise((r) => bad.on('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('PORT:');
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests before closing, and refuses new ones', async () => {
    const t = await startTestApp(
      {},
      {
        seed: false,
        extend: (app) =>
          app.get('/slow', { config: { access: 'public' } }, async () => {
            await new Promise((r) => setTimeout(r, 400));
            return { done: true };
          }),
      },
    );
    const inFlight = fetch(`${t.url}/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${t.url}/api/healthcheck`)).rejects.toThrow();
  });
});
