import { GOV_TEXTS, type QualityDetailRow } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { qualityRow } from '../test/quality-kit';
import { describeFilters, emptyMessage, filterRows, matchesSearch, NO_FILTERS, pageItems } from './quality-filters';
import { monthlyHistory } from './quality-history';

describe('quality text search', () => {
  const row = qualityRow({
    cause: 'Wrong Codes',
    detailed_cause_fix: 'Use the MAPPING file',
    'Reference Name': 'Airline referential',
    sample: [{ line: 7, column: 'carrier', value: 'XQ9', problem: 'unknown code' }],
  });

  it.each([
    ['table name', 'general_ledger'],
    ['cause', 'WRONG codes'],
    ['fix', 'mapping FILE'],
    ['file name', 'gl_2024_03'],
    ['reference name', 'AIRLINE'],
    ['status', 'FAILED'],
    ['message', 'integrity FAILED'],
    ['reception time', '2024-03-05'],
    ['a number field', '2024'],
    ['a failing-row value', 'xq9'],
    ['a failing-row problem', 'Unknown Code'],
  ])('matches %s whatever the case', (_field, term) => {
    expect(matchesSearch(row, term)).toBe(true);
  });

  it('matches everything when empty and nothing absent', () => {
    expect(matchesSearch(row, '  ')).toBe(true);
    expect(matchesSearch(row, 'payroll')).toBe(false);
  });
});

describe('quality filters', () => {
  const rows = [
    qualityRow({ table_name: 'GL', status: 'failed', year: 2024, month: 3 }),
    qualityRow({ table_name: 'GL', status: 'success', year: 2023, month: 3 }),
    qualityRow({ table_name: 'CAPEX', status: 'failed', year: 2024, month: 4 }),
  ];

  it('keeps the rows matching every active filter', () => {
    expect(filterRows(rows, { ...NO_FILTERS, table: 'GL' })).toHaveLength(2);
    expect(filterRows(rows, { ...NO_FILTERS, table: 'GL', status: 'failed' })).toEqual([rows[0]]);
    expect(filterRows(rows, { ...NO_FILTERS, month: 4 })).toEqual([rows[2]]);
    expect(filterRows(rows, NO_FILTERS)).toHaveLength(3);
  });

  it('compares the year as a number, even when a row carries it as text', () => {
    const textYear = { ...qualityRow({ table_name: 'HR' }), year: '2023' } as unknown as QualityDetailRow;
    expect(filterRows([...rows, textYear], { ...NO_FILTERS, year: 2023 })).toEqual([rows[1], textYear]);
  });

  it('lists the active filters for the no-match message', () => {
    const filters = { table: 'GL', status: 'failed' as const, year: 2022, month: 2, search: ' late ' };
    expect(describeFilters(filters)).toBe('Table name: GL, Status: failed, Year: 2022, Month: Feb, Search: "late"');
    expect(emptyMessage(3, 2, 0, 'Data Integrity', filters)).toBe(
      'No data available for filter (Table name: GL, Status: failed, Year: 2022, Month: Feb, Search: "late")',
    );
  });

  it('says there are no errors at all, none for the tab, or none for the filter, in that order', () => {
    expect(emptyMessage(0, 0, 0, 'Referential', NO_FILTERS)).toBe(GOV_TEXTS.noErrors);
    expect(emptyMessage(4, 0, 0, 'Referential', NO_FILTERS)).toBe('There are no "Referential" errors to report at this time.');
    expect(emptyMessage(4, 2, 2, 'Referential', NO_FILTERS)).toBeNull();
  });
});

describe('page buttons', () => {
  it('lists every page up to 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the current page with its neighbours, and puts ellipses in the gaps', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageItems(7, 20)).toEqual([1, 'gap', 6, 7, 8, 'gap', 20]);
  });
});

describe('monthly history', () => {
  it('gives one result per month, oldest first, the worst one when a month has several, at most 12', () => {
    const rows = [
      qualityRow({ year: 2024, month: 2, status: 'success' }),
      qualityRow({ year: 2023, month: 12, status: 'pending' }),
      qualityRow({ year: 2024, month: 2, status: 'failed', reception_time: '2024-02-01T00:00:00+00:00' }),
      qualityRow({ year: 2024, month: 3, status: 'delayed' }),
    ];
    expect(monthlyHistory(rows)).toEqual([
      { period: '2023-12', status: 'pending' },
      { period: '2024-02', status: 'failed' },
      { period: '2024-03', status: 'delayed' },
    ]);
    const twoYears = Array.from({ length: 24 }, (_, i) => qualityRow({ year: 2023 + Math.floor(i / 12), month: (i % 12) + 1 }));
    expect(monthlyHistory(twoYears).map((m) => m.period)).toEqual(
      twoYears.slice(12).map((r) => `2024-${String(r.month).padStart(2, '0')}`),
    );
  });
});
