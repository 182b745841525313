import { readFileSync } from 'node:fs';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { fileTypeDef } from '../server/src/features/governance/catalogue/index.ts';
import { generateRows, toCsv } from '../server/src/features/governance/demo/files.ts';
import { recentMonth, uploadForm } from '../server/src/features/governance/test-helpers.ts';
import { hashPassword } from '../server/src/platform/identity/directory.ts';
import { signIn } from '../server/test/browser.ts';
import { startStubOpenAI } from '../server/test/stub-openai.ts';
import { startTopology, TOPOLOGY_PASSWORD, type Topology } from '../server/test/topology.ts';
import { type Fault, scheduleFaults } from './load-faults.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import { log, type Result } from './result.ts';

// Issue 19: a realistic mix for a bounded time against nginx in front of three portal processes
// (one private PostgreSQL, one s3rver bucket, the chat on the local OpenAI-protocol stub):
// sign-ins, shell calls, 200 distinct users asking the chat at a steady rate, governance reads,
// 10k-row uploads, dashboard opens. `npm run bench load` (LOAD_SECONDS, LOAD_USERS, LOAD_FAULTS=1
// adds a process killed, the bucket away for 30 s, PostgreSQL restarted and nginx reloaded).

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 200);
const FAULTS = process.env.LOAD_FAULTS === '1';
const ASK_EVERY_MS = 10_000;

interface Sample {
  kind: string;
  ms: number;
  status: number;
  error?: string;
  at: number;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const DASHBOARD_PACE_MS = 500;

export async function createUsers(topo: Topology, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: topo.databaseUrl });
  client.on('error', (err) => log(`the bench's connection to create users failed: ${err.message}`));
  await client.connect();
  try {
    const hash = await hashPassword(TOPOLOGY_PASSWORD);
    const group = (await client.query(`SELECT id FROM groups WHERE name = 'SecuredGPT users'`)).rows[0].id;
    const emails = Array.from({ length: count }, (_, i) => `load${i}@hangar.local`);
    const { rows } = await client.query(
      `INSERT INTO users (email, name, bu, airport, password_hash)
       SELECT e, 'Load ' || e, 'LGW', 'LGW', $2 FROM unnest($1::text[]) AS e RETURNING id`,
      [emails, hash],
    );
    await client.query(`INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::uuid[])`, [group, rows.map((r) => r.id)]);
    return emails;
  } finally {
    await client.end();
  }
}

export async function load(): Promise<Result> {
  const postgres = await startPrivatePostgres();
  const stub = await startStubOpenAI();
  stub.set({ chunks: Array.from({ length: 20 }, (_, i) => `w${i} `), delayMs: 40, usage: { prompt_tokens: 800, completion_tokens: 120 } });
  let topo: Topology | null = null;
  const samples: Sample[] = [];
  const started = Date.now();
  const record = (kind: string, t0: number, status: number, error?: string) =>
    samples.push({ kind, ms: performance.now() - t0, status, error, at: Date.now() - started });
  try {
    log('load: private PostgreSQL, bucket, nginx and 3 portal processes');
    topo = await startTopology({
      databaseServer: postgres.url,
      env: {
        OPENAI_API_KEY: 'sk-load',
        OPENAI_BASE_URL: stub.baseUrl,
        CHAT_UPSTREAM_TIMEOUT_MS: '20000',
        // Every user signs in from this one address within the first seconds; people come from many.
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '100000',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
        CHAT_RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    const base = topo.url;
    const emails = await createUsers(topo, USERS);

    const timed = async (kind: string, run: () => Promise<Response>, check?: (res: Response) => Promise<void>) => {
      const t0 = performance.now();
      try {
        const res = await run();
        if (!res.ok) {
          // The status with the portal's message, so an error count says what users were told.
          const text = await res.text().catch(() => '');
          const message = /"message":"([^"]{0,100})/.exec(text)?.[1];
          record(kind, t0, res.status, message ? `${res.status} ${message}` : `${res.status}`);
          return;
        }
        if (check) await check(res);
        else await res.arrayBuffer();
        record(kind, t0, res.status);
      } catch (err) {
        record(kind, t0, 0, (err as Error).message.slice(0, 120));
      }
    };

    log(`load: ${USERS} sign-ins through the identity provider (10 at a time)`);
    const tokens: string[] = [];
    for (let i = 0; i < emails.length; i += 10) {
      await Promise.all(
        emails.slice(i, i + 10).map(async (email) => {
          const t0 = performance.now();
          try {
            tokens.push((await signIn(base, email, TOPOLOGY_PASSWORD)).accessToken);
            record('sign-in', t0, 200);
          } catch (err) {
            record('sign-in', t0, 0, (err as Error).message.slice(0, 120));
          }
        }),
      );
    }
    const admin = (await signIn(base, 'admin@hangar.local', TOPOLOGY_PASSWORD)).accessToken;
    const steward = (await signIn(base, 'finance.ssa@hangar.local', TOPOLOGY_PASSWORD)).accessToken;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    const mixStart = Date.now();
    const until = mixStart + SECONDS * 1000;
    const peakRss = topo.processes.map(() => 0);
    const sampler = setInterval(() => {
      for (const [i, p] of topo!.processes.entries()) peakRss[i] = Math.max(peakRss[i]!, rssMb(p.child.pid));
    }, 500);
    const faults: Fault[] = FAULTS ? scheduleFaults(topo, postgres, SECONDS * 1000) : [];

    log(`load: the mix for ${SECONDS} s${FAULTS ? ' with faults' : ''}`);
    const chatLoop = async (token: string, n: number) => {
      await new Promise((r) => setTimeout(r, Math.random() * ASK_EVERY_MS));
      for (let q = 0; Date.now() < until; q++) {
        const next = Date.now() + ASK_EVERY_MS;
        await timed(
          'chat answer',
          () =>
            fetch(`${base}/api/secured_gpt/askstream`, {
              method: 'POST',
              headers: { ...auth(token), 'content-type': 'application/json' },
              body: JSON.stringify({ id: `load-${n}-${q}`, message: 'What is the runway status?', model: 'gpt4' }),
              signal: AbortSignal.timeout(60_000),
            }),
          async (res) => {
            const text = await res.text();
            if (res.ok && !text.includes('w19')) throw new Error(`answer cut short: ${text.slice(-80)}`);
          },
        );
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    };
    const shellLoop = async (i: number) => {
      while (Date.now() < until) {
        const token = tokens[(i * 7 + Math.floor(Math.random() * tokens.length)) % tokens.length]!;
        for (const route of ['/api/shell/menu', '/api/shell/me', '/api/credit'])
          await timed(`GET ${route}`, () => fetch(`${base}${route}`, { headers: auth(token) }));
      }
    };
    const governanceLoop = async () => {
      while (Date.now() < until) {
        await timed('governance overview', () => fetch(`${base}/api/data_gov/gouvernance/overview`, { headers: auth(steward) }));
        await timed('governance quality', () =>
          fetch(`${base}/api/data_gov/gouvernance/quality`, {
            method: 'POST',
            headers: { ...auth(steward), 'content-type': 'application/json' },
            body: JSON.stringify({ asset: 'SSA', use_case: 'Finance', year: new Date().getUTCFullYear() }),
          }),
        );
      }
    };
    const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
    let uploadsAccepted = 0;
    const uploadLoop = async () => {
      for (let k = 0; Date.now() < until; k++) {
        const period = recentMonth((k % 3) + 1);
        // 5,000 journals of two lines: 10,000 rows.
        const csv = toCsv(generateRows(GL, { year: period.year, month: period.month, size: 5_000, seed: k }));
        const head = { file_asset: 'SSA', use_case: 'Finance', month: period.m, year: period.y };
        await timed(
          'upload 10k rows',
          () =>
            fetch(`${base}/api/data_gov/ingestion/file`, {
              method: 'POST',
              headers: auth(steward),
              body: uploadForm(head, [{ file_type: 'GENERAL_LEDGER', name: `gl-load-${k}.csv`, body: csv }]),
            }),
          async (res) => {
            await res.arrayBuffer();
            if (res.ok) uploadsAccepted++;
          },
        );
        await new Promise((r) => setTimeout(r, 3000));
      }
    };
    const dashboardLoop = async () => {
      const list = await fetch(`${base}/api/v1/dashboards`, { headers: auth(admin) });
      if (list.status === 404) return; // no dashboards in this build
      const keys = ((await list.json()) as { dashboards: { key: string; available: boolean; provider: string }[] }).dashboards
        .filter((d) => d.available && d.provider === 'builtin')
        .map((d) => d.key);
      for (let k = 0; Date.now() < until && keys.length; k++) {
        const key = keys[k % keys.length]!;
        const t0 = performance.now();
        try {
          const session = (await (
            await fetch(`${base}/api/v1/dashboard/create-session`, { method: 'POST', headers: auth(admin) })
          ).json()) as { uuid: string };
          const report = (await (await fetch(`${base}/api/v1/dashboard/${key}/${session.uuid}`, { headers: auth(admin) })).json()) as {
            reports: { embedUrl: string }[];
            token: string;
          };
          const data = await fetch(`${base}${report.reports[0]!.embedUrl}?token=${encodeURIComponent(report.token)}`, {
            headers: auth(admin),
          });
          await data.arrayBuffer();
          record('dashboard open', t0, data.status, data.ok ? undefined : `${data.status}`);
        } catch (err) {
          record('dashboard open', t0, 0, (err as Error).message.slice(0, 120));
        }
        // One person opens two dashboards a second at most: unpaced, the loop reached ten, over the
        // per-user limit of the data route (240 a minute) once a killed process left two to share it.
        await new Promise((r) => setTimeout(r, Math.max(0, DASHBOARD_PACE_MS - (performance.now() - t0))));
      }
    };
    await Promise.all([
      ...tokens.map((t, n) => chatLoop(t, n)),
      ...Array.from({ length: 10 }, (_, i) => shellLoop(i)),
      governanceLoop(),
      governanceLoop(),
      uploadLoop(),
      dashboardLoop(),
    ]);
    clearInterval(sampler);
    const faultReport = await Promise.all(faults.map((f) => f.done));

    // What is kept: the ledger equals the balances, nothing negative, no hold left open once the
    // answers of a killed process are swept (stale after 30 s, swept every minute).
    if (FAULTS) {
      log('load: waiting for the answers a killed process left to be swept');
      await new Promise((r) => setTimeout(r, 95_000));
    }
    const { unbalanced, negative, held, uploads } = await keptChecks(topo.databaseUrl);
    // Every registered upload has its file in the bucket (none half-registered), and none the users were told was received is missing.
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: topo.bucket.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    let missing = 0;
    for (const row of uploads.rows) {
      await s3.send(new HeadObjectCommand({ Bucket: topo.bucket.name, Key: row.object_key })).catch(() => missing++);
    }
    s3.destroy();
    const health = (await fetch(`${base}/api/healthcheck`)).status;

    const kinds = [...new Set(samples.map((s) => s.kind))];
    const seconds = (Date.now() - started) / 1000;
    const errors = samples.filter((s) => s.error);
    const fivexx = samples.filter((s) => s.status >= 500).length;
    const details = kinds.map((kind) => {
      const of = samples.filter((s) => s.kind === kind);
      const ms = of.filter((s) => !s.error).map((s) => s.ms);
      const bad = of.filter((s) => s.error);
      return `${kind}: ${of.length} (${(of.length / seconds).toFixed(1)}/s), p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, errors ${bad.length}${bad.length ? ` (${[...new Set(bad.map((b) => b.error))].slice(0, 3).join('; ')}; at ${bad.map((b) => ((b.at + started - mixStart) / 1000).toFixed(1)).join(', ')} s into the mix)` : ''}`;
    });
    details.push(`peak RSS per process: ${peakRss.map((m) => `${m.toFixed(0)} MB`).join(', ')}`);
    details.push(
      `ledger: ${unbalanced.rows[0].n} accounts off their ledger, ${negative.rows[0].n} negative, ${held.rows[0].n} holds left open; uploads: ${uploadsAccepted} accepted, ${uploads.rows.length} registered, ${missing} registered without their file; health after: ${health}`,
    );
    details.push(...faultReport.map((f) => `fault: ${f}`));
    const kept =
      unbalanced.rows[0].n === 0 &&
      negative.rows[0].n === 0 &&
      held.rows[0].n === 0 &&
      missing === 0 &&
      uploads.rows.length >= uploadsAccepted &&
      health === 200;
    return {
      name: 'load',
      measure: `${SECONDS} s mix through nginx, 3 processes, ${USERS} chat users${FAULTS ? ', with faults' : ''}`,
      portal: `${(samples.length / seconds).toFixed(0)} req/s`,
      baseline: `${errors.length} errors, ${fivexx} 5xx`,
      ratio: errors.length,
      target: FAULTS ? 'nothing lost, health 200 after' : '0 errors, 0 5xx, ledger balanced',
      pass: FAULTS ? kept : kept && errors.length === 0 && fivexx === 0,
      details,
    };
  } finally {
    await topo?.close().catch(() => {});
    await stub.close();
    postgres.stop();
  }
}

/** What must be kept after the run: the ledger against the balances, the holds, the registered uploads. */
async function keptChecks(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (err) => log(`the bench's connection for the checks failed: ${err.message}`));
  await client.connect();
  try {
    // One after another: node-postgres deprecates queries sent while the connection is busy.
    const unbalanced = await client.query(`SELECT count(*)::int AS n FROM credit_accounts a
      WHERE a.remaining_milli <> (SELECT COALESCE(SUM(delta_milli), 0) FROM credit_ledger l WHERE l.user_id = a.user_id)`);
    const negative = await client.query('SELECT count(*)::int AS n FROM credit_accounts WHERE remaining_milli < 0');
    // A hold is its reservation's 'reserve' rows in the ledger; one settle or release row closes it.
    const held = await client.query(`SELECT count(DISTINCT r.reservation_id)::int AS n FROM credit_ledger r
      WHERE r.kind = 'reserve' AND NOT EXISTS (
        SELECT 1 FROM credit_ledger c WHERE c.reservation_id = r.reservation_id AND c.kind IN ('settle', 'release'))`);
    const uploads = await client.query(`SELECT object_key FROM gov_uploads WHERE file_name LIKE 'gl-load-%'`);
    return { unbalanced, negative, held, uploads };
  } finally {
    await client.end();
  }
}
