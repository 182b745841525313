import type { CheckName, OverviewResponse } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { govCheckResults } from '../../platform/db/schema.ts';
import { FINANCE } from './catalogue/finance.ts';
import { fileTypesFor, useCaseDef } from './catalogue/index.ts';
import { lineageGraph } from './lineage.ts';

let t: TestApp;
const call = apiCaller(() => t.url);
const tokens: Record<string, string> = {};

type Result = {
  bu: string;
  useCase: string;
  fileType: string;
  year: number;
  month: number;
  check: CheckName;
  value: number;
  status?: 'success' | 'failed';
};
const result = (r: Result) => ({
  ...r,
  status: r.status ?? (r.value === -1 || (r.check === 'mapping_coverage' && r.value > 0 && r.value < 30) ? 'failed' : 'success'),
  message: `${r.check} ${r.value}`,
  cause: r.value === -1 ? `cause of ${r.fileType} ${r.check}` : null,
  objectKey: r.check === 'file_not_received' ? null : `governance/uploads/${r.bu}/${r.fileType}-${r.month}.csv`,
  fileName: r.check === 'file_not_received' ? null : `${r.fileType}-${r.month}.csv`,
  sample: r.value === -1 ? [{ line: 4, column: 'amount', value: 'abc', problem: 'not a number' }] : [],
  failingCount: r.value === -1 ? 1 : 0,
});

// A known case: SSA Finance 2026, two tables over two months; LGW data the analyst must never see.
const KNOWN: Result[] = [
  { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2026, month: 9, check: 'file_integrity', value: -1 },
  { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2026, month: 10, check: 'file_integrity', value: 1 },
  { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2026, month: 10, check: 'data_integrity', value: 1 },
  { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2026, month: 10, check: 'mapping_coverage', value: 29.9 },
  { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2026, month: 10, check: 'file_not_received', value: 1 },
  { bu: 'SSA', useCase: 'Finance', fileType: 'CAPEX', year: 2026, month: 10, check: 'file_not_received', value: -1 },
  { bu: 'SSA', useCase: 'Finance', fileType: 'CAPEX', year: 2025, month: 12, check: 'data_integrity', value: -1 },
  { bu: 'SSA', useCase: 'HR', fileType: 'HEADCOUNT', year: 2026, month: 10, check: 'file_integrity', value: 1 },
  { bu: 'LGW', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2026, month: 10, check: 'data_integrity', value: -1 },
];

beforeAll(async () => {
  t = await startTestApp();
  await t.ctx.db.insert(govCheckResults).values(KNOWN.map(result));
  for (const who of ['analyst', 'admin', 'viewer']) tokens[who] = (await signIn(t.url, `${who}@hangar.local`, DEMO_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('overview', () => {
  it('shows the newest result of each check per table, from the stored results', async () => {
    const res = await call('GET', '/api/data_gov/gouvernance/overview', tokens.analyst);
    expect(res.status).toBe(200);
    const body = res.body as OverviewResponse;
    const gl = body.overview_data['2026']!.SSA!.Finance!.find((r) => r.name === 'GENERAL_LEDGER')!;
    expect(gl).toMatchObject({
      last_updated: '2026-10-31',
      file_integrity: 1, // October's pass replaces September's failure
      data_integrity: 1,
      mapping_coverage: 29.9,
      file_not_received: 1,
      mapping_coverage_messages: 'mapping_coverage 29.9',
    });
    const capex = body.overview_data['2026']!.SSA!.Finance!.find((r) => r.name === 'CAPEX')!;
    expect(capex).toMatchObject({ file_not_received: -1, file_integrity: 0, data_integrity: 0, mapping_coverage: null });
    expect(body.overview_data['2025']!.SSA!.Finance![0]).toMatchObject({ name: 'CAPEX', data_integrity: -1, last_updated: '2025-12-31' });
  });

  it("returns only the caller's BUs and held use cases, and the HQ flags only to HQ holders", async () => {
    const analyst = (await call('GET', '/api/data_gov/gouvernance/overview', tokens.analyst)).body as OverviewResponse;
    expect(Object.keys(analyst.overview_data['2026']!)).toEqual(['SSA']);
    expect(Object.keys(analyst.overview_data['2026']!.SSA!)).toEqual(['Finance']); // HR is not held
    expect(analyst.overview_hq).toBeUndefined();
    const admin = (await call('GET', '/api/data_gov/gouvernance/overview', tokens.admin)).body as OverviewResponse;
    expect(Object.keys(admin.overview_data['2026']!).sort()).toEqual(['LGW', 'SSA']);
    const hq = admin.overview_hq!['2026']!.SSA!.Finance!.find((r) => r.name === 'GENERAL_LEDGER')!;
    expect(hq).toMatchObject({ file_integrity: 1, data_integrity: 1, file_not_received: 1, mapping_coverage: -1 });
    expect((await call('GET', '/api/data_gov/gouvernance/overview', tokens.viewer)).status).toBe(403);
  });

  it('lists the years with results', async () => {
    expect((await call('GET', '/api/data_gov/gouvernance/get_years', tokens.analyst)).body).toEqual([2025, 2026]);
  });
});

describe('quality', () => {
  it('returns every result of the year per check table with the detail fields', async () => {
    const res = await call('POST', '/api/data_gov/gouvernance/quality', tokens.analyst, { asset: 'SSA', use_case: 'Finance', year: 2026 });
    expect(res.status).toBe(200);
    expect(res.body.file_integrity.map((r: { month: number; value: number }) => [r.month, r.value])).toEqual([
      [10, 1],
      [9, -1],
    ]);
    const failed = res.body.file_integrity[1];
    expect(failed).toMatchObject({
      year: 2026,
      table_name: 'GENERAL_LEDGER',
      file_type: 'GENERAL_LEDGER',
      status: 'failed',
      cause: 'cause of GENERAL_LEDGER file_integrity',
      url: 'governance/uploads/SSA/GENERAL_LEDGER-9.csv',
      file_name_sftp: 'GENERAL_LEDGER-9.csv',
      'Table Name': 'finance_general_ledger',
      'Reference Name': null,
      sample: [{ line: 4, column: 'amount', value: 'abc', problem: 'not a number' }],
    });
    expect(res.body.mapping_coverage[0]['Reference Name']).toBe('MAPPING_LOCAL');
    expect(res.body.file_not_received.map((r: { table_name: string }) => r.table_name).sort()).toEqual(['CAPEX', 'GENERAL_LEDGER']);
    expect(res.body.data_integrity).toHaveLength(1);
  });

  it("refuses another BU's quality and bad bodies", async () => {
    expect(
      (await call('POST', '/api/data_gov/gouvernance/quality', tokens.analyst, { asset: 'LGW', use_case: 'Finance', year: 2026 })).status,
    ).toBe(403);
    const bad = await call('POST', '/api/data_gov/gouvernance/quality', tokens.analyst, { asset: 'SSA', use_case: 'Cooking', year: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('lineage', () => {
  it('lists the KPIs of a BU and use case with one graph reference', async () => {
    const res = await call('GET', '/api/data_gov/lineage/get_kpis?use_case=Finance&asset=SSA', tokens.analyst);
    expect(res.status).toBe(200);
    const names = res.body.data.map((d: { kpi_name: string }) => d.kpi_name);
    expect(names).toContain('Revenue');
    expect(new Set(res.body.data.map((d: { file_path: string }) => d.file_path))).toEqual(new Set(['lineage/SSA/finance']));
    expect((await call('GET', '/api/data_gov/lineage/get_kpis?use_case=Finance&asset=LGW', tokens.analyst)).status).toBe(403);
  });

  it('draws source -> table -> KPI with the columns each KPI reads, and the table quality', async () => {
    const nodes = (await call('GET', '/api/data_gov/lineage/tables?file_path=lineage/SSA/finance', tokens.analyst)).body.tables;
    const edges = (await call('GET', '/api/data_gov/lineage/edges?file_path=lineage/SSA/finance', tokens.analyst)).body.edges;
    const gl = nodes.find((n: { id: string }) => n.id === 'table:GENERAL_LEDGER');
    expect(gl).toMatchObject({ kind: 'table', source: 'SAP S/4HANA', quality: 'failed' });
    const intoRevenue = edges.filter((e: { target: { node: string } }) => e.target.node === 'kpi:Revenue');
    const columnsFrom = (table: string) =>
      intoRevenue
        .filter((e: { source: { node: string } }) => e.source.node === table)
        .map((e: { source: { column: string } }) => e.source.column)
        .sort();
    expect(columnsFrom('table:GENERAL_LEDGER')).toEqual(['account', 'amount', 'cost_center']);
    // Converted to EUR with the BU's monthly exchange rates (issue 32).
    expect(columnsFrom('table:FX_RATES')).toEqual(['currency', 'rate_to_eur']);
    expect(edges).toContainEqual(
      expect.objectContaining({
        source: expect.objectContaining({ node: 'source:SAP S/4HANA' }),
        target: expect.objectContaining({ node: 'table:GENERAL_LEDGER' }),
      }),
    );
    expect((await call('GET', '/api/data_gov/lineage/tables?file_path=lineage/LGW/finance', tokens.analyst)).status).toBe(403);
    expect((await call('GET', '/api/data_gov/lineage/edges?file_path=../../etc', tokens.analyst)).status).toBe(404);

    // Downstream, the dashboards that show the KPIs (registered by the dashboards feature): the
    // Finance dashboard and the HQ Executive one read Revenue.
    const dashboards = nodes.filter((n: { kind: string }) => n.kind === 'dashboard');
    expect(dashboards.map((n: { remapping_name: string }) => n.remapping_name)).toEqual(
      expect.arrayContaining(['Finance dashboard', 'HQ Executive dashboard']),
    );
    const fromRevenue = edges
      .filter((e: { source: { node: string } }) => e.source.node === 'kpi:Revenue')
      .map((e: { target: { node: string } }) => e.target.node);
    for (const d of dashboards.filter((n: { remapping_name: string }) => /^(Finance|HQ Executive) dashboard$/.test(n.remapping_name)))
      expect(fromRevenue).toContain(d.id);
  });

  it('follows the KPI definitions: change one, the graph changes', () => {
    const types = fileTypesFor('Finance', 'SSA');
    const before = lineageGraph(FINANCE, types);
    const changed = types.map((t) =>
      t.type === 'GENERAL_LEDGER' ? { ...t, kpis: t.kpis!.map((k) => (k.name === 'Revenue' ? { ...k, groupBy: 'currency' } : k)) } : t,
    );
    const after = lineageGraph(FINANCE, changed);
    const cols = (g: typeof before) => g.edges.filter((e) => e.target.node === 'kpi:Revenue').map((e) => e.source.column);
    expect(cols(before)).toContain('cost_center');
    expect(cols(after)).toContain('currency');
    expect(cols(after)).not.toContain('cost_center');
  });

  it('puts PowerBI measures between the tables and the KPIs for Traffic', () => {
    const g = lineageGraph(useCaseDef('Traffic'), fileTypesFor('Traffic', 'SSA'));
    expect(g.nodes.some((n) => n.id === 'source:PowerBI measures')).toBe(true);
    expect(g.edges).toContainEqual(
      expect.objectContaining({
        source: expect.objectContaining({ node: 'measure:Load factor' }),
        target: expect.objectContaining({ node: 'kpi:Load factor' }),
      }),
    );
    expect(
      g.edges
        .filter((e) => e.target.node === 'measure:Load factor')
        .map((e) => e.source.column)
        .filter(Boolean)
        .sort(),
    ).toEqual(['airline_code', 'departing_passengers', 'seats']);
  });
});
