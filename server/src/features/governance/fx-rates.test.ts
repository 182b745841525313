import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { DuckDBInstance } from '@duckdb/node-api';
import type { IngestionItem } from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { govCheckResults, govWarehouse } from '../../platform/db/schema.ts';
import { FINANCE } from './catalogue/finance.ts';
import { fileTypeDef, fileTypesFor } from './catalogue/index.ts';
import { demoRateToEur, generateRows, toCsv } from './demo/files.ts';
import { expectedFiles } from './file-not-received.ts';
import { lineageGraph } from './lineage.ts';
import { fieldsForm, postForm, recentMonth, uploadForm, waitForItem } from './test-helpers.ts';

// The exchange rates (issue 32): a monthly Finance delivery like the others, through the real
// pipeline (checks, KPI review, processing into the warehouse), and an input of the lineage of
// every KPI that adds amounts in several currencies.

const FX = fileTypeDef('Finance', 'SSA', 'FX_RATES')!;
const P1 = recentMonth(1);
const P2 = recentMonth(2);
const P3 = recentMonth(3);
const month = (p: { year: number; month: number }) => `${p.year}-${String(p.month).padStart(2, '0')}`;

let t: TestApp;
let token: string;
const call = apiCaller(() => t.url);
const items = (p: { y: string; m: string }) =>
  call('GET', `/api/data_gov/ingestion/data?use_case=Finance&asset=SSA&year=${p.y}&month=${p.m}`, token).then(
    (r) => r.body as IngestionItem[],
  );
const upload = (p: { y: string; m: string }, csv: string) =>
  postForm(
    t.url,
    '/api/data_gov/ingestion/file',
    token,
    uploadForm({ file_asset: 'SSA', use_case: 'Finance', month: p.m, year: p.y, day: '2' }, [
      { file_type: 'FX_RATES', name: `SSA_FX_RATES_${p.y}_${p.m}.csv`, body: csv },
    ]),
  );
const checked = (i: IngestionItem) => i.status.checkKpis === 'running' || i.status.checkfile === 'error';

beforeAll(async () => {
  t = await startTestApp();
  token = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('FX_RATES through the ingestion pipeline', () => {
  it('a clean month of rates passes its checks, goes through the KPI review and into the warehouse', async () => {
    const rows = generateRows(FX, { year: P1.year, month: P1.month });
    expect(rows[0]).toEqual(['period', 'currency', 'rate_to_eur']);
    const up = await upload(P1, toCsv(rows));
    expect(up.status).toBe(200);
    const review = await waitForItem(() => items(P1), 'FX_RATES', checked);
    expect(review.error).toBeNull();
    expect(review.status).toEqual({ loaded: 'finished', checkfile: 'finished', checkKpis: 'running', processed: 'pending' });
    // No KPI of its own: the review shows none, and validating processes the file.
    expect(review.kpis).toEqual({});
    const checks = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(and(eq(govCheckResults.uploadId, review.file_id!), eq(govCheckResults.current, true)));
    expect(Object.fromEntries(checks.map((c) => [c.check, c.value]))).toMatchObject({ file_integrity: 1, data_integrity: 1 });

    const validated = await postForm(
      t.url,
      '/api/data_gov/ingestion/validate',
      token,
      fieldsForm({ file_asset: 'SSA', file_type: 'FX_RATES', month: P1.m, year: P1.y, tmp_bucket_url: review.tmp_bucket_url! }),
    );
    expect(validated.status).toBe(200);
    const done = await waitForItem(
      () => items(P1),
      'FX_RATES',
      (i) => i.status.processed !== 'running',
    );
    expect(done.status).toEqual({ loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' });

    const [entry] = await t.ctx.db
      .select()
      .from(govWarehouse)
      .where(and(eq(govWarehouse.bu, 'SSA'), eq(govWarehouse.fileType, 'FX_RATES'), eq(govWarehouse.month, P1.month)));
    const dir = await mkdtemp(path.join(tmpdir(), 'fx-'));
    try {
      const local = path.join(dir, 'fx.parquet');
      writeFileSync(local, await buffer((await t.ctx.store.get(entry!.objectKey)).body));
      const db = await (await DuckDBInstance.create(':memory:')).connect();
      const stored = (
        await db.runAndReadAll(`SELECT period, currency, rate_to_eur FROM read_parquet('${local}') ORDER BY currency`)
      ).getRows();
      db.closeSync();
      // Every currency of the catalogue, EUR at 1, each at the demo's rate of the month.
      expect(stored.map((r) => r[1])).toEqual(['CVE', 'EUR', 'GBP', 'JPY', 'USD']);
      for (const [period, currency, rate] of stored) {
        expect(period).toBe(month(P1));
        expect(rate).toBe(demoRateToEur(String(currency), month(P1)));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['EUR at 1.1', P2, [['EUR', '1.1']], 'The rate of EUR to EUR must be 1'],
    ['a negative rate', P3, [['USD', '-0.92']], 'Exchange rates must be greater than zero'],
  ])('stops %s at the data integrity check with the rule’s message', async (_, p, wrong, message) => {
    const rates = new Map([
      ['EUR', '1'],
      ['GBP', '1.17'],
      ['USD', '0.92'],
      ['JPY', '0.0062'],
      ['CVE', '0.00907'],
      ...(wrong as [string, string][]),
    ]);
    const csv = toCsv([['period', 'currency', 'rate_to_eur'], ...[...rates].map(([c, r]) => [month(p), c, r])]);
    await upload(p, csv);
    const item = await waitForItem(() => items(p), 'FX_RATES', checked);
    expect(item.status.checkfile).toBe('error');
    expect(item.error!.title).toBe('Data integrity check failed');
    expect(item.error!.description).toContain(message);
    expect(item.kpis).toBeNull();
    const [entry] = await t.ctx.db
      .select()
      .from(govWarehouse)
      .where(and(eq(govWarehouse.bu, 'SSA'), eq(govWarehouse.fileType, 'FX_RATES'), eq(govWarehouse.month, p.month)));
    expect(entry).toBeUndefined();
  });
});

describe('FX_RATES in the catalogue', () => {
  it('is expected from every BU each month, by the 3rd of the next', () => {
    const expected = expectedFiles(new Date(Date.UTC(2026, 1, 15))).filter((e) => e.def.type === 'FX_RATES');
    expect(new Set(expected.map((e) => e.bu))).toEqual(new Set(['SSA', 'AMA', 'SCA', 'ANA', 'LGW']));
    expect(
      expected
        .find((e) => e.bu === 'LGW' && e.month === 1)!
        .due.toISOString()
        .slice(0, 10),
    ).toBe('2026-02-03');
  });

  it('is an input of every KPI that adds amounts in several currencies, and of no other', () => {
    const g = lineageGraph(FINANCE, fileTypesFor('Finance', 'SSA'));
    expect(g.nodes.find((n) => n.id === 'table:FX_RATES')).toMatchObject({
      source: 'Group treasury',
      columns: ['currency', 'rate_to_eur'],
    });
    expect(g.edges.some((e) => e.source.node === 'source:Group treasury' && e.target.node === 'table:FX_RATES')).toBe(true);
    const fed = g.edges.filter((e) => e.source.node === 'table:FX_RATES');
    expect([...new Set(fed.map((e) => e.target.kpi))].sort()).toEqual([
      'Operating expenses',
      'Overdue receivables',
      'Revenue',
      'Revenue by stream',
      'Supplier spend',
    ]);
    expect(fed.filter((e) => e.target.kpi === 'Revenue').map((e) => e.source.column)).toEqual(['currency', 'rate_to_eur']);
  });

  it('the demo rates are plausible and EUR is 1', () => {
    for (const m of ['2025-11', '2025-12', '2026-01']) {
      expect(demoRateToEur('EUR', m)).toBe(1);
      expect(demoRateToEur('GBP', m)).toBeGreaterThan(1.14);
      expect(demoRateToEur('GBP', m)).toBeLessThan(1.2);
      expect(demoRateToEur('USD', m)).toBeGreaterThan(0.9);
      expect(demoRateToEur('USD', m)).toBeLessThan(0.94);
      expect(demoRateToEur('JPY', m)).toBeCloseTo(0.0062, 3);
      expect(demoRateToEur('CVE', m)).toBeCloseTo(0.00907, 3);
    }
    expect(demoRateToEur('USD', '2025-11')).not.toBe(demoRateToEur('USD', '2025-12'));
  });
});
