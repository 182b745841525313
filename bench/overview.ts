import autocannon from 'autocannon';
import { allUseCases, fileTypesFor } from '../server/src/features/governance/catalogue/index.ts';
import { openDatabase } from '../server/src/platform/db/client.ts';
import { govCheckResults } from '../server/src/platform/db/schema.ts';
import { signIn } from '../server/test/browser.ts';
import { DEMO_PASSWORD, type Proc, startBare, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, type Result } from './result.ts';

const CONNECTIONS = 50;
const DURATION_S = 8;
const TARGET_P99_MS = 50;
const USE_CASES = ['Traffic', 'Finance', 'Retail', 'Ops', 'HR'];
const CHECKS = ['data_integrity', 'file_integrity', 'file_not_received', 'mapping_coverage'] as const;

/** Three years of monthly results for every table of five use cases at SSA, written before the portal starts. */
async function seedResults(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = [];
    for (const uc of allUseCases().filter((u) => USE_CASES.includes(u.name))) {
      for (const t of fileTypesFor(uc.name, 'SSA')) {
        for (const year of [2024, 2025, 2026]) {
          for (let month = 1; month <= 12; month++) {
            for (const check of CHECKS) {
              const n = (year * 13 + month * 7 + check.length) % 10;
              const value = check === 'mapping_coverage' ? n * 10 + 5 : n < 2 ? -1 : 1;
              rows.push({
                bu: 'SSA',
                useCase: uc.name,
                fileType: t.type,
                year,
                month,
                check,
                value,
                status: value === -1 ? ('failed' as const) : ('success' as const),
                message: `${check}: ${value}`,
              });
            }
          }
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500) await database.db.insert(govCheckResults).values(rows.slice(i, i + 500));
    return rows.length;
  } finally {
    await database.close();
  }
}

async function load(p: Proc, path: string, headers: Record<string, string>) {
  await autocannon({ url: `http://127.0.0.1:${p.port}${path}`, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url: `http://127.0.0.1:${p.port}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx || r.errors) throw new Error(`load on ${p.url}${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

/** The overview route for a BU with 5 use cases and 3 years of results, 50 requests at once. */
export async function overview(): Promise<Result> {
  const dataDir = tempDataDir();
  log('overview: writing 3 years of check results');
  const count = await seedResults(dataDir);
  const portal = await startPortal(dataDir, { HANGAR_DEMO_WAREHOUSE: 'false' });
  let body: string;
  let portalRun: autocannon.Result;
  try {
    await waitHealthy(portal);
    const { accessToken } = await signIn(portal.url, 'admin@hangar.local', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    const res = await fetch(`${portal.url}/api/data_gov/gouvernance/overview`, { headers });
    body = await res.text();
    if (res.status !== 200) throw new Error(`overview answered ${res.status}: ${body.slice(0, 200)}`);
    log(`overview: portal, ${CONNECTIONS} connections, ${DURATION_S} s`);
    portalRun = await load(portal, '/api/data_gov/gouvernance/overview', headers);
  } finally {
    await stop(portal);
  }
  const bare = await startBare(body);
  let bareRun: autocannon.Result;
  try {
    await waitHealthy(bare);
    bareRun = await load(bare, '/api/shell/menu', {});
  } finally {
    await stop(bare);
  }
  const p99 = portalRun.latency.p99;
  return {
    name: 'Overview: GET /api/data_gov/gouvernance/overview, 5 use cases x 3 years at one BU, 50 at once',
    measure: 'latency p99',
    portal: `${p99} ms`,
    baseline: `${bareRun.latency.p99} ms`,
    ratio: p99 / Math.max(bareRun.latency.p99, 1),
    target: `p99 < ${TARGET_P99_MS} ms`,
    pass: p99 < TARGET_P99_MS,
    details: [
      `${count} stored results; answer ${(body.length / 1024).toFixed(0)} KB`,
      `portal: ${portalRun.requests.total} requests, p50 ${portalRun.latency.p50} ms, p99 ${p99} ms (target < ${TARGET_P99_MS} ms)`,
      `bare Fastify serving the same answer: p50 ${bareRun.latency.p50} ms, p99 ${bareRun.latency.p99} ms`,
    ],
  };
}
