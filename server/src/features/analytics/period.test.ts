import type { GovUseCase } from '@hangar/contract';
import { SemanticQuery, type SemanticQueryInput } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { compileQuery, type WarehouseFile } from './compile.ts';
import { differentPeriodsNotice, periodsCovered, periodText } from './period.ts';
import { buildSemanticLayer } from './semantic-layer.ts';

// The period a figure covers (issue 32, item 6), from the files the compiler read: what a card or
// an answer states beside its number.

const layer = buildSemanticLayer();
const file = (useCase: string, fileType: string, year: number, month: number): WarehouseFile => ({
  bu: 'SSA',
  useCase,
  fileType,
  year,
  month,
  path: `/w/${fileType}-${year}-${month}.parquet`,
});
const FILES = [
  // A whole-year traffic file of 2025 (its month is the upload's period, not the months it holds).
  file('Traffic', 'TRAFFIC_ACTUALS', 2025, 12),
  file('Traffic', 'TRAFFIC_BUDGET', 2026, 12),
  ...[8, 9, 10, 11].map((m) => file('Finance', 'GENERAL_LEDGER', 2026, m)),
  ...[8, 9, 10].map((m) => file('HR', 'HEADCOUNT', 2026, m)),
];
const covered = (q: SemanticQueryInput) => periodsCovered(layer, SemanticQuery.parse(q), FILES);

describe('the period a figure covers', () => {
  it('a flow covers the months read within the period asked', () => {
    expect(periodText(covered({ measures: ['revenue'] }))).toBe('2026-08 to 2026-11');
    expect(periodText(covered({ measures: ['revenue'], time: { from: '2026-09', to: '2026-10' } }))).toBe('2026-09 to 2026-10');
    expect(periodText(covered({ measures: ['departing_passengers'] }))).toBe('2025-01 to 2025-12');
  });

  it('a stock without a month breakdown is its last month; by month, every month', () => {
    expect(periodText(covered({ measures: ['headcount'] }))).toBe('2026-10');
    expect(periodText(covered({ measures: ['headcount'], dimensions: ['month'] }))).toBe('2026-08 to 2026-10');
  });

  it('a ratio covers only the months both sides hold, and none when they share none', () => {
    expect(covered({ measures: ['revenue_per_passenger'] })).toEqual([]);
    expect(periodText(covered({ measures: ['revenue_per_passenger'] }))).toBeNull();
  });

  it('figures of different periods side by side say so', () => {
    const both = covered({ measures: ['departing_passengers', 'budgeted_passengers'] });
    expect(periodText(both)).toBe('Departing passengers 2025-01 to 2025-12; Budgeted passengers 2026-01 to 2026-12');
    expect(differentPeriodsNotice(both)).toMatch(
      /cover different periods: Departing passengers 2025-01 to 2025-12, Budgeted passengers 2026/,
    );
    expect(differentPeriodsNotice(covered({ measures: ['revenue', 'operating_expenses'] }))).toBeNull();
  });
});

describe('why a measure has no rows (issue 33, item 2: the true reason)', () => {
  const notices = (q: SemanticQueryInput, readable: Record<string, string[]>) =>
    compileQuery(
      layer,
      SemanticQuery.parse(q),
      FILES,
      new Map(Object.entries(readable).map(([u, bus]) => [u as GovUseCase, new Set(bus)])),
      100,
    ).notices.join(' ');

  it('no right to the data: says so, and how to ask', () => {
    expect(notices({ measures: ['revenue'] }, { Traffic: ['SSA'] })).toMatch(
      /you have no access to Finance data\. Ask for it with Send request/,
    );
  });

  it('nothing in the period asked: says which months are held', () => {
    expect(notices({ measures: ['departing_passengers'], time: { from: '2026-01', to: '2026-03' } }, { Traffic: ['SSA'] })).toMatch(
      /No departing passengers data in your scope for this period: the months held run from 2025-01 to 2025-12/,
    );
  });

  it('nothing delivered at all: says so', () => {
    expect(notices({ measures: ['net_sales'] }, { Retail: ['SSA'] })).toMatch(/no EPOS_SALES has been delivered for SSA yet/);
  });
});
