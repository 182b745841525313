import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const DEMO_PASSWORD = 'bench-demo-password';
const ROOT = path.resolve(import.meta.dirname, '..');
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

export interface Proc {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  startedAt: number;
  output(): string;
}

// Not server/test/harness.ts's freePort: importing it would load the whole server into the bench process.
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hangar-bench-'));
  tempDirs.add(dir);
  return dir;
}

// The caller's own portal settings (a DATABASE_URL, a config file...) must not change what is measured.
const OWN_SETTINGS = /^(HANGAR_|DATABASE_URL$|OIDC_|S3_|STORAGE$|PUBLIC_URL$|HOST$)/;
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_SETTINGS.test(k)));

function launch(args: string[], cwd: string, port: number, env: Record<string, string>): Proc {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...baseEnv, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  if (!child.pid) throw new Error(`could not spawn ${args.join(' ')}`);
  // localhost, not 127.0.0.1: the portal's public URL (OIDC issuer, cookies) is http://localhost:PORT.
  return { child, pid: child.pid, port, url: `http://localhost:${port}`, startedAt, output: () => out };
}

/** The node arguments of the server's start script, so the bench runs exactly what `npm start` runs. */
function startScriptArgs(): string[] {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, 'server/package.json'), 'utf8')).scripts.start;
  const [command, ...args] = script.split(/\s+/);
  if (command !== 'node') throw new Error(`server start script does not run node: ${script}`);
  return args;
}

/** The portal the way `npm start` runs it (server/package.json's start script, in server/). */
export async function startPortal(dataDir: string, env: Record<string, string> = {}): Promise<Proc> {
  return launch(startScriptArgs(), path.join(ROOT, 'server'), await freePort(), {
    ...env,
    HANGAR_DATA_DIR: dataDir,
    HANGAR_DEMO_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
  });
}

export async function startBare(body?: string): Promise<Proc> {
  return launch([path.join(ROOT, 'bench/bare.ts')], ROOT, await freePort(), body ? { BARE_BODY: body } : {});
}

/** The floor under a chat question (bench/bare-chat.ts) on `databaseUrl`, asking the model at `upstreamUrl`. */
export async function startBareChat(databaseUrl: string, upstreamUrl: string): Promise<Proc> {
  return launch([path.join(ROOT, 'bench/bare-chat.ts')], ROOT, await freePort(), { DATABASE_URL: databaseUrl, UPSTREAM_URL: upstreamUrl });
}

/** Polls /api/healthcheck every 25 ms; returns ms from spawn to the first 200. */
export async function waitHealthy(p: Proc, timeoutMs = 60_000): Promise<number> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (p.child.exitCode !== null) throw new Error(`process exited with ${p.child.exitCode} before it was healthy:\n${p.output()}`);
    const status = await fetch(`http://127.0.0.1:${p.port}/api/healthcheck`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return performance.now() - p.startedAt;
    await sleep(25);
  }
  throw new Error(`not healthy within ${timeoutMs} ms:\n${p.output()}`);
}

export async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) / 1024;
}

export function peakMb(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmHWM for pid ${pid}`);
  return Number(kb) / 1024;
}

/** A fresh database on the BENCH_DATABASE_URL server, dropped by `drop`; null when it is not set. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return null;
  const pg = (await import('pg')).default;
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Synchronous, so it also works from process.on('exit'). */
export function killAll(): void {
  for (const c of children) c.kill('SIGKILL');
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  tempDirs.clear();
}
