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
