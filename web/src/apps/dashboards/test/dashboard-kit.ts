import type { DashboardCatalogue, DashboardData, DashboardSummary, WidgetData } from '@hangar/contract';

export const SESSION_ID = '5f0c2a8e-3b1d-4e6f-9a7b-1c2d3e4f5a6b';

const summary = (over: Partial<DashboardSummary>): DashboardSummary => ({
  id: 22,
  key: 'finance',
  title: 'Finance',
  description: 'Revenue, expenses, suppliers and revenue streams',
  icon: 'landmark',
  section: 'Dashboards BU',
  provider: 'builtin',
  available: true,
  unavailableReason: null,
  filters: ['period', 'airport', 'bu'],
  widgets: [
    { id: 'revenue', title: 'Revenue', kind: 'card', x: 0, y: 0, w: 3, h: 2 },
    { id: 'revenue-by-month', title: 'Revenue by month', kind: 'line', x: 0, y: 2, w: 6, h: 4 },
    { id: 'accounts', title: 'Revenue by account', kind: 'table', x: 0, y: 6, w: 12, h: 5 },
  ],
  ...over,
});

/** What GET /api/v1/dashboards answers for a user holding Finance, Traffic and the HQ dashboards. */
export function catalogue(sessionMinutes = 35): DashboardCatalogue {
  return {
    sessionMinutes,
    dashboards: [
      summary({ id: 41, key: 'hq-finance', title: 'HQ Finance', section: 'Dashboards HQ' }),
      summary({}),
      summary({
        id: 13,
        key: 'airport-id',
        title: 'Airport ID',
        available: false,
        unavailableReason: 'No governed data for airport profiles yet.',
        filters: [],
        widgets: [],
      }),
      summary({ id: 30, key: 'capex', title: 'Capex', provider: 'powerbi' }),
      summary({ id: 1111111, key: 'traffic-operations', title: 'Traffic & Operations' }),
    ],
  };
}

const SOURCE: WidgetData['source'] = {
  kpis: [{ useCase: 'Finance', kpi: 'Revenue', table: 'GENERAL_LEDGER', definition: 'Sum of amounts on revenue accounts (class 7)' }],
  deliveries: [
    { useCase: 'Finance', table: 'GENERAL_LEDGER', month: '2026-01', file: 'finance/SSA/GENERAL_LEDGER/2026-01/ledger.parquet' },
  ],
  quality: [
    {
      useCase: 'Finance',
      kpi: 'Revenue',
      table: 'GENERAL_LEDGER',
      months: [
        { bu: 'SSA', month: '2026-01', status: 'passed', failedChecks: [] },
        { bu: 'AMA', month: '2026-01', status: 'failed', failedChecks: ['Data Integrity'] },
      ],
    },
  ],
};

const base = (id: string, title: string, kind: WidgetData['kind']): Omit<WidgetData, 'columns' | 'rows'> => ({
  id,
  title,
  kind,
  query: { measures: ['revenue'], dimensions: [], filters: [], time: null, order: null, limit: null, operation: null },
  truncated: false,
  period: '2025-11 to 2026-01',
  notices: [],
  source: SOURCE,
});

/** The Finance report's data; `scale` multiplies every number (a filter "changes the numbers"). */
export function financeData(scale = 1, notices: string[] = []): DashboardData {
  return {
    key: 'finance',
    title: 'Finance',
    widgets: [
      {
        ...base('revenue', 'Revenue', 'card'),
        columns: [{ id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' }],
        rows: [[3000 * scale]],
        notices,
      },
      {
        ...base('revenue-by-month', 'Revenue by month', 'line'),
        columns: [
          { id: 'month', label: 'Month', kind: 'dimension', unit: null },
          { id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' },
        ],
        rows: [
          ['2026-01', 1000 * scale],
          ['2026-02', 2000 * scale],
        ],
      },
      {
        ...base('accounts', 'Revenue by account', 'table'),
        columns: [
          { id: 'account', label: 'Account', kind: 'dimension', unit: null },
          { id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' },
        ],
        rows: [
          ['=HYPERLINK("x")', -1500 * scale],
          ['706100', 4500 * scale],
        ],
      },
    ],
  };
}
