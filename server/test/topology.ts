import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { freePort } from './harness.ts';

// Each portal process starts as `npm start` starts it: the start script's Node flags and entry
// (the server's bundle), so the topology measures and tests what production runs.
const START_SCRIPT = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;
const START_ARGS = START_SCRIPT.replace(/^node\s+/, '')
  .split(/\s+/)
  .map((arg) => (arg.endsWith('.mjs') ? path.resolve(import.meta.dirname, '..', arg) : arg));

/**
 * The production shape on one machine (issue 19): nginx with the checked-in site configuration
 * (deploy/nginx/hangar.conf, only its ports changed) in front of several portal processes on one
 * PostgreSQL database (a fresh one on TEST_DATABASE_URL's server) and one S3 bucket (s3rver).
 */
const SITE = path.resolve(import.meta.dirname, '../../deploy/nginx/hangar.conf');
export const TOPOLOGY_PASSWORD = 'topology-test-pw';

export interface PortalProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export interface Topology {
  /** nginx's address: what users open (PUBLIC_URL). */
  url: string;
  databaseUrl: string;
  /** The bucket the processes share (s3rver), for checks from outside the portal. */
  bucket: { name: string; endpoint: string };
  processes: PortalProcess[];
  /** Starts process i again (after a kill) on its port. */
  restart: (i: number) => Promise<PortalProcess>;
  /** The bucket goes away (connections refused) and comes back on the same port with its objects. */
  stopBucket: () => Promise<void>;
  startBucket: () => Promise<void>;
  /** `nginx -s reload`: new workers take the configuration, old ones finish their connections. */
  reloadNginx: () => void;
  close: () => Promise<void>;
}

export const topologySkipReason = (): string | null =>
  !process.env.TEST_DATABASE_URL
    ? 'Several portal processes behind nginx need PostgreSQL: skipped here, run with TEST_DATABASE_URL.'
    : spawnable('nginx')
      ? null
      : 'nginx is not installed (bash scripts/setup-system.sh): the production topology is skipped.';

function spawnable(cmd: string): boolean {
  return spawnSync(cmd, ['-v']).status === 0;
}

export async function waitHealthy(url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/api/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs / 1000} s`);
}

/** nginx with the checked-in site (nginxConfig) in `dir`, listening on `listen`, in front of `upstreams`. */
export function startNginx(dir: string, listen: number, upstreams: number[]): ChildProcess {
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, listen, upstreams));
  return spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The checked-in site with the test's ports, inside a minimal nginx.conf that keeps its files in `dir`. */
export function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  let site = readFileSync(SITE, 'utf8');
  if (!/^\s*listen 80;$/m.test(site) || !/^\s*server 127\.0\.0\.1:808\d /m.test(site)) {
    throw new Error('deploy/nginx/hangar.conf changed shape: update the topology harness');
  }
  site = site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listen};`);
  const servers = site.match(/^\s*server 127\.0\.0\.1:808\d .*$/gm)!;
  site = site.replace(servers.join('\n'), upstreams.map((p) => servers[0]!.replace(/808\d/, String(p))).join('\n'));
  const asRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${asRoot}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

export async function startTopology(
  opts: {
    processes?: number;
    env?: Record<string, string>;
    /** The PostgreSQL server to create the database on (TEST_DATABASE_URL's by default). */
    databaseServer?: string;
  } = {},
): Promise<Topology> {
  const count = opts.processes ?? 3;
  const dir = mkdtempSync(path.join(tmpdir(), 'hangar-topology-'));
  const children: ChildProcess[] = [];

  // A database of its own on the shared server.
  const server = opts.databaseServer ?? process.env.TEST_DATABASE_URL!;
  const dbName = `hangar_topology_${process.pid}_${Date.now()}`;
  // Connections to the server are opened per use: a fault may restart it in between.
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: server });
    admin.on('error', (err) => console.warn(`topology: the connection for "${statement}" failed: ${err.message}`));
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${dbName}`;

  // One bucket.
  const s3Options = { address: '127.0.0.1', directory: path.join(dir, 's3'), silent: true };
  let s3: S3rver | null = new S3rver({ ...s3Options, port: 0 });
  const { port: s3Port } = await s3.run();
  const s3Env = {
    STORAGE: 's3',
    S3_BUCKET: 'hangar-topology',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER', // s3rver's fixed test credentials
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const s3Admin = new S3Client({
    region: 'us-east-1',
    endpoint: s3Env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3Admin.send(new CreateBucketCommand({ Bucket: s3Env.S3_BUCKET }));
  s3Admin.destroy();

  const nginxPort = await freePort();
  const publicUrl = `http://localhost:${nginxPort}`;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());

  const startProcess = (i: number): PortalProcess => {
    const port = ports[i]!;
    const dataDir = path.join(dir, `p${i}`);
    mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, START_ARGS, {
      env: {
        ...process.env,
        ...s3Env,
        DATABASE_URL: dbUrl.href,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        HANGAR_DATA_DIR: dataDir,
        HANGAR_DEMO_PASSWORD: TOPOLOGY_PASSWORD,
        HANGAR_DEMO_WAREHOUSE: 'false',
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
    child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { port, url: `http://localhost:${port}`, child, output: () => output, exited };
  };

  // All at once, as a deployment starts them: migrations and the demo seeding must cope.
  const processes = ports.map((_, i) => startProcess(i));

  const nginx = startNginx(dir, nginxPort, ports);
  children.push(nginx);
  let nginxOutput = '';
  nginx.stderr!.on('data', (d) => (nginxOutput += d));

  try {
    await Promise.all(processes.map((p) => waitHealthy(p.url)));
    await waitHealthy(publicUrl, 20_000);
  } catch (err) {
    for (const c of children) c.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\nnginx: ${nginxOutput}\n${processes.map((p) => p.output()).join('\n---\n')}`);
  }

  return {
    url: publicUrl,
    databaseUrl: dbUrl.href,
    bucket: { name: s3Env.S3_BUCKET, endpoint: s3Env.S3_ENDPOINT },
    processes,
    async stopBucket() {
      const closing = s3?.close();
      // A bucket that goes away drops its connections too: one left open by a request in flight
      // would otherwise keep the server (and the fault) waiting for it.
      (s3 as unknown as { httpServer?: { closeAllConnections(): void } } | null)?.httpServer?.closeAllConnections();
      await closing;
      s3 = null;
    },
    async startBucket() {
      s3 = new S3rver({ ...s3Options, port: s3Port });
      await s3.run();
    },
    reloadNginx() {
      const r = spawnSync('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-s', 'reload']);
      if (r.status !== 0) throw new Error(`nginx reload failed: ${r.stderr}`);
    },
    async restart(i) {
      const p = startProcess(i);
      processes[i] = p;
      await waitHealthy(p.url);
      return p;
    },
    async close() {
      await Promise.all(
        children.map(async (c) => {
          if (c.exitCode !== null || c.signalCode !== null) return;
          const gone = new Promise((r) => c.once('exit', r));
          c.kill('SIGTERM');
          const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
          await gone;
          clearTimeout(timer);
        }),
      );
      await s3?.close();
      await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
