import type { SemanticColumn, SemanticResult } from '@hangar/contract';
import { csvCell } from '../governance';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * A percent measure is a fraction (0.39 is 39 %, as the server's readings say): shown times 100,
 * against its sign. Other units follow the number after a space.
 */
export function formatValue(value: string | number | null, unit: string | null = null): string {
  if (value === null) return '–';
  if (typeof value !== 'number') return value;
  if (unit === '%') return `${PERCENT.format(value * 100)}%`;
  const text = NUMBER.format(value);
  return unit ? `${text} ${unit}` : text;
}

export const columnHeader = (column: SemanticColumn) => (column.unit ? `${column.label} (${column.unit})` : column.label);

/**
 * The rows as CSV. Text cells go through the governance export's formula guard; numbers stay
 * numbers (a negative amount is not a formula, and quoting it would make it text in a spreadsheet).
 */
export function resultCsv(result: Pick<SemanticResult, 'columns' | 'rows'>): string {
  const cell = (value: string | number | null) => (typeof value === 'number' ? String(value) : csvCell(value));
  return [result.columns.map((c) => csvCell(columnHeader(c))), ...result.rows.map((row) => row.map(cell))]
    .map((row) => row.join(','))
    .join('\r\n');
}

/** A file name from the question: letters, digits and dashes only. */
export function exportName(question: string, extension: string): string {
  const base =
    question
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'answer';
  return `${base}.${extension}`;
}

/** A data: URL (ECharts' getDataURL) as a Blob, decoded here rather than fetched. */
export function dataUrlToBlob(url: string): Blob {
  const [head = '', data = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  if (!head.endsWith(';base64')) return new Blob([decodeURIComponent(data)], { type });
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}
