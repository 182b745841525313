import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DashboardCatalogue, DashboardData, DashboardReportResponse } from '@hangar/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { deliverLedgerMonth, duckdb, type LedgerMonth } from '../../../test/dashboard-ledger.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { appGrants, dashboardSessions, govCheckResults, users } from '../../platform/db/schema.ts';

// Dashboards through their routes on ledgers delivered for SSA, AMA and LGW: the finance steward of
// SSA sees SSA's numbers only; the numbers are those DuckDB computes straight from the files.

let t: TestApp;
let dir: string;
const tokens: Record<'steward' | 'analyst' | 'admin' | 'viewer', string> = { steward: '', analyst: '', admin: '', viewer: '' };
const call = apiCaller(() => t.url);
const files: Record<string, string[]> = { SSA: [], AMA: [], LGW: [] };
const LEDGER: LedgerMonth[] = [
  { bu: 'SSA', month: 1, revenue: { 'CC-1': 1000, 'CC-2': 250 }, expenses: 400 },
  { bu: 'SSA', month: 2, revenue: { 'CC-1': 1200 }, expenses: 300 },
  { bu: 'AMA', month: 1, revenue: { 'CC-1': 3000 }, expenses: 900 },
  { bu: 'LGW', month: 1, revenue: { 'CC-1': 5000 }, expenses: 1500 },
  { bu: 'LGW', month: 2, revenue: { 'CC-9': 7000 }, expenses: 1700 },
];

const list = (paths: string[]) => `[${paths.map((p) => `'${p}'`).join(', ')}]`;
/** Revenue and expenses by month, straight from the Parquet files with DuckDB. */
async function expectedByMonth(paths: string[]) {
  return duckdb(`SELECT CAST(period AS VARCHAR) m, -sum(amount) FILTER (WHERE starts_with(account, '7')), sum(amount) FILTER (WHERE starts_with(account, '6'))
    FROM read_parquet(${list(paths)}) GROUP BY m ORDER BY m`);
}

async function open(token: string, dashboard: string) {
  const session = await call('POST', `/api/v1/dashboard/create-session`, token);
  expect(session.status).toBe(200);
  const report = await call('GET', `/api/v1/dashboard/${dashboard}/${session.body.uuid}`, token);
  return { sessionId: session.body.uuid as string, report };
}
async function widgets(token: string, dashboard: string, filters = '') {
  const { report } = await open(token, dashboard);
  expect(report.status).toBe(200);
  const r = report.body as DashboardReportResponse;
  const res = await call('GET', `${r.reports[0]!.embedUrl}?token=${encodeURIComponent(r.token)}${filters}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map((res.body as DashboardData).widgets.map((w) => [w.id, w]));
}

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' });
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-dashboards-'));
  for (const m of LEDGER) files[m.bu]!.push(await deliverLedgerMonth(t, dir, m));
  tokens.steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
  tokens.analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  tokens.admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  tokens.viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the catalogue', () => {
  it('lists every dashboard of the menu the caller holds, those without governed data as unavailable with the reason', async () => {
    const all = (await call('GET', '/api/v1/dashboards', tokens.analyst)).body as DashboardCatalogue;
    const ids = all.dashboards.map((d) => d.id).sort((a, b) => a - b);
    expect(ids).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 40, 41, 42, 1111111]);
    for (const d of all.dashboards) {
      expect(d.title && d.description && d.icon).toBeTruthy();
      expect(d.available).toBe(d.unavailableReason === null);
    }
    const airport = all.dashboards.find((d) => d.id === 13)!;
    expect(airport.available).toBe(false);
    expect(airport.unavailableReason).toMatch(/No governed data/);
    expect(all.dashboards.find((d) => d.id === 22)!.widgets.length).toBeGreaterThan(3);
    const mine = (await call('GET', '/api/v1/dashboards', tokens.steward)).body as DashboardCatalogue;
    expect(mine.dashboards.map((d) => d.key).sort()).toEqual(['capex', 'credit-risk', 'finance']);
    expect((await call('GET', '/api/v1/dashboards', tokens.viewer)).status).toBe(403);
  });
});

describe('sessions', () => {
  it('creates, reads and deletes a session; another user’s is a 404', async () => {
    const created = await call('POST', '/api/v1/finance/create-session', tokens.steward);
    expect(created.status).toBe(200);
    const id = created.body.uuid as string;
    const got = await call('GET', `/api/v1/finance/get-session/${id}`, tokens.steward);
    expect(got.status).toBe(200);
    expect(Math.abs(Date.parse(got.body.start_time) - Date.now())).toBeLessThan(60_000);
    expect((await call('GET', `/api/v1/dashboard/get-session/${id}`, tokens.steward)).status).toBe(200);
    expect((await call('GET', `/api/v1/finance/get-session/${id}`, tokens.analyst)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/finance/delete-session/${id}`, tokens.analyst)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/finance/delete-session/${id}`, tokens.steward)).status).toBe(204);
    expect((await call('GET', `/api/v1/finance/get-session/${id}`, tokens.steward)).status).toBe(404);
  });

  it('a new session removes the caller’s expired ones, and only his', async () => {
    const mine = (await call('POST', '/api/v1/dashboard/create-session', tokens.steward)).body.uuid as string;
    const theirs = (await call('POST', '/api/v1/dashboard/create-session', tokens.analyst)).body.uuid as string;
    const longAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.ctx.db
      .update(dashboardSessions)
      .set({ startTime: longAgo })
      .where(inArray(dashboardSessions.id, [mine, theirs]));
    const fresh = (await call('POST', '/api/v1/dashboard/create-session', tokens.steward)).body.uuid as string;
    const left = await t.ctx.db
      .select({ id: dashboardSessions.id })
      .from(dashboardSessions)
      .where(inArray(dashboardSessions.id, [mine, theirs, fresh]));
    expect(left.map((r) => r.id).sort()).toEqual([theirs, fresh].sort());
  });

  it('refuses a dashboard the caller does not hold, and an unknown one', async () => {
    expect((await call('POST', '/api/v1/traffic/create-session', tokens.steward)).status).toBe(403);
    const unknown = await call('POST', '/api/v1/nothing/create-session', tokens.steward);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no dashboard "nothing"/);
  });
});

describe('the report response and its token', () => {
  it('has the spec’s shape: one report with the widget data route, and a token', async () => {
    const { report } = await open(tokens.steward, 'finance');
    expect(report.status).toBe(200);
    expect(report.body.reports).toHaveLength(1);
    expect(report.body.reports[0]).toEqual({ id: 'finance', embedUrl: '/api/v1/dashboard/finance/data' });
    expect(typeof report.body.token).toBe('string');
    expect(Date.parse(report.body.expiration)).toBeGreaterThan(Date.now());
  });

  it('refuses a missing, forged, another user’s or another dashboard’s token', async () => {
    const { report } = await open(tokens.steward, 'finance');
    const token = report.body.token as string;
    const data = (who: string, q: string, dashboard = 'finance') => call('GET', `/api/v1/dashboard/${dashboard}/data?${q}`, who);
    expect((await data(tokens.steward, '')).status).toBe(400);
    const [payload, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), e: 9_999_999_999 })).toString('base64url')}.${mac}`;
    const refused = await data(tokens.steward, `token=${forged}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/not one this portal signed/);
    const other = await data(tokens.analyst, `token=${token}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/another user/);
    expect((await data(tokens.steward, `token=${token}`, 'capex')).status).toBe(403);
    expect((await data(tokens.steward, `token=${token}`)).status).toBe(200);
  });

  it('refuses the token once its session is deleted', async () => {
    const { sessionId, report } = await open(tokens.steward, 'finance');
    await call('DELETE', `/api/v1/dashboard/delete-session/${sessionId}`, tokens.steward);
    const res = await call('GET', `/api/v1/dashboard/finance/data?token=${report.body.token}`, tokens.steward);
    expect(res.status).toBe(404);
  });

  it('gives LGW users the LGW Retail report (the spec’s LGW Retail rule)', async () => {
    const [viewer] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'viewer@hangar.local'));
    await t.ctx.db.insert(appGrants).values({ appId: 'Dashboard/Retail', userId: viewer!.id });
    const lgw = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
    expect((await open(lgw, 'retail')).report.body.reports[0].id).toBe('retail-lgw');
    expect((await open(tokens.analyst, 'retail')).report.body.reports[0].id).toBe('retail');
    const listed = ((await call('GET', '/api/v1/dashboards', lgw)).body as DashboardCatalogue).dashboards.find((d) => d.key === 'retail')!;
    expect(listed.widgets.map((w) => w.id)).toEqual(['shops', 'basket-by-month']);
  });

  it('says a dashboard without governed data is unavailable and why', async () => {
    const { report } = await open(tokens.analyst, 'airport-id');
    expect(report.status).toBe(503);
    expect(report.body.message).toMatch(/Airport ID dashboard is unavailable\. No governed data for airport profiles/);
  });
});

describe('widget numbers', () => {
  it('equal DuckDB over the delivered files, within the steward’s BU only, and say where they come from', async () => {
    const w = await widgets(tokens.steward, 'finance');
    const expected = await expectedByMonth(files.SSA!);
    const byMonth = w.get('revenue-by-month')!;
    expect(byMonth.rows).toEqual(expected);
    const total = expected.reduce((s, r) => s + (r[1] as number), 0);
    expect(w.get('revenue')!.rows).toEqual([[total]]);
    expect(byMonth.source.kpis.map((k) => k.kpi)).toEqual(['Revenue', 'Operating expenses']);
    expect(byMonth.source.kpis[0]!.definition).toMatch(/class 7/);
    expect(byMonth.source.deliveries.map((d) => d.month)).toEqual(['2025-01', '2025-02']);
    expect(byMonth.source.deliveries.every((d) => d.file.startsWith('warehouse/bu=SSA/'))).toBe(true);
    const quality = byMonth.source.quality.find((q) => q.kpi === 'Revenue')!;
    expect(quality.months.map((m) => `${m.bu} ${m.month}`)).toEqual(['SSA 2025-01', 'SSA 2025-02']);
    // No supplier file delivered: said, not faked.
    expect(w.get('suppliers')!.notices.join(' ')).toMatch(/No supplier spend data in your scope/);
  });

  it('never widens the scope: asking for LGW gives the steward no LGW number', async () => {
    const w = await widgets(tokens.steward, 'finance', '&bu=LGW');
    const rows = w.get('revenue-by-month')!.rows;
    const lgw = await expectedByMonth(files.LGW!);
    for (const r of rows) expect(lgw.map((x) => x[1])).not.toContain(r[1]);
    expect(w.get('revenue-by-month')!.notices.join(' ')).toMatch(/you do not have access to LGW/);
    expect(JSON.stringify(w.get('revenue')!.source)).not.toContain('LGW');
  });

  it('an HQ dashboard splits by BU within the caller’s BUs, and filters the period', async () => {
    const analyst = await widgets(tokens.analyst, 'hq-finance', '&from=2025-01&to=2025-01');
    const expected = await duckdb(`SELECT bu, -sum(amount) FILTER (WHERE starts_with(account, '7')) v FROM (
      SELECT 'SSA' bu, * FROM read_parquet(${list(files.SSA!)}) UNION ALL BY NAME SELECT 'AMA' bu, * FROM read_parquet(${list(files.AMA!)}))
      WHERE CAST(period AS VARCHAR) = '2025-01' GROUP BY bu ORDER BY v DESC`);
    expect(analyst.get('revenue-by-bu')!.rows).toEqual(expected);
    const admin = await widgets(tokens.admin, 'hq-finance');
    expect(admin.get('revenue-by-bu')!.rows.map((r) => r[0])).toEqual(['LGW', 'AMA', 'SSA']);
  });

  it('refuses a backwards period, and says the airport filter cannot split data without airports', async () => {
    const { report } = await open(tokens.steward, 'finance');
    const base = `/api/v1/dashboard/finance/data?token=${encodeURIComponent(report.body.token)}`;
    const backwards = await call('GET', `${base}&from=2025-03&to=2025-01`, tokens.steward);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/starts \(2025-03\) after it ends \(2025-01\)/);
    expect((await call('GET', `${base}&from=2025-13`, tokens.steward)).status).toBe(400);
    const w = await widgets(tokens.steward, 'finance', '&airport=SSA&from=2025-02&to=2025-02');
    expect(w.get('revenue')!.notices.join(' ')).toMatch(/no airport breakdown yet/);
    const [[feb]] = (await duckdb(
      `SELECT -sum(amount) FROM read_parquet(${list(files.SSA!)}) WHERE starts_with(account, '7') AND CAST(period AS VARCHAR) = '2025-02'`,
    )) as [[number]];
    expect(w.get('revenue')!.rows).toEqual([[feb]]);
  });

  it('a new validated delivery shows after the registry switch (no stale cache)', async () => {
    const before = await widgets(tokens.steward, 'finance');
    const again = await widgets(tokens.steward, 'finance');
    expect(again.get('revenue')!.rows).toEqual(before.get('revenue')!.rows);
    const replaced = await deliverLedgerMonth(t, dir, { bu: 'SSA', month: 2, revenue: { 'CC-1': 4321 }, expenses: 10 });
    const after = await widgets(tokens.steward, 'finance');
    const expected = await expectedByMonth([files.SSA![0]!, replaced]);
    expect(after.get('revenue-by-month')!.rows).toEqual(expected);
    expect(after.get('revenue')!.rows[0]![0]).not.toBe(before.get('revenue')!.rows[0]![0]);
    files.SSA = [files.SSA![0]!, replaced];
  });

  it('says at once where a re-delivered month comes from: its new file and its own checks (no stale where-from)', async () => {
    const february = (w: Map<string, DashboardData['widgets'][number]>) => {
      const source = w.get('revenue-by-month')!.source;
      return {
        file: source.deliveries.find((d) => d.month === '2025-02')!.file,
        quality: source.quality.find((q) => q.kpi === 'Revenue')!.months.find((m) => m.bu === 'SSA' && m.month === '2025-02'),
      };
    };
    const before = february(await widgets(tokens.steward, 'finance'));
    expect(before.quality).toMatchObject({ status: 'pending' }); // no check recorded for it in this app
    // Another portal process validates a new delivery of the month: registry switch and its checks,
    // written to the database with nothing said to this process.
    const replaced = await deliverLedgerMonth(t, dir, { bu: 'SSA', month: 2, revenue: { 'CC-1': 999 }, expenses: 1 });
    await t.ctx.db.insert(govCheckResults).values(
      (['file_integrity', 'data_integrity', 'mapping_coverage', 'file_not_received'] as const).map((check) => ({
        bu: 'SSA',
        useCase: 'Finance',
        fileType: 'GENERAL_LEDGER',
        year: 2025,
        month: 2,
        check,
        status: check === 'data_integrity' ? ('failed' as const) : ('success' as const),
        value: check === 'data_integrity' ? -1 : 1,
        message: 'test',
      })),
    );
    const after = february(await widgets(tokens.steward, 'finance'));
    expect(after.file).not.toBe(before.file);
    expect(after.quality).toEqual({ bu: 'SSA', month: '2025-02', status: 'failed', failedChecks: ['Data Integrity'] });
    files.SSA = [files.SSA![0]!, replaced];
  });
});

describe('render times', () => {
  it('are recorded per dashboard and shown in the admin Data Analytics data as median and p95', async () => {
    for (const seconds of [1, 2, 3, 10]) {
      const { sessionId } = await open(tokens.analyst, 'traffic');
      expect((await call('POST', '/api/v1/dashboard/report-rendered', tokens.analyst, { sessionId, renderTime: seconds })).status).toBe(
        204,
      );
    }
    const none = await call('POST', '/api/v1/dashboard/create-session', tokens.analyst);
    const early = await call('POST', '/api/v1/dashboard/report-rendered', tokens.analyst, { sessionId: none.body.uuid, renderTime: 1 });
    expect(early.status).toBe(400);
    expect((await call('GET', '/api/admin/analytics', tokens.analyst)).status).toBe(403);
    const stats = await call('GET', '/api/admin/analytics', tokens.admin);
    const traffic = stats.body.dashboardRenders.find((d: { key: string }) => d.key === 'traffic');
    expect(traffic).toEqual({ key: 'traffic', renders: 4, medianSeconds: 2.5, p95Seconds: expect.closeTo(8.95, 5) });
  });
});

describe('with a short session lifetime and Finance on Power BI', () => {
  let s: TestApp;
  let token: string;
  beforeAll(async () => {
    s = await startTestApp({
      HANGAR_DEMO_WAREHOUSE: 'false',
      DASHBOARD_SESSION_MINUTES: '0.02',
      DASHBOARD_TOKEN_SECONDS: '1',
      DASHBOARD_PROVIDERS: 'finance=powerbi',
    });
    token = (await signIn(s.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  }, 120_000);
  afterAll(() => s?.close());
  const sCall = apiCaller(() => s.url);

  it('expires a session after its lifetime, and its embed token, with clear messages', async () => {
    const id = (await sCall('POST', '/api/v1/dashboard/create-session', token)).body.uuid;
    expect((await sCall('GET', `/api/v1/dashboard/get-session/${id}`, token)).status).toBe(200);
    const report = (await sCall('GET', `/api/v1/dashboard/traffic/${id}`, token)).body;
    expect(Date.parse(report.expiration) - Date.now()).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, 1500));
    const stale = await sCall('GET', `/api/v1/dashboard/traffic/data?token=${report.token}`, token);
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/embed token has expired/);
    const gone = await sCall('GET', `/api/v1/dashboard/get-session/${id}`, token);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/expired at .* \(sessions last 0.02 minutes\)/);
    expect((await sCall('GET', `/api/v1/dashboard/traffic/${id}`, token)).status).toBe(404);
  });

  it('a dashboard on an unconfigured provider is unavailable, with the reason', async () => {
    const catalogue = (await sCall('GET', '/api/v1/dashboards', token)).body as DashboardCatalogue;
    const finance = catalogue.dashboards.find((d) => d.key === 'finance')!;
    expect(catalogue.sessionMinutes).toBe(0.02);
    expect(finance).toMatchObject({ provider: 'powerbi', available: false });
    expect(finance.unavailableReason).toMatch(/powerbi, which is not configured/);
    const id = (await sCall('POST', '/api/v1/dashboard/create-session', token)).body.uuid;
    const res = await sCall('GET', `/api/v1/dashboard/finance/${id}`, token);
    expect(res.status).toBe(503);
  });
});

describe('a configured Power BI provider', () => {
  let p: TestApp;
  let token: string;
  const asked: unknown[] = [];
  beforeAll(async () => {
    p = await startTestApp(
      { HANGAR_DEMO_WAREHOUSE: 'false', DASHBOARD_PROVIDERS: 'capex=powerbi,traffic=builtin' },
      {
        dashboardProviders: {
          powerbi: {
            kind: 'powerbi',
            configuredKeys: () => ['22', 'traffic'],
            async embed(input) {
              asked.push(input);
              return {
                reports: [{ id: 'pbi-report', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=pbi-report' }],
                token: 'pbi-token',
              };
            },
          },
        },
      },
    );
    token = (await signIn(p.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  }, 120_000);
  afterAll(() => p?.close());
  const pCall = apiCaller(() => p.url);

  it('shows the dashboards it has a report for (unless configured builtin), by tab id; one it has none for is unavailable', async () => {
    const listed = ((await pCall('GET', '/api/v1/dashboards', token)).body as DashboardCatalogue).dashboards;
    expect(listed.find((d) => d.key === 'finance')).toMatchObject({ provider: 'powerbi', available: true });
    expect(listed.find((d) => d.key === 'traffic')).toMatchObject({ provider: 'builtin', available: true });
    expect(listed.find((d) => d.key === 'capex')).toMatchObject({ provider: 'powerbi', available: false });
    const id = (await pCall('POST', '/api/v1/dashboard/create-session', token)).body.uuid;
    const res = await pCall('GET', `/api/v1/dashboard/finance/${id}`, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reports: [{ id: 'pbi-report', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=pbi-report' }],
      token: 'pbi-token',
    });
    expect(asked).toEqual([expect.objectContaining({ dashboardId: '22', reportKey: 'finance', sessionId: id })]);
    const capex = await pCall('GET', `/api/v1/dashboard/capex/${id}`, token);
    expect(capex.status).toBe(503);
    expect(capex.body.message).toMatch(/powerbi has no report configured for it \(dashboard 30\)/);
  });
});
