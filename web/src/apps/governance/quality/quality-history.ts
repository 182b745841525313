import type { QualityDetailRow } from '@hangar/contract';
import { periodOf } from './quality-columns';
import { type QualityStatus, worseStatus } from './status';

export interface MonthResult {
  period: string;
  status: QualityStatus;
}

export interface TableSummary {
  table: string;
  /** The most recent period's result (the last received when a period has several). */
  latest: QualityDetailRow;
  /** One result per month, oldest first, at most a year of them. */
  history: MonthResult[];
}

const byPeriod = (a: QualityDetailRow, b: QualityDetailRow) =>
  a.year - b.year || a.month - b.month || (a.reception_time ?? '').localeCompare(b.reception_time ?? '');

export function monthlyHistory(rows: readonly QualityDetailRow[]): MonthResult[] {
  const months = new Map<string, QualityStatus>();
  for (const row of [...rows].sort(byPeriod)) {
    const period = periodOf(row);
    const seen = months.get(period);
    months.set(period, seen ? worseStatus(seen, row.status) : row.status);
  }
  return [...months].map(([period, status]) => ({ period, status })).slice(-12);
}

/** One check's rows, per table: the latest result and the monthly trend. */
export function tableSummaries(rows: readonly QualityDetailRow[]): TableSummary[] {
  const byTable = new Map<string, QualityDetailRow[]>();
  for (const row of rows) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row]);
  return [...byTable]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, tableRows]) => ({
      table,
      latest: [...tableRows].sort(byPeriod).at(-1) as QualityDetailRow,
      history: monthlyHistory(tableRows),
    }));
}
