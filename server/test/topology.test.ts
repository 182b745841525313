import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { IngestionItem } from '@hangar/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTypeDef } from '../src/features/governance/catalogue/index.ts';
import { generateRows, toCsv } from '../src/features/governance/demo/files.ts';
import { QUEUES } from '../src/features/governance/pipeline.ts';
import { fieldsForm, postForm, recentMonth, uploadForm, waitForItem } from '../src/features/governance/test-helpers.ts';
import { askAndLeave, followAnswer } from './answer-stream.ts';
import { apiCaller } from './api.ts';
import { signIn } from './browser.ts';
import { startStubOpenAI } from './stub-openai.ts';
import { type PortalProcess, startTopology, TOPOLOGY_PASSWORD, type Topology, topologySkipReason } from './topology.ts';

// Issue 19: the production shape proven. nginx with deploy/nginx/hangar.conf in front of three
// portal processes started at once on one PostgreSQL database and one S3 bucket.

const skip = topologySkipReason();
if (skip) console.info(skip);

const P3 = recentMonth(3);
const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const HEAD = { file_asset: 'SSA', use_case: 'Finance', month: P3.m, year: P3.y };
const Q = `use_case=Finance&asset=SSA&year=${P3.y}&month=${P3.m}`;
const WORDS = Array.from({ length: 40 }, (_, i) => `word${i} `);

describe.skipIf(skip)('three portal processes behind nginx', () => {
  let topo: Topology;
  let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
  const db = () => new pg.Client({ connectionString: topo.databaseUrl });

  beforeAll(async () => {
    stub = await startStubOpenAI();
    topo = await startTopology({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl } });
  }, 300_000);
  afterAll(async () => {
    await topo?.close();
    await stub?.close();
  }, 60_000);

  it('started at once on an empty database: migrations ran once, the demo was seeded once, every process serves', async () => {
    const client = db();
    await client.connect();
    try {
      const migrations = readdirSync(path.resolve(import.meta.dirname, '../drizzle')).filter((f) => f.endsWith('.sql')).length;
      const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(migrations);
      const admins = await client.query(`SELECT count(*)::int AS n FROM users WHERE email = 'admin@hangar.local'`);
      expect(admins.rows[0].n).toBe(1);
      const groups = await client.query('SELECT name, count(*)::int AS n FROM groups GROUP BY name HAVING count(*) > 1');
      expect(groups.rows).toEqual([]);
    } finally {
      await client.end();
    }
    for (const p of topo.processes) expect((await fetch(`${p.url}/api/healthcheck`)).status).toBe(200);
    expect((await fetch(`${topo.url}/api/healthcheck`)).status).toBe(200);
  });

  it('a sign-in through nginx holds on every process, and a refresh on any of them', async () => {
    const { client, accessToken } = await signIn(topo.url, 'analyst@hangar.local', TOPOLOGY_PASSWORD);
    for (const p of topo.processes) {
      const res = await apiCaller(() => p.url)('GET', '/api/credit', accessToken);
      expect(res.status, `process on ${p.port}`).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const refreshed = await client.fetch(`${topo.url}/auth/refresh`, { method: 'POST' });
      expect(refreshed.status).toBe(200);
      const { access_token } = (await refreshed.json()) as { access_token: string };
      expect((await apiCaller(() => topo.processes[2 - i]!.url)('GET', '/api/credit', access_token)).status).toBe(200);
    }
  });

  it('a right granted and revoked on one process is enforced on the others within seconds', async () => {
    const admin = (await signIn(topo.url, 'admin@hangar.local', TOPOLOGY_PASSWORD)).accessToken;
    const viewer = await signIn(topo.url, 'viewer@hangar.local', TOPOLOGY_PASSWORD);
    const [p0, p1, p2] = topo.processes.map((p) => apiCaller(() => p.url));
    const client = db();
    await client.connect();
    const viewerId = (await client.query(`SELECT id FROM users WHERE email = 'viewer@hangar.local'`)).rows[0].id as string;
    await client.end();
    const granted = await p0!('POST', '/api/admin/rights/grants', admin, { appId: 'GenAI/Translator', userId: viewerId });
    expect(granted.status).toBe(201);
    // The token minted before the change is refused everywhere, not only where the change was made.
    const started = Date.now();
    await expect.poll(async () => (await p1!('GET', '/api/credit', viewer.accessToken)).status, { timeout: 5000, interval: 100 }).toBe(401);
    await expect.poll(async () => (await p2!('GET', '/api/credit', viewer.accessToken)).status, { timeout: 5000, interval: 100 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(5000);
    const token = ((await (await viewer.client.fetch(`${topo.url}/auth/refresh`, { method: 'POST' })).json()) as { access_token: string })
      .access_token;
    expect((await p1!('GET', '/api/translation/clear_session', token)).status).toBe(200);

    expect((await p2!('DELETE', `/api/admin/rights/grants/${granted.body.grantId}`, admin)).status).toBe(204);
    await expect
      .poll(async () => (await p0!('GET', '/api/translation/clear_session', token)).status, { timeout: 5000, interval: 100 })
      .toBe(401);
    const refreshed = await viewer.client.fetch(`${topo.url}/auth/refresh`, { method: 'POST' });
    const body = await refreshed.text();
    expect(refreshed.status, body).toBe(200);
    const after = (JSON.parse(body) as { access_token: string }).access_token;
    expect((await p1!('GET', '/api/translation/clear_session', after)).status).toBe(403);
  });

  it('an answer streamed through one process is followed to its end through another after a reload', async () => {
    stub.set({ chunks: WORDS, delayMs: 40, usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const { accessToken } = await signIn(topo.url, 'analyst@hangar.local', TOPOLOGY_PASSWORD);
    const messageId = await askAndLeave(topo.processes[0]!.url, accessToken, 'topology-resume');
    const followed = await followAnswer(topo.processes[1]!.url, accessToken, messageId);
    expect(followed.contentType).toContain('text/event-stream');
    expect(followed.text).toBe(WORDS.join(''));
    expect(followed.end?.status).toBe('complete');
    // And through nginx: the stored answer again, in one go.
    const again = await followAnswer(topo.url, accessToken, messageId);
    expect(again.text).toBe(WORDS.join(''));
  });

  it('an upload received by one process is checked in the background and downloaded through another', async () => {
    const { accessToken } = await signIn(topo.url, 'finance.ssa@hangar.local', TOPOLOGY_PASSWORD);
    const csv = toCsv(generateRows(GL, { year: P3.year, month: P3.month, size: 50, seed: 7 }));
    const [p0, p1, p2] = topo.processes;
    const sent = await postForm(
      p0!.url,
      '/api/data_gov/ingestion/file',
      accessToken,
      uploadForm(HEAD, [{ file_type: 'GENERAL_LEDGER', name: 'gl-topology.csv', body: csv }]),
    );
    expect(sent.status).toBeLessThan(300);
    const itemsAt = (url: string) => () =>
      fetch(`${url}/api/data_gov/ingestion/data?${Q}`, { headers: { authorization: `Bearer ${accessToken}` } }).then(
        (r) => r.json() as Promise<IngestionItem[]>,
      );
    const review = await waitForItem(itemsAt(p1!.url), 'GENERAL_LEDGER', (i) => i.status.checkKpis === 'running', 90_000);
    const validated = await postForm(
      p1!.url,
      '/api/data_gov/ingestion/validate',
      accessToken,
      fieldsForm({ ...HEAD, file_type: 'GENERAL_LEDGER', tmp_bucket_url: review.tmp_bucket_url! }),
    );
    expect(validated.status).toBe(200);
    const done = await waitForItem(itemsAt(topo.url), 'GENERAL_LEDGER', (i) => i.status.processed === 'finished', 90_000);
    const link = await apiCaller(() => p1!.url)('POST', '/api/data_gov/gouvernance/download', accessToken, { gs_url: done.file_url });
    expect(link.status).toBe(200);
    const url = new URL(link.body as string);
    expect(url.origin).toBe(topo.url);
    const file = await fetch(`${p2!.url}${url.pathname}${url.search}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(csv);
  }, 240_000);

  // Last: it stops and restarts processes.
  it('a process killed with SIGKILL in the middle of a job leaves the job to another process', async () => {
    const { accessToken } = await signIn(topo.url, 'finance.ssa@hangar.local', TOPOLOGY_PASSWORD);
    const [p0, p1, p2] = topo.processes as [PortalProcess, PortalProcess, PortalProcess];
    // Only the first process is left to take the job.
    for (const p of [p1, p2]) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    const P2 = recentMonth(2);
    const head = { ...HEAD, month: P2.m, year: P2.y };
    const items = (url: string) => () =>
      fetch(`${url}/api/data_gov/ingestion/data?use_case=Finance&asset=SSA&year=${P2.y}&month=${P2.m}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      }).then((r) => r.json() as Promise<IngestionItem[]>);
    const csv = toCsv(generateRows(GL, { year: P2.year, month: P2.month, size: 120_000, seed: 11 }));
    expect(
      (
        await postForm(
          p0.url,
          '/api/data_gov/ingestion/file',
          accessToken,
          uploadForm(head, [{ file_type: 'GENERAL_LEDGER', name: 'gl-big.csv', body: csv }]),
        )
      ).status,
    ).toBeLessThan(300);
    const review = await waitForItem(items(p0.url), 'GENERAL_LEDGER', (i) => i.status.checkKpis === 'running', 120_000);
    const fields = fieldsForm({ ...head, file_type: 'GENERAL_LEDGER', tmp_bucket_url: review.tmp_bucket_url! });
    expect((await postForm(p0.url, '/api/data_gov/ingestion/validate', accessToken, fields)).status).toBe(200);
    // Killed once it holds the processing job (pg-boss marks it active), not while it is still queued.
    const client = db();
    await client.connect();
    await expect
      .poll(
        async () =>
          (await client.query(`SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on DESC LIMIT 1`, [QUEUES.process])).rows[0]
            ?.state,
        { timeout: 60_000, interval: 20 },
      )
      .toBe('active');
    p0.child.kill('SIGKILL');
    await p0.exited;
    // Not vacuous: the job was still unfinished when its process died (240k rows take a few seconds).
    const atKill = await client.query(`SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on DESC LIMIT 1`, [QUEUES.process]);
    expect(atKill.rows[0]?.state).toBe('active');

    // Another process takes the job over once the dead one's heartbeat lapses, and finishes it.
    const taker = await topo.restart(1);
    const done = await waitForItem(items(taker.url), 'GENERAL_LEDGER', (i) => i.status.processed === 'finished', 180_000);
    expect(done.error).toBeFalsy();
    try {
      const retried = await client.query(`SELECT retry_count FROM pgboss.job WHERE name = $1 ORDER BY created_on DESC LIMIT 1`, [
        QUEUES.process,
      ]);
      expect(retried.rows[0].retry_count).toBeGreaterThanOrEqual(1);
      const { rows } = await client.query(
        `SELECT rows FROM gov_warehouse WHERE bu = 'SSA' AND use_case = 'Finance' AND file_type = 'GENERAL_LEDGER' AND year = $1 AND month = $2`,
        [P2.year, P2.month],
      );
      expect(rows.map((r) => Number(r.rows))).toEqual([240_000]);
    } finally {
      await client.end();
    }
    await Promise.all([topo.restart(0), topo.restart(2)]);
  }, 480_000);
});
