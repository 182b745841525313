import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DashboardCatalogue, DashboardData } from '@hangar/contract';
import { pendingStages } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { duckdb } from '../../../test/dashboard-ledger.ts';
import { startDemoWarehouseApp } from '../../../test/demo-snapshot.ts';
import { DEMO_PASSWORD, type TestApp } from '../../../test/harness.ts';
import { govUploads, govWarehouse } from '../../platform/db/schema.ts';
import { fileTypeDef } from '../governance/catalogue/index.ts';
import { generateRows, toCsv } from '../governance/demo/files.ts';
import { checkUpload, processUpload } from '../governance/pipeline.ts';

// Every available dashboard over the demo warehouse, opened by the head office: each answers, and
// the dashboards the issue names draw numbers in every widget (the catalogue matches the data).

let t: TestApp;
let admin: string;
const call = apiCaller(() => t.url);
const TODAY = new Date(Date.UTC(2026, 1, 15));
const DRAWN = [
  'hq-executive',
  'hq-traffic',
  'hq-finance',
  'hq-retail',
  'executive',
  'traffic',
  'traffic-executive',
  'operations',
  'retail',
  'car-parks',
  'human-resources',
  'communication',
];

beforeAll(async () => {
  t = await startDemoWarehouseApp(TODAY);
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
}, 900_000);
afterAll(() => t?.close());

describe('the dashboards over the demo warehouse', () => {
  it('answer for every available dashboard, with numbers in every widget of the main ones', async () => {
    const catalogue = (await call('GET', '/api/v1/dashboards', admin)).body as DashboardCatalogue;
    const available = catalogue.dashboards.filter((d) => d.available);
    expect(available.length).toBeGreaterThan(15);
    const session = (await call('POST', '/api/v1/dashboard/create-session', admin)).body.uuid;
    const empty: string[] = [];
    for (const d of available) {
      const report = await call('GET', `/api/v1/dashboard/${d.key}/${session}`, admin);
      expect(report.status, d.key).toBe(200);
      const data = await call('GET', `${report.body.reports[0].embedUrl}?token=${encodeURIComponent(report.body.token)}`, admin);
      expect(data.status, `${d.key}: ${JSON.stringify(data.body).slice(0, 300)}`).toBe(200);
      for (const w of (data.body as DashboardData).widgets) {
        const numbers = w.rows.flatMap((r) => r.filter((v, i) => w.columns[i]!.kind === 'measure' && typeof v === 'number'));
        if (!numbers.length) empty.push(`${d.key}/${w.id}`);
        if (!numbers.length) expect(w.notices.join(' '), `${d.key}/${w.id}`).toMatch(/^No .* data in your scope/);
        if (numbers.length) expect(w.source.deliveries.length, `${d.key}/${w.id}`).toBeGreaterThan(0);
      }
    }
    expect(empty.filter((w) => DRAWN.includes(w.split('/')[0]!))).toEqual([]);
    // The demo seed delivers last year's and this year's budgets, through the pipeline.
    expect(empty).not.toContain('traffic-executive/budget');
  }, 120_000);
});

/** The registry's current objects of a table, copied out of the store as plain Parquet files, with their BU. */
async function tableFiles(table: string): Promise<{ bu: string; file: string }[]> {
  const rows = await t.ctx.db.select().from(govWarehouse);
  const out: { bu: string; file: string }[] = [];
  for (const r of rows.filter((x) => x.fileType === table)) {
    const file = path.join(t.config.HANGAR_DATA_DIR, 'independent', r.objectKey);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline((await t.ctx.store.get(r.objectKey)).body, createWriteStream(file));
    out.push({ bu: r.bu, file });
  }
  return out;
}
const union = (files: { bu: string; file: string }[]) =>
  files.map((f) => `SELECT '${f.bu}' AS bu, * FROM read_parquet('${f.file}', hive_partitioning = false)`).join(' UNION ALL BY NAME ');
/**
 * A table's rows (of `bus`, or all) with its amount column in EUR (issue 32): each row joined by
 * hand with its BU's FX_RATES of its month, where EUR too has its rate (1). The demo sends rates
 * for every BU and month it sends ledgers: a row without one would drop out and the test fail.
 */
async function inEur(table: string, amount: string, bus?: string[]): Promise<string> {
  const rows = async (t: string) => union((await tableFiles(t)).filter((f) => !bus || bus.includes(f.bu)));
  return `SELECT r.* REPLACE (r.${amount} * fx.rate_to_eur AS ${amount}) FROM (${await rows(table)}) r
          JOIN (${await rows('FX_RATES')}) fx ON fx.bu = r.bu AND fx.period = r.period AND fx.currency = r.currency`;
}

describe('HQ Executive over the demo warehouse', () => {
  it('draws the numbers DuckDB computes directly from the registered files', async () => {
    const session = (await call('POST', '/api/v1/dashboard/create-session', admin)).body.uuid;
    const report = (await call('GET', `/api/v1/dashboard/hq-executive/${session}`, admin)).body;
    const data = (await call('GET', `${report.reports[0].embedUrl}?token=${encodeURIComponent(report.token)}`, admin))
      .body as DashboardData;
    const widget = (id: string) => data.widgets.find((w) => w.id === id)!;
    const ledger = await inEur('GENERAL_LEDGER', 'amount');
    const [[revenue]] = (await duckdb(`SELECT -sum(amount) FROM (${ledger}) WHERE starts_with(CAST(account AS VARCHAR), '7')`)) as [
      [number],
    ];
    expect(widget('revenue').rows[0]![0]).toBeCloseTo(revenue, 2);
    const [[pax]] = (await duckdb(`SELECT sum(departing_passengers) FROM (${union(await tableFiles('TRAFFIC_ACTUALS'))})`)) as [[number]];
    expect(widget('passengers').rows[0]![0]).toBe(pax);
    const [[sales]] = (await duckdb(`SELECT sum(net_sales) FROM (${union(await tableFiles('EPOS_SALES'))})`)) as [[number]];
    expect(widget('sales').rows[0]![0]).toBeCloseTo(sales, 2);
    // Headcount is a month-end figure: the last month held, not a sum over the months.
    const staff = union(await tableFiles('HEADCOUNT'));
    const [[heads]] = (await duckdb(
      `WITH t AS (${staff}) SELECT sum(headcount) FROM t WHERE CAST(period AS VARCHAR) = (SELECT max(CAST(period AS VARCHAR)) FROM t)`,
    )) as [[number]];
    expect(widget('headcount').rows[0]![0]).toBe(heads);
    const byBu = await duckdb(
      `SELECT bu, -sum(amount) v FROM (${ledger}) WHERE starts_with(CAST(account AS VARCHAR), '7') GROUP BY bu ORDER BY v DESC LIMIT 15`,
    );
    expect(widget('revenue-by-bu').rows.map((r) => r[0])).toEqual(byBu.map((r) => r[0]));
    for (const [i, r] of byBu.entries()) expect(widget('revenue-by-bu').rows[i]![1]).toBeCloseTo(r[1] as number, 2);
  }, 60_000);
});

/** Each card measure of the catalogue, computed by hand over its table's files (never through the layer). */
const CARD_SQL: Record<string, { table: string; value: string; where?: string; stock?: string; inEur?: string }> = {
  revenue: { table: 'GENERAL_LEDGER', value: '-sum(amount)', where: "starts_with(CAST(account AS VARCHAR), '7')", inEur: 'amount' },
  operating_expenses: {
    table: 'GENERAL_LEDGER',
    value: 'sum(amount)',
    where: "starts_with(CAST(account AS VARCHAR), '6')",
    inEur: 'amount',
  },
  departing_passengers: { table: 'TRAFFIC_ACTUALS', value: 'sum(departing_passengers)' },
  aircraft_movements: { table: 'TRAFFIC_ACTUALS', value: 'sum(movements)' },
  load_factor: { table: 'TRAFFIC_ACTUALS', value: 'sum(departing_passengers) / sum(seats)' },
  budgeted_passengers: { table: 'TRAFFIC_BUDGET', value: 'sum(passengers)' },
  net_sales: { table: 'EPOS_SALES', value: 'sum(net_sales)' },
  average_basket: { table: 'EPOS_SALES', value: 'sum(net_sales) / sum(transactions)' },
  headcount: { table: 'HEADCOUNT', value: 'sum(headcount)', stock: 'period' },
  on_time_performance: { table: 'PUNCTUALITY', value: 'sum(on_time_flights) / sum(flights)' },
  parking_revenue: { table: 'CARPARK_OCCUPANCY', value: 'sum(revenue)' },
  peak_occupancy: { table: 'CARPARK_OCCUPANCY', value: 'sum(occupied_peak) / sum(capacity)', stock: 'period' },
  digital_visits: { table: 'DIGITAL_AUDIENCE', value: 'sum(visits)' },
  supplier_spend: { table: 'SUPPLIER_OPEX', value: 'sum(amount)', inEur: 'amount' },
  overdue_receivables: {
    table: 'RECEIVABLES',
    value: 'sum(open_amount)',
    where: 'days_overdue > 30',
    stock: 'period',
    inEur: 'open_amount',
  },
  capex_by_asset_class: { table: 'CAPEX', value: 'sum(amount)' },
  capex_forecast: { table: 'CPXFORECAST', value: 'sum(forecast_amount)' },
};

async function expectedCard(measure: string, bus?: string[]): Promise<number> {
  const inScope = async (table: string) => union((await tableFiles(table)).filter((f) => !bus || bus.includes(f.bu)));
  if (measure === 'revenue_per_passenger') {
    // Over the months both tables hold, month by month.
    const [[v]] = (await duckdb(
      `WITH r AS (SELECT CAST(period AS VARCHAR) m, -sum(amount) v FROM (${await inEur('GENERAL_LEDGER', 'amount', bus)}) WHERE starts_with(CAST(account AS VARCHAR), '7') GROUP BY m),
            p AS (SELECT CAST(month AS VARCHAR) m, sum(departing_passengers) v FROM (${await inScope('TRAFFIC_ACTUALS')}) GROUP BY m)
       SELECT sum(r.v) / sum(p.v) FROM r JOIN p USING (m)`,
    )) as [[number | null]];
    return v === null ? Number.NaN : Number(v);
  }
  const def = CARD_SQL[measure];
  if (!def) throw new Error(`No hand-written SQL for ${measure}: add it to CARD_SQL`);
  // A stock (headcount, balances, occupancy) is read at the last month held, never summed over months.
  const last = def.stock ? ` AND CAST(${def.stock} AS VARCHAR) = (SELECT max(CAST(${def.stock} AS VARCHAR)) FROM t)` : '';
  const rows = def.inEur ? await inEur(def.table, def.inEur, bus) : await inScope(def.table);
  const [[v]] = (await duckdb(`WITH t AS (${rows}) SELECT ${def.value} FROM t WHERE ${def.where ?? 'TRUE'}${last}`)) as [[number]];
  return Number(v);
}

async function open(token: string, key: string, query = ''): Promise<DashboardData> {
  const session = (await call('POST', '/api/v1/dashboard/create-session', token)).body.uuid;
  const report = (await call('GET', `/api/v1/dashboard/${key}/${session}`, token)).body;
  const data = await call('GET', `${report.reports[0].embedUrl}?token=${encodeURIComponent(report.token)}${query}`, token);
  expect(data.status, key).toBe(200);
  return data.body as DashboardData;
}

describe('every dashboard over the demo warehouse', () => {
  it('shows in each card the number DuckDB computes by hand from the registered files', async () => {
    const catalogue = (await call('GET', '/api/v1/dashboards', admin)).body as DashboardCatalogue;
    let checked = 0;
    for (const d of catalogue.dashboards.filter((x) => x.available)) {
      const data = await open(admin, d.key);
      for (const w of data.widgets.filter((x) => x.kind === 'card')) {
        const expected = await expectedCard(w.query.measures[0]!);
        // No period in common (a ratio of two tables): no number, and the card says why.
        if (Number.isNaN(expected)) {
          expect(w.rows[0]?.[0] ?? null, `${d.key}/${w.id}`).toBeNull();
          expect(w.notices.join(' '), `${d.key}/${w.id}`).toMatch(/no month in common|No .* data/);
        } else expect(Number(w.rows[0]![0]), `${d.key}/${w.id}`).toBeCloseTo(expected, 4);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  }, 240_000);

  it('splits by BU and month as DuckDB does (actual against budget)', async () => {
    const data = await open(admin, 'traffic-executive');
    const line = data.widgets.find((w) => w.id === 'actual-vs-budget')!;
    const budget = await duckdb(
      `SELECT CAST(month AS VARCHAR) m, sum(passengers) FROM (${union(await tableFiles('TRAFFIC_BUDGET'))}) GROUP BY m ORDER BY m`,
    );
    const at = line.columns.findIndex((c) => c.id === 'budgeted_passengers');
    const byMonth = new Map(line.rows.map((r) => [String(r[0]), r[at]]));
    expect(budget.length).toBeGreaterThanOrEqual(12);
    for (const [m, v] of budget) expect(Number(byMonth.get(String(m).slice(0, 7))), String(m)).toBe(Number(v));
  }, 60_000);

  it("within a BU user's scope: only his BU, equal to DuckDB over his BU's files", async () => {
    const steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
    const data = await open(steward, 'finance');
    for (const w of data.widgets.filter((x) => x.kind === 'card')) {
      const own = await expectedCard(w.query.measures[0]!, ['SSA']);
      if (Number.isNaN(own)) expect(w.rows[0]?.[0] ?? null, w.id).toBeNull();
      else expect(Number(w.rows[0]![0]), w.id).toBeCloseTo(own, 4);
    }
    const all = await expectedCard('revenue');
    expect(Number(data.widgets.find((w) => w.id === 'revenue')!.rows[0]![0])).not.toBeCloseTo(all, 0);
    // Asking for every BU does not widen it.
    const widened = await open(steward, 'finance', '&bu=SSA,LGW,ANA,AMA,SCA');
    expect(Number(widened.widgets.find((w) => w.id === 'revenue')!.rows[0]![0])).toBeCloseTo(await expectedCard('revenue', ['SSA']), 4);
    for (const w of widened.widgets)
      expect(
        w.source.deliveries.every((f) => /\/(bu=)?SSA\//.test(f.file)),
        w.id,
      ).toBe(true);
  }, 60_000);
});

describe('a new delivery through the pipeline', () => {
  it('changes the dashboard once validated and switched into the registry', async () => {
    const before = Number((await open(admin, 'human-resources')).widgets.find((w) => w.id === 'headcount')!.rows[0]![0]);
    const def = fileTypeDef('HR', 'SCA', 'HEADCOUNT')!;
    const rows = generateRows(def, { year: 2025, month: 6, seed: 7 });
    const added = rows.slice(1).reduce((n, r) => n + Number(r[def.columns.findIndex((c) => c.name === 'headcount')]), 0);
    const id = crypto.randomUUID();
    const objectKey = `governance/uploads/SCA/hr/${id}/SCA_HEADCOUNT_2025_06.csv`;
    const body = Buffer.from(toCsv(rows));
    await t.ctx.store.put(objectKey, body, 'text/csv');
    await t.ctx.db.insert(govUploads).values({
      id,
      bu: 'SCA',
      useCase: 'HR',
      fileType: 'HEADCOUNT',
      version: '',
      year: 2025,
      month: 6,
      fileName: 'SCA_HEADCOUNT_2025_06.csv',
      objectKey,
      size: body.length,
      status: { ...pendingStages(false), loaded: 'finished', checkfile: 'running' },
      uploadedByEmail: 'hr.sca@hangar.local',
    });
    await checkUpload(t.ctx, id, { queueProcessing: false });
    await processUpload(t.ctx, id);
    const after = await open(admin, 'human-resources');
    // Headcount is a month-end figure: a June delivery shows in June, and leaves the latest month's card as it was.
    expect(Number(after.widgets.find((w) => w.id === 'headcount')!.rows[0]![0])).toBe(before);
    const months = after.widgets.find((w) => w.id === 'headcount-by-month')!;
    expect(months.rows.find((r) => r[0] === '2025-06')?.[1]).toBe(added);
  }, 60_000);
});
