import type { ColumnDef, ColumnType } from './types.ts';

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
