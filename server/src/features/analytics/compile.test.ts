import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GovUseCase, SemanticQuery, type SemanticQueryInput } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompiledQuery, compileQuery, type Scope, type WarehouseFile } from './compile.ts';
import { runCompiled } from './run.ts';
import { buildSemanticLayer } from './semantic-layer.ts';

// The compiler over real Parquet files written by DuckDB from CSV; every expected number is
// computed here in plain TypeScript from the same rows, never by the code under test.

const layer = buildSemanticLayer();
let dir: string;
let files: WarehouseFile[];

const traffic = (bu: string, seed: number) =>
  ['2025-01', '2025-02', '2025-03'].flatMap((month, i) =>
    ['U2', 'AF', 'BA'].map((airline, j) => ({ bu, airline, month, dep: 1000 * seed + 100 * i + 10 * j, seats: 3000 + 10 * i })),
  );
const ledger = (bu: string, seed: number) =>
  ['2025-01', '2025-02', '2025-03'].flatMap((period, i) => [
    { bu, period, account: '706100', amount: -(500 * seed + i) },
    { bu, period, account: '411000', amount: 500 * seed + i },
    { bu, period, account: '606000', amount: 70 + i },
  ]);
const TRAFFIC = [...traffic('SSA', 1), ...traffic('LGW', 2), ...traffic('AMA', 5)];
/** Month-end headcount: LGW has not sent March. */
const HEADCOUNT = [
  ...['2025-01', '2025-02', '2025-03'].flatMap((period, i) => [
    { bu: 'SSA', period, dept: 'OPS', headcount: 100 + i },
    { bu: 'SSA', period, dept: 'FIN', headcount: 20 + i },
  ]),
  ...['2025-01', '2025-02'].map((period, i) => ({ bu: 'LGW', period, dept: 'OPS', headcount: 300 + 5 * i })),
];
/** SSA's ledger of August 2026, when no traffic of 2026 is held. */
const LATE_LEDGER = [{ bu: 'SSA', period: '2026-08', account: '706100', amount: -70_000 }];
const LEDGER = [...ledger('SSA', 1), ...ledger('LGW', 3), ...ledger('AMA', 9)];

async function parquet(name: string, header: string, lines: string[]): Promise<string> {
  const csv = path.join(dir, `${name}.csv`);
  const out = path.join(dir, `${name}.parquet`);
  await writeFile(csv, [header, ...lines].join('\n'));
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`COPY (SELECT * FROM read_csv('${csv}', all_varchar=true)) TO '${out}' (FORMAT parquet)`);
  // Typed as the pipeline stores them.
  await db.run(
    `COPY (SELECT * REPLACE (${header.includes('amount') ? 'CAST(amount AS DOUBLE) AS amount' : header.includes('headcount') ? 'CAST(headcount AS BIGINT) AS headcount' : 'CAST(departing_passengers AS BIGINT) AS departing_passengers, CAST(seats AS BIGINT) AS seats'}) FROM '${out}') TO '${out}.typed' (FORMAT parquet)`,
  );
  db.closeSync();
  return `${out}.typed`;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-analytics-'));
  files = [];
  for (const r of [...new Map(HEADCOUNT.map((h) => [`${h.bu}|${h.period}`, h])).values()]) {
    const rows = HEADCOUNT.filter((h) => h.bu === r.bu && h.period === r.period);
    files.push({
      bu: r.bu,
      useCase: 'HR',
      fileType: 'HEADCOUNT',
      year: Number(r.period.slice(0, 4)),
      month: Number(r.period.slice(5)),
      path: await parquet(
        `hc-${r.bu}-${r.period}`,
        'department_code,period,headcount,fte,hires,leavers',
        rows.map((h) => `${h.dept},${h.period},${h.headcount},${h.headcount},0,0`),
      ),
    });
  }
  files.push({
    bu: 'SSA',
    useCase: 'Finance',
    fileType: 'GENERAL_LEDGER',
    year: 2026,
    month: 8,
    path: await parquet(
      'gl-SSA-2026-08',
      'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
      LATE_LEDGER.map((r, i) => `JE-${i},${i},${r.period}-05,${r.period},${r.account},CC-1,${r.amount},EUR,x`),
    ),
  });
  for (const bu of ['SSA', 'LGW', 'AMA']) {
    const t = TRAFFIC.filter((r) => r.bu === bu);
    files.push({
      bu,
      useCase: 'Traffic',
      fileType: 'TRAFFIC_ACTUALS',
      year: 2025,
      month: 0,
      path: await parquet(
        `traffic-${bu}`,
        'airline_code,month,departing_passengers,arriving_passengers,movements,seats',
        t.map((r) => `${r.airline},${r.month},${r.dep},${r.dep},10,${r.seats}`),
      ),
    });
    for (const period of ['2025-01', '2025-02', '2025-03']) {
      const l = LEDGER.filter((r) => r.bu === bu && r.period === period);
      files.push({
        bu,
        useCase: 'Finance',
        fileType: 'GENERAL_LEDGER',
        year: 2025,
        month: Number(period.slice(5)),
        path: await parquet(
          `gl-${bu}-${period}`,
          'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
          l.map((r, i) => `JE-${i},${i},${period}-05,${period},${r.account},CC-1,${r.amount},EUR,x`),
        ),
      });
    }
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** SSA and LGW for both use cases: AMA's rows must never show. */
const scope: Scope = new Map<GovUseCase, Set<string>>([
  ['Traffic', new Set(['SSA', 'LGW'])],
  ['Finance', new Set(['SSA', 'LGW'])],
  ['HR', new Set(['SSA', 'LGW'])],
]);
const compile = (q: SemanticQueryInput, s: Scope = scope, cap = 1000) => compileQuery(layer, SemanticQuery.parse(q), files, s, cap);
const run = (c: CompiledQuery) => runCompiled(c, { warehouseDir: dir, timeoutMs: 10_000 });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const inScope = <T extends { bu: string }>(rows: T[]) => rows.filter((r) => r.bu !== 'AMA');

describe('compiling structured queries over the warehouse', () => {
  it('departing passengers by month: the scope BUs summed, AMA never read', async () => {
    const c = compile({ measures: ['departing_passengers'], dimensions: ['month'] });
    expect(c.files.map((f) => f.bu)).not.toContain('AMA');
    const r = await run(c);
    const expected = ['2025-01', '2025-02', '2025-03'].map((m) => [
      m,
      sum(
        inScope(TRAFFIC)
          .filter((x) => x.month === m)
          .map((x) => x.dep),
      ),
    ]);
    expect(r.rows).toEqual(expected);
    expect(r.columns.map((x) => x.id)).toEqual(['month', 'departing_passengers']);
  });

  it("asking for another BU's data answers with the scope only, and says so", async () => {
    const c = compile({ measures: ['revenue'], dimensions: ['bu'], filters: [{ dimension: 'bu', values: ['AMA', 'LGW'] }] });
    expect(c.notices.join(' ')).toMatch(/do not have access to AMA/);
    const r = await run(c);
    const lgw = -sum(LEDGER.filter((x) => x.bu === 'LGW' && x.account.startsWith('7')).map((x) => x.amount));
    expect(r.rows).toEqual([['LGW', lgw]]);
  });

  it('revenue (accounts 7, shown positive) by BU, largest first, for one quarter', async () => {
    const r = await run(compile({ measures: ['revenue'], dimensions: ['bu'], time: { from: '2025-01', to: '2025-02' } }));
    const rev = (bu: string) =>
      -sum(LEDGER.filter((x) => x.bu === bu && x.account.startsWith('7') && x.period <= '2025-02').map((x) => x.amount));
    expect(r.rows).toEqual([
      ['LGW', rev('LGW')],
      ['SSA', rev('SSA')],
    ]);
  });

  it('revenue per passenger by BU: a ratio across two tables on their shared breakdown and months', async () => {
    const c = compile({ measures: ['revenue_per_passenger'], dimensions: ['bu'], order: { by: 'bu', direction: 'asc' } });
    const r = await run(c);
    // SSA's revenue of August 2026 has no passengers beside it: it is not in the ratio.
    const ratio = (bu: string) =>
      -sum(LEDGER.filter((x) => x.bu === bu && x.account.startsWith('7')).map((x) => x.amount)) /
      sum(TRAFFIC.filter((x) => x.bu === bu).map((x) => x.dep));
    expect(c.notices.join(' ')).toMatch(/computed over the months both revenue and departing passengers have, 2025-01 to 2025-03/);
    expect(r.rows.map((row) => row[0])).toEqual(['LGW', 'SSA']);
    expect(r.rows[0]![1]).toBeCloseTo(ratio('LGW'), 9);
    expect(r.rows[1]![1]).toBeCloseTo(ratio('SSA'), 9);
  });

  it('top 2 airlines by passengers, and a single value without breakdown', async () => {
    const top = await run(
      compile({
        measures: ['departing_passengers'],
        dimensions: ['airline_code'],
        order: { by: 'departing_passengers', direction: 'desc' },
        limit: 2,
      }),
    );
    const by = (a: string) =>
      sum(
        inScope(TRAFFIC)
          .filter((x) => x.airline === a)
          .map((x) => x.dep),
      );
    const ranked = ['U2', 'AF', 'BA'].map((a) => [a, by(a)] as const).sort((a, b) => b[1] - a[1]);
    expect(top.rows).toEqual(ranked.slice(0, 2).map((x) => [...x]));
    expect(top.truncated).toBe(false);
    const one = await run(compile({ measures: ['load_factor'] }));
    const lf = sum(inScope(TRAFFIC).map((x) => x.dep)) / sum(inScope(TRAFFIC).map((x) => x.seats));
    expect(one.rows[0]![0]).toBeCloseTo(lf, 9);
  });

  it('caps a large result and says it was cut', async () => {
    const r = await run(compile({ measures: ['departing_passengers'], dimensions: ['month', 'airline_code'] }, scope, 4));
    expect(r.rows).toHaveLength(4);
    expect(r.truncated).toBe(true);
  });

  it('a user without a use case gets no rows of it, and is told', async () => {
    const c = compile({ measures: ['revenue'] }, new Map([['Traffic', new Set(['SSA'])]]));
    expect(c.files).toEqual([]);
    expect(c.notices.join(' ')).toMatch(/No revenue data in your scope/);
    expect((await run(c)).rows).toEqual([]);
  });
});

describe('measures over time (issue 32)', () => {
  const hcAt = (bu: string, period: string) => sum(HEADCOUNT.filter((h) => h.bu === bu && h.period === period).map((h) => h.headcount));

  it('a stock (headcount) is the last month of the period, never a sum over months, and says so', async () => {
    const c = compile({ measures: ['headcount'] });
    const r = await run(c);
    // March: SSA only (LGW sent no March), not January + February + March of both.
    expect(r.rows).toEqual([[hcAt('SSA', '2025-03')]]);
    expect(c.notices.join(' ')).toMatch(/Headcount is a month-end figure, not a sum over months: shown for 2025-03/);
    expect(c.notices.join(' ')).toMatch(/LGW sent no headcount for that month/);
    const february = await run(compile({ measures: ['headcount'], dimensions: ['bu'], time: { from: '2025-01', to: '2025-02' } }));
    expect(february.rows).toEqual([
      ['LGW', hcAt('LGW', '2025-02')],
      ['SSA', hcAt('SSA', '2025-02')],
    ]);
  });

  it('a stock by month is each month’s own figure', async () => {
    const r = await run(compile({ measures: ['headcount'], dimensions: ['month'] }));
    expect(r.rows).toEqual(['2025-01', '2025-02', '2025-03'].map((m) => [m, hcAt('SSA', m) + hcAt('LGW', m)]));
  });

  it('a ratio whose two measures share no month is no data, with the reason', async () => {
    const c = compile({ measures: ['revenue_per_passenger'], time: { from: '2026-08', to: '2026-08' } });
    expect(c.notices.join(' ')).toMatch(/No departing passengers data in your scope/);
    expect((await run(c)).rows.every((row) => row.every((v) => v === null))).toBe(true);
    const all = compile({ measures: ['revenue_per_passenger'], filters: [{ dimension: 'bu', values: ['SSA'] }] });
    const rev = -sum(LEDGER.filter((x) => x.bu === 'SSA' && x.account.startsWith('7')).map((x) => x.amount));
    const pax = sum(TRAFFIC.filter((x) => x.bu === 'SSA').map((x) => x.dep));
    expect((await run(all)).rows[0]![0]).toBeCloseTo(rev / pax, 9);
  });
});

describe('what the compiler refuses or neutralises', () => {
  it.each([
    [{ measures: ['weather'] }, /no measure "weather"/],
    [{ measures: ['revenue'], dimensions: ['airline_code'] }, /Revenue cannot be broken down by Airline/],
    [{ measures: ['revenue'], dimensions: ['bu', 'bu'] }, /named twice/],
    [{ measures: ['revenue'], time: { from: '2025-03', to: '2025-01' } }, /starts \(2025-03\) after it ends/],
    [{ measures: ['revenue'], order: { by: 'departing_passengers', direction: 'desc' } }, /Order by one of revenue/],
  ])('%j', (q, message) => {
    expect(() => compile(q as SemanticQueryInput)).toThrow(message);
  });

  it('rejects SQL in names at the schema, and keeps SQL in values a plain value', async () => {
    expect(SemanticQuery.safeParse({ measures: ['revenue; DROP TABLE x'] }).success).toBe(false);
    const c = compile({
      measures: ['revenue'],
      dimensions: ['cost_center'],
      filters: [{ dimension: 'cost_center', values: ["x'); DROP TABLE t; --"] }],
    });
    expect(c.sql).toContain("'x''); DROP TABLE t; --'");
    expect((await run(c)).rows).toEqual([]);
  });

  it('cannot open a file outside the warehouse folder, and stops a query at its time limit', async () => {
    const outside: CompiledQuery = { sql: "SELECT * FROM read_csv('/etc/passwd')", columns: [], fetch: 1, cap: 1, notices: [], files: [] };
    await expect(run(outside)).rejects.toThrow(/Permission|not allowed|disabled/i);
    const slow: CompiledQuery = {
      sql: 'SELECT count(*) FROM range(100000000000) a',
      columns: [],
      fetch: 1,
      cap: 1,
      notices: [],
      files: [],
    };
    await expect(runCompiled(slow, { warehouseDir: dir, timeoutMs: 200 })).rejects.toThrow(/longer than 0 s|longer than/);
  });
});

describe('currencies (issue 32)', () => {
  // ANA's ledger in EUR, USD, JPY and GBP, with its exchange rates for January and February 2024;
  // March has a USD line and no rates (SCA's rates of March are no help); April is all in EUR.
  const GL_ROWS = [
    { period: '2024-01', account: '706100', amount: -1000, currency: 'EUR' },
    { period: '2024-01', account: '411000', amount: 1000, currency: 'EUR' },
    { period: '2024-01', account: '706100', amount: -200, currency: 'USD' },
    { period: '2024-01', account: '411000', amount: 200, currency: 'USD' },
    { period: '2024-01', account: '706200', amount: -50_000, currency: 'JPY' },
    { period: '2024-01', account: '411000', amount: 50_000, currency: 'JPY' },
    { period: '2024-01', account: '606000', amount: 300, currency: 'USD' },
    { period: '2024-02', account: '706100', amount: -400, currency: 'GBP' },
    { period: '2024-02', account: '706100', amount: -100, currency: 'EUR' },
    { period: '2024-03', account: '706100', amount: -300, currency: 'USD' },
    { period: '2024-03', account: '706100', amount: -80, currency: 'EUR' },
    { period: '2024-04', account: '706100', amount: -640, currency: 'EUR' },
    { period: '2024-04', account: '606000', amount: 75, currency: 'EUR' },
  ];
  const RATES: Record<string, Record<string, number>> = {
    'ANA|2024-01': { EUR: 1, USD: 0.9, JPY: 0.0061, GBP: 1.15, CVE: 0.00907 },
    'ANA|2024-02': { EUR: 1, USD: 0.95, JPY: 0.0065, GBP: 1.2, CVE: 0.00907 },
    'SCA|2024-03': { EUR: 1, USD: 0.5, JPY: 0.005, GBP: 1.5, CVE: 0.009 },
  };
  /** Open invoices of ANA at the end of January 2024 (overdue above 30 days count). */
  const RECEIVABLES = [
    { invoice: 'INV-1', days: 45, open: 1000, currency: 'USD' },
    { invoice: 'INV-2', days: 60, open: 500, currency: 'EUR' },
    { invoice: 'INV-3', days: 10, open: 700, currency: 'GBP' },
  ];
  const fxScope: Scope = new Map<GovUseCase, Set<string>>([['Finance', new Set(['ANA', 'SCA'])]]);
  const revenueIn = (months: string[]) =>
    -sum(
      GL_ROWS.filter((r) => months.includes(r.period) && r.account.startsWith('7')).map(
        (r) => r.amount * RATES[`ANA|${r.period}`]![r.currency]!,
      ),
    );

  /** A Parquet file typed as the pipeline stores it (`casts`: the REPLACE list of the non-text columns). */
  async function typedParquet(name: string, header: string, lines: string[], casts: string): Promise<string> {
    const csv = path.join(dir, `${name}.csv`);
    const out = path.join(dir, `${name}.parquet`);
    await writeFile(csv, [header, ...lines].join('\n'));
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run(`COPY (SELECT * REPLACE (${casts}) FROM read_csv('${csv}', all_varchar=true)) TO '${out}' (FORMAT parquet)`);
    db.closeSync();
    return out;
  }
  const file = (bu: string, fileType: string, month: string, p: string): WarehouseFile => ({
    bu,
    useCase: 'Finance',
    fileType,
    year: Number(month.slice(0, 4)),
    month: Number(month.slice(5)),
    path: p,
  });

  beforeAll(async () => {
    for (const month of ['2024-01', '2024-02', '2024-03', '2024-04']) {
      const rows = GL_ROWS.filter((r) => r.period === month);
      const p = await typedParquet(
        `fx-gl-ANA-${month}`,
        'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
        rows.map((r, i) => `JE-${Math.floor(i / 2)},${(i % 2) + 1},${month}-05,${month},${r.account},CC-1,${r.amount},${r.currency},x`),
        'CAST(amount AS DOUBLE) AS amount, CAST(line AS BIGINT) AS line',
      );
      files.push(file('ANA', 'GENERAL_LEDGER', month, p));
    }
    for (const [key, rates] of Object.entries(RATES)) {
      const [bu, month] = key.split('|') as [string, string];
      const p = await typedParquet(
        `fx-rates-${bu}-${month}`,
        'period,currency,rate_to_eur',
        Object.entries(rates).map(([c, r]) => `${month},${c},${r}`),
        'CAST(rate_to_eur AS DOUBLE) AS rate_to_eur',
      );
      files.push(file(bu, 'FX_RATES', month, p));
    }
    const p = await typedParquet(
      'fx-receivables-ANA-2024-01',
      'invoice_id,customer_id,period,due_date,days_overdue,open_amount,currency',
      RECEIVABLES.map((r) => `${r.invoice},C-1,2024-01,2023-12-01,${r.days},${r.open},${r.currency}`),
      'CAST(days_overdue AS BIGINT) AS days_overdue, CAST(open_amount AS DOUBLE) AS open_amount',
    );
    files.push(file('ANA', 'RECEIVABLES', '2024-01', p));
  });

  it('converts each row at its BU’s rate of its month before adding: revenue in EUR, USD and JPY', async () => {
    const c = compile({ measures: ['revenue'], time: { from: '2024-01', to: '2024-02' } }, fxScope);
    const r = await run(c);
    // 1000 EUR + 200 USD × 0.9 + 50,000 JPY × 0.0061 in January, 400 GBP × 1.2 + 100 EUR in February.
    expect(revenueIn(['2024-01', '2024-02'])).toBeCloseTo(2065, 9);
    expect(r.rows[0]![0]).toBeCloseTo(revenueIn(['2024-01', '2024-02']), 9);
    expect(c.notices).toContain('Amounts in other currencies converted to EUR at the monthly rates of FX_RATES (ANA 2024-01 to 2024-02).');
    expect(c.files.filter((f) => f.fileType === 'FX_RATES').map((f) => `${f.bu} ${f.month}`)).toEqual(['ANA 1', 'ANA 2']);
    expect(c.columns[0]!.unit).toBe('EUR');
    const byMonth = await run(
      compile({ measures: ['revenue', 'operating_expenses'], dimensions: ['month'], time: { from: '2024-01', to: '2024-02' } }, fxScope),
    );
    expect(byMonth.rows.map((row) => row[0])).toEqual(['2024-01', '2024-02']);
    expect(byMonth.rows[0]![1]).toBeCloseTo(revenueIn(['2024-01']), 9);
    expect(byMonth.rows[0]![2]).toBeCloseTo(300 * 0.9, 9);
    expect(byMonth.rows[1]![1]).toBeCloseTo(revenueIn(['2024-02']), 9);
  });

  it('converts the KPI’s own amount column (open_amount of overdue receivables)', async () => {
    const r = await run(compile({ measures: ['overdue_receivables'], time: { from: '2024-01', to: '2024-01' } }, fxScope));
    const expected = sum(RECEIVABLES.filter((x) => x.days > 30).map((x) => x.open * RATES['ANA|2024-01']![x.currency]!));
    expect(expected).toBeCloseTo(1400, 9);
    expect(r.rows[0]![0]).toBeCloseTo(expected, 9);
  });

  it('refuses a USD amount in a month without rates, naming the currency, the month and the BU', async () => {
    const c = compile({ measures: ['revenue'], time: { from: '2024-03', to: '2024-03' } }, fxScope);
    const refused = await run(c).then(
      () => null,
      (err: unknown) => err as { status?: number; code?: string; message: string },
    );
    expect(refused).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(refused!.message).toBe(
      'No exchange rate to EUR for USD in 2024-03 at ANA: amounts in USD cannot be added to amounts in EUR. A Finance data steward of ANA sends FX_RATES (exchange rates to EUR) for 2024-03 in the Ingestion tab; ask again once it is processed.',
    );
    // A whole year that includes March is refused too: the month is not dropped from the sum.
    await expect(run(compile({ measures: ['revenue'], time: { from: '2024-01', to: '2024-12' } }, fxScope))).rejects.toThrow(
      /USD in 2024-03 at ANA/,
    );
    // Counting journal entries adds no amounts: it needs no rate.
    expect((await run(compile({ measures: ['journal_entries'], time: { from: '2024-03', to: '2024-03' } }, fxScope))).rows).toEqual([[1]]);
  });

  it('needs no rates file for amounts all in EUR', async () => {
    const c = compile({ measures: ['revenue'], time: { from: '2024-04', to: '2024-04' } }, fxScope);
    expect(c.files.map((f) => f.fileType)).toEqual(['GENERAL_LEDGER']);
    expect(c.notices.join(' ')).not.toMatch(/FX_RATES/);
    expect((await run(c)).rows).toEqual([[640]]);
  });
});
