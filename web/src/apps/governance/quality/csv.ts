import { saveBlob } from '../../../pages/download/download-file';

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: neutralised with a leading quote if a spreadsheet could run it, then quoted. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');

/** Saved with a byte-order mark so spreadsheet apps read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(new Blob([`\uFEFF${csv}\r\n`], { type: 'text/csv;charset=utf-8' }), fileName);
}
