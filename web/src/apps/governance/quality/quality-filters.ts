import { GOV_TEXTS, type QualityDetailRow } from '@hangar/contract';
import type { QualityStatus } from './status';

// The quality table view's filters, search and page buttons (spec sections 2 and 5, "Quality tab").

export interface QualityFilters {
  table: string | null;
  status: QualityStatus | null;
  year: number | null;
  month: number | null;
  search: string;
}

export const NO_FILTERS: QualityFilters = { table: null, status: null, year: null, month: null, search: '' };

export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Every value a row holds, its failing-row sample included. */
function fieldValues(row: QualityDetailRow): string[] {
  return Object.values(row).flatMap((value) =>
    Array.isArray(value) ? value.flatMap((item) => Object.values(item as object).map(String)) : value === null ? [] : [String(value)],
  );
}

/** The text search matches any field of the row, case-insensitive. */
export function matchesSearch(row: QualityDetailRow, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term === '' || fieldValues(row).some((value) => value.toLowerCase().includes(term));
}

export function filterRows(rows: readonly QualityDetailRow[], filters: QualityFilters): QualityDetailRow[] {
  return rows.filter(
    (row) =>
      (filters.table === null || row.table_name === filters.table) &&
      (filters.status === null || row.status === filters.status) &&
      // The server may send the year as text; the filter compares numbers.
      (filters.year === null || Number(row.year) === filters.year) &&
      (filters.month === null || Number(row.month) === filters.month) &&
      matchesSearch(row, filters.search),
  );
}

export interface FilterOptions {
  tables: string[];
  years: number[];
  months: number[];
}

/** The dropdowns' choices, from every check's rows so they stay put when the check tab changes. */
export function filterOptions(rows: readonly QualityDetailRow[]): FilterOptions {
  const distinct = <T>(values: T[]) => [...new Set(values)];
  return {
    tables: distinct(rows.map((r) => r.table_name)).sort((a, b) => a.localeCompare(b)),
    years: distinct(rows.map((r) => Number(r.year))).sort((a, b) => b - a),
    months: distinct(rows.map((r) => Number(r.month))).sort((a, b) => a - b),
  };
}

/** The active filters, as listed in 'No data available for filter (...)'. */
export function describeFilters(filters: QualityFilters): string {
  const parts: string[] = [];
  if (filters.table !== null) parts.push(`Table name: ${filters.table}`);
  if (filters.status !== null) parts.push(`Status: ${filters.status}`);
  if (filters.year !== null) parts.push(`Year: ${filters.year}`);
  if (filters.month !== null) parts.push(`Month: ${MONTH_NAMES[filters.month - 1] ?? filters.month}`);
  if (filters.search.trim()) parts.push(`Search: "${filters.search.trim()}"`);
  return parts.join(', ');
}

/** What the table says instead of rows, or null when it has rows to show. */
export function emptyMessage(
  totalRows: number,
  tabRows: number,
  shownRows: number,
  tabLabel: string,
  filters: QualityFilters,
): string | null {
  if (totalRows === 0) return GOV_TEXTS.noErrors;
  if (tabRows === 0) return GOV_TEXTS.noTableErrors(tabLabel);
  if (shownRows === 0) return `No data available for filter (${describeFilters(filters)})`;
  return null;
}

export type PageItem = number | 'gap';

/** Page buttons: the first and last pages, the current one with a neighbour each side, ellipses for the rest (7 slots). */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const from = Math.max(Math.min(current - 1, total - 4), 3);
  const to = Math.min(Math.max(current + 1, 5), total - 2);
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [1, from > 3 ? 'gap' : 2, ...middle, to < total - 2 ? 'gap' : total - 1, total];
}
