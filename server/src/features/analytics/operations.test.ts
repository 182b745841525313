import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GovUseCase, SemanticQuery, type SemanticQueryInput } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileQuery, type Scope, type WarehouseFile } from './compile.ts';
import { runCompiled } from './run.ts';
import { buildSemanticLayer } from './semantic-layer.ts';

// The query language's operations (issue 32, item 2) over real Parquet files: a share is the part
// over the whole, a total a row of its own, an average per member, a change against another
// period. Every expected figure is computed here from the rows, never by the code under test.

const layer = buildSemanticLayer();
let dir: string;
const files: WarehouseFile[] = [];

const SALES = ['2026-08', '2026-09', '2026-10'].flatMap((period, i) =>
  ['T1-DF-01', 'T1-FB-02', 'T2-DF-03'].map((shop, j) => ({ bu: 'SSA', period, shop, sales: 1000 * (j + 1) + 100 * i, tickets: 10 + j })),
);
const LEDGER = ['2026-09', '2026-10'].flatMap((period, i) =>
  ['SSA', 'LGW', 'AMA'].map((bu, j) => ({ bu, period, account: '706100', amount: -(500 * (j + 1) + 50 * i) })),
);

async function parquet(name: string, header: string, lines: string[], typed: string): Promise<string> {
  const csv = path.join(dir, `${name}.csv`);
  const out = path.join(dir, `${name}.parquet`);
  await writeFile(csv, [header, ...lines].join('\n'));
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(`COPY (SELECT * REPLACE (${typed}) FROM read_csv('${csv}', all_varchar=true)) TO '${out}' (FORMAT parquet)`);
  db.closeSync();
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-operations-'));
  for (const period of ['2026-08', '2026-09', '2026-10']) {
    const rows = SALES.filter((r) => r.period === period);
    files.push({
      bu: 'SSA',
      useCase: 'Retail',
      fileType: 'EPOS_SALES',
      year: 2026,
      month: Number(period.slice(5)),
      path: await parquet(
        `sales-${period}`,
        'shop_code,sale_date,period,net_sales,transactions',
        rows.map((r) => `${r.shop},${period}-01,${period},${r.sales},${r.tickets}`),
        'CAST(net_sales AS DOUBLE) AS net_sales, CAST(transactions AS BIGINT) AS transactions',
      ),
    });
  }
  for (const r of LEDGER) {
    files.push({
      bu: r.bu,
      useCase: 'Finance',
      fileType: 'GENERAL_LEDGER',
      year: 2026,
      month: Number(r.period.slice(5)),
      path: await parquet(
        `gl-${r.bu}-${r.period}`,
        'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
        [`JE-1,1,${r.period}-05,${r.period},${r.account},CC-1,${r.amount},EUR,x`],
        'CAST(amount AS DOUBLE) AS amount',
      ),
    });
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const scope: Scope = new Map<GovUseCase, Set<string>>([
  ['Retail', new Set(['SSA'])],
  ['Finance', new Set(['SSA', 'LGW', 'AMA', 'SCA', 'ANA'])],
]);
const ask = async (q: SemanticQueryInput) => {
  const c = compileQuery(layer, SemanticQuery.parse(q), files, scope, 1000);
  return { ...(await runCompiled(c, { warehouseDir: dir, timeoutMs: 10_000 })), notices: c.notices };
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const revenue = (bu: string | null, period: string) =>
  -sum(LEDGER.filter((r) => (!bu || r.bu === bu) && r.period === period).map((r) => r.amount));

describe('operations of the query language', () => {
  it('a share is the part over the whole, not the part’s own figure', async () => {
    const r = await ask({
      measures: ['net_sales'],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: { from: '2026-09', to: '2026-09' },
      operation: { kind: 'share', part: { dimension: 'shop_code', values: ['T1-DF-01'] } },
    });
    const september = SALES.filter((s) => s.period === '2026-09');
    const part = sum(september.filter((s) => s.shop === 'T1-DF-01').map((s) => s.sales));
    const whole = sum(september.map((s) => s.sales));
    expect(r.columns.map((c) => [c.id, c.unit])).toEqual([
      ['share', '%'],
      ['net_sales', 'EUR'],
      ['net_sales_whole', 'EUR'],
    ]);
    expect(r.rows[0]![0]).toBeCloseTo(part / whole, 12);
    expect(r.rows[0]!.slice(1)).toEqual([part, whole]);
  });

  it('a total is a row of its own beside the rows', async () => {
    const r = await ask({
      measures: ['revenue'],
      dimensions: ['bu'],
      time: { from: '2026-10', to: '2026-10' },
      operation: { kind: 'total' },
    });
    const byBu = ['SSA', 'LGW', 'AMA'].map((bu) => [bu, revenue(bu, '2026-10')] as const).sort((a, b) => b[1] - a[1]);
    expect(r.rows).toEqual([...byBu.map(([bu, v]) => [bu, v]), ['Total', revenue(null, '2026-10')]]);
  });

  it('an average per month averages the months, it does not sum them', async () => {
    const r = await ask({
      measures: ['revenue'],
      filters: [{ dimension: 'bu', values: ['LGW'] }],
      operation: { kind: 'average', per: 'month' },
    });
    expect(r.rows).toEqual([[(revenue('LGW', '2026-09') + revenue('LGW', '2026-10')) / 2, 2]]);
  });

  it('a change gives both periods, the difference and the growth', async () => {
    const r = await ask({
      measures: ['revenue'],
      filters: [{ dimension: 'bu', values: ['LGW'] }],
      time: { from: '2026-10', to: '2026-10' },
      operation: { kind: 'change', against: { from: '2026-09', to: '2026-09' } },
    });
    const [now, then] = [revenue('LGW', '2026-10'), revenue('LGW', '2026-09')];
    expect(r.columns.map((c) => c.label)).toEqual(['Revenue, 2026-10', 'Revenue, 2026-09', 'Difference', 'Change']);
    expect(r.rows[0]!.slice(0, 3)).toEqual([now, then, now - then]);
    expect(r.rows[0]![3]).toBeCloseTo((now - then) / then, 12);
  });

  it.each([
    [
      { measures: ['load_factor'], operation: { kind: 'share', part: { dimension: 'airline_code', values: ['U2'] } } },
      /a ratio: a share of it/,
    ],
    [{ measures: ['revenue', 'net_sales'], operation: { kind: 'total' } }, /one measure at a time/],
    [{ measures: ['revenue'], operation: { kind: 'total' } }, /with a breakdown/],
    [{ measures: ['revenue'], operation: { kind: 'change', against: { from: '2026-09', to: '2026-09' } } }, /which period to compare/],
    [{ measures: ['revenue'], dimensions: ['month'], operation: { kind: 'average', per: 'month' } }, /cannot also be broken down/],
  ])('refuses %j with its reason', async (q, message) => {
    await expect(ask(q as SemanticQueryInput)).rejects.toThrow(message);
  });

  it('a distinct count over several BUs counts each BU’s own identifiers (entry numbers repeat across BUs)', async () => {
    // JE-1 in each of three BUs, in October: three journal entries, not one.
    const r = await ask({ measures: ['journal_entries'], time: { from: '2026-10', to: '2026-10' } });
    expect(r.rows).toEqual([[3]]);
  });
});
