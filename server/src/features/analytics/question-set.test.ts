import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeExpected, type ExpectedFile } from './question-set/compute-expected.ts';
import { buildDemoWarehouse, type DemoWarehouse, PINNED_TODAY } from './question-set/demo-warehouse.ts';
import { gradeAnswer } from './question-set/grade.ts';
import { QUESTIONS } from './question-set/questions.ts';
import { type AnalyticsService, createAnalyticsService } from './service.ts';

// The checked-in question set asked through the service over the demo warehouse of its pinned
// day, as the head office; then the Finance steward of SSA asking for other BUs' numbers.

let w: DemoWarehouse;
let service: AnalyticsService;
let expected: ExpectedFile;

beforeAll(async () => {
  w = await buildDemoWarehouse();
  service = createAnalyticsService(w.app.ctx);
  expected = JSON.parse(await readFile(path.join(import.meta.dirname, 'question-set', 'expected.json'), 'utf8')) as ExpectedFile;
}, 240_000);
afterAll(() => w?.app.close());

describe('the question set', () => {
  it('covers the four languages and the forms it claims', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    for (const language of ['en', 'fr', 'es', 'pt'])
      expect(QUESTIONS.filter((q) => q.language === language).length).toBeGreaterThanOrEqual(8);
    expect(new Set(QUESTIONS.map((q) => q.id)).size).toBe(QUESTIONS.length);
  });

  it('its expected answers are those of the demo warehouse files of the pinned day', async () => {
    expect(expected.pinnedToday).toBe(PINNED_TODAY.toISOString().slice(0, 10));
    expect(await computeExpected(w.filesDir)).toEqual(expected.answers);
  });

  for (const q of QUESTIONS) {
    const test = q.unsupported ? it.fails : it;
    test(`${q.id} ${q.question}${q.unsupported ? ` (not supported yet: ${q.unsupported})` : ''}`, async () => {
      const answer = await service.read(w.admin, q.question, PINNED_TODAY);
      expect(gradeAnswer(q, answer, expected.answers[q.id])).toBeNull();
    });
  }
});

describe('answers in the question’s language', () => {
  it.each([
    [
      'passagers par mois en 2025',
      'Passagers au départ par Mois, 2025-01 à 2025-12',
      /^Passagers au départ passe de .* en 2025-01 à .* en 2025-12/,
    ],
    ['ventas netas por tienda en enero de 2026', 'Ventas netas por Tienda, 2026-01', /^.+ tiene el mayor valor de ventas netas: /],
    ['receita da SSA no mês passado', 'Receita, 2026-01, BU SSA', /^Receita: .+ EUR\.$/],
    ['revenue in SSA last month', 'Revenue, 2026-01, BU SSA', /^Revenue: .+ EUR\.$/],
  ])('%s', async (question, understood, narrative) => {
    const answer = await service.read(w.admin, question, PINNED_TODAY);
    expect(answer.understood).toBe(understood);
    expect(answer.narrative).toMatch(narrative);
    // The table's headers are the same words as the reading.
    for (const column of answer.result!.columns) expect(understood).toContain(column.label);
  });
});

/** Questions reaching for other BUs, for a user who may read SSA's Finance data only. */
const REACHING_OUT = [
  'revenue by BU last month',
  'revenue of all BUs last month',
  "chiffre d'affaires de tous les aéroports le mois dernier",
  'revenue AMA vs SSA last month',
  'revenue AMA vs LGW last month',
  'revenue LGW vs SSA last quarter',
  'operating expenses of all airports last quarter',
  'revenue by month and airport last quarter',
  "chiffre d'affaires par aéroport le trimestre dernier",
  'ingresos de AMA y SCA el mes pasado',
  'receita por aeroporto no último trimestre',
  'supplier spend by BU last quarter',
  'revenue per passenger LGW vs SSA 2025',
  'passengers by airport last year',
];

describe('notes that describe the deliveries the numbers came from (issue 32, item 7)', () => {
  it('a whole-year traffic file holds its twelve months: none is said to be missing', async () => {
    const answer = await service.read(w.admin, 'passengers by month from January to November 2025', PINNED_TODAY);
    expect(answer.status).toBe('answered');
    expect(answer.result!.rows).toHaveLength(11);
    expect(answer.quality.join(' ')).not.toMatch(/TRAFFIC_ACTUALS.*not in the numbers/);
    const months = answer.qualityStatus![0]!.months;
    expect(months.filter((m) => m.status === 'missing')).toEqual([]);
    expect(new Set(months.map((m) => m.month)).size).toBe(11);
  });
});

describe('the Finance steward of SSA', () => {
  it('never gets another BU’s rows, and is told the answer is within his access', async () => {
    let ssaRows = 0;
    for (const question of REACHING_OUT) {
      const answer = await service.read(w.financeSsa, question, PINNED_TODAY);
      expect(answer.status, question).toBe('answered');
      const bu = answer.result!.columns.findIndex((c) => c.id === 'bu');
      if (bu >= 0) for (const row of answer.result!.rows) expect(row[bu], question).toBe('SSA');
      if (bu >= 0) ssaRows += answer.result!.rows.length;
      expect(answer.notices.join(' '), question).toMatch(/within your access|do not have access|in your scope/);
    }
    // Not vacuous: his own BU's rows do come back.
    expect(ssaRows).toBeGreaterThan(3);
  });

  it('gets SSA’s own numbers where the head office gets the group’s', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const table = (type: string) => path.join(w.filesDir, 'warehouse', '*', 'use_case=finance', `file_type=${type}`, '*', '*', '*.parquet');
    // In EUR: each ledger row at its BU's rate of its month (issue 32).
    const revenue = async (bus: string) =>
      Number(
        (
          await db.runAndReadAll(
            `SELECT -sum(l.amount * fx.rate_to_eur) FROM read_parquet('${table('GENERAL_LEDGER')}', hive_partitioning = true) l
             JOIN read_parquet('${table('FX_RATES')}', hive_partitioning = true) fx ON fx.bu = l.bu AND fx.period = l.period AND fx.currency = l.currency
             WHERE l.account LIKE '7%' AND l.period BETWEEN '2025-10' AND '2025-12' AND l.bu IN (${bus})`,
          )
        ).getRows()[0]![0],
      );
    const ssa = await revenue("'SSA'");
    const group = await revenue("'SSA', 'AMA', 'SCA', 'ANA', 'LGW'");
    db.closeSync();
    expect(group).toBeGreaterThan(ssa);
    const mine = await service.read(w.financeSsa, 'total revenue last quarter', PINNED_TODAY);
    expect(mine.result!.rows[0]![0]).toBeCloseTo(ssa, 2);
    const head = await service.read(w.admin, 'total revenue last quarter', PINNED_TODAY);
    expect(head.result!.rows[0]![0]).toBeCloseTo(group, 2);
    expect(head.notices).toEqual([
      expect.stringMatching(/^Amounts in other currencies converted to EUR at the monthly rates of FX_RATES \(/),
    ]);
    const byBu = await service.read(w.admin, 'revenue by BU last quarter', PINNED_TODAY);
    expect(byBu.result!.rows.map((r) => r[0]).sort()).toEqual(['AMA', 'ANA', 'SCA', 'SSA']);
  });
});
