import type { ColumnDef, ColumnType, FileTypeDef, KpiDef } from './types.ts';

type Extra = Omit<ColumnDef, 'name' | 'type' | 'note' | 'example'>;

export const col = (name: string, type: ColumnType, note: string, example: string, extra: Extra = {}): ColumnDef => ({
  name,
  type,
  note,
  example,
  ...extra,
});

export const CURRENCIES = ['EUR', 'GBP', 'USD', 'JPY', 'CVE'] as const;

export const period = (note = 'Accounting month, yyyy-MM') => col('period', 'month', note, '2026-10', { required: true });
export const amount = (name = 'amount', note = 'Amount in the currency of the row; negative for credits') =>
  col(name, 'decimal', note, '1250.00', { required: true });
export const currency = () => col('currency', 'string', 'ISO 4217 currency code', 'EUR', { required: true, allowed: CURRENCIES });

/**
 * The monthly file of exchange rates a BU sends (Finance): amounts in another currency are
 * converted with it before they add up (issue 32), and it is an input of those KPIs' lineage.
 */
export const FX_RATES = 'FX_RATES';

/**
 * Whether a KPI adds amounts that are in the currency of their row (a table with a currency
 * column, a KPI in EUR): its rows are converted with FX_RATES first. Talk to my data applies the
 * same rule (analytics/currency.ts); the two must agree.
 */
export const convertsToEur = (table: FileTypeDef, kpi: KpiDef): boolean =>
  kpi.unit === 'EUR' && (kpi.aggregate === 'sum' || kpi.aggregate === 'avg') && table.columns.some((c) => c.name === 'currency');
