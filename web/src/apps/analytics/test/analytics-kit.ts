import type { DataAnswer, DataCatalogue } from '@hangar/contract';

export const ANSWER_ID = '0b9c6f2e-7a1d-4c3e-9f5a-2d8e6b1c4a70';

/** The catalogue as the server sends it (GET /api/generative_analytics/catalogue). */
export const CATALOGUE: DataCatalogue = {
  measures: [
    {
      id: 'revenue',
      label: 'Revenue',
      unit: 'EUR',
      format: '#,##0',
      definition: 'Sum of amounts on revenue accounts',
      useCase: 'Finance',
      kpi: 'Revenue',
      dimensions: ['month', 'year', 'bu', 'account'],
    },
  ],
  dimensions: [
    { id: 'month', label: 'Month', kind: 'time' },
    { id: 'account', label: 'Account', kind: 'category' },
  ],
  suggestions: ['Revenue by account last month', 'Revenue by month this year'],
};

/** A line answer over 25 months, with a notice and a quality warning. */
export function monthlyAnswer(over: Partial<DataAnswer> = {}): DataAnswer {
  const months = Array.from({ length: 25 }, (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return {
    id: ANSWER_ID,
    question: 'revenue by month',
    language: 'en',
    status: 'answered',
    query: {
      measures: ['revenue'],
      dimensions: ['month'],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: null,
      order: null,
      limit: null,
      operation: null,
    },
    understood: 'Revenue by Month',
    period: '2025-11 to 2026-01',
    ignored: [],
    clarification: null,
    result: {
      columns: [
        { id: 'month', label: 'Month', kind: 'dimension', unit: null },
        { id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' },
      ],
      rows: months.map((m, i) => [m, 1_234_567.891 + i * 1000]),
      truncated: false,
      sql: 'SELECT month, sum(amount) AS revenue FROM read_parquet($1) GROUP BY month',
    },
    chart: 'line',
    narrative: 'Revenue went from 1.23 M EUR in 2024-01 to 1.26 M EUR in 2026-01.',
    notices: ['You may read SSA only: the answer covers SSA.'],
    quality: ['2025-07 is missing for SSA.'],
    kpis: [{ useCase: 'Finance', kpi: 'Revenue', table: 'GENERAL_LEDGER' }],
    credit: 0,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}
