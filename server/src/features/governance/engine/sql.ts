import { ident, literal } from '../../../platform/sql-text.ts';
import type { ColumnDef, KpiDef } from '../catalogue/types.ts';

// SQL fragments generated from the catalogue's definitions (DuckDB dialect).

export { ident, literal };

const MONTH_RE = "'^[0-9]{4}-(0[1-9]|1[0-2])$'";

/** Text a spreadsheet runs as a formula when it starts a cell (OWASP's CSV injection list). */
export const FORMULA_START = '^[=+\\-@\t\r]';
const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r'];

/** FORMULA_START as SQL: the first character's code point (a regular expression per value costs four times as much). */
export const startsLikeFormula = (v: string) => `ord(${v}) IN (${FORMULA_CHARS.map((c) => c.charCodeAt(0)).join(', ')})`;

/** A number written with a decimal comma, optionally with points between thousands (1.234,56). */
const DECIMAL_COMMA_RE = "'^[+-]?([0-9]+|[0-9]{1,3}([.][0-9]{3})+)(,[0-9]+)?$'";

/** The column holding a typed column's original text. */
export const rawName = (c: ColumnDef) => `${c.name}__text`;

/** True when a non-empty raw (text) value does not parse as the column's type. */
export function badType(c: ColumnDef, textColumn: string, decimalComma = false): string | null {
  const v = ident(textColumn);
  switch (c.type) {
    case 'string':
      return null;
    case 'integer':
      return `(${v} IS NOT NULL AND TRY_CAST(${v} AS BIGINT) IS NULL)`;
    case 'decimal':
      if (decimalComma) return `(${v} IS NOT NULL AND NOT regexp_matches(trim(${v}), ${DECIMAL_COMMA_RE}))`;
      return `(${v} IS NOT NULL AND TRY_CAST(${v} AS DOUBLE) IS NULL)`;
    case 'date':
      return `(${v} IS NOT NULL AND (length(${v}) <> 10 OR TRY_CAST(${v} AS DATE) IS NULL))`;
    case 'month':
      return `(${v} IS NOT NULL AND NOT regexp_matches(${v}, ${MONTH_RE}))`;
  }
}

/** The typed value of a raw (text) column, as an expression. */
export function typedValue(c: ColumnDef, decimalComma = false): string {
  const v = ident(c.name);
  switch (c.type) {
    case 'string':
      // trim() strips Unicode spaces at both ends and decodes every character to do so: a value that is
      // all ASCII (as many characters as bytes), not starting at or below a space and not ending with
      // one, cannot change, and most values are such. A third of a 1M-row load's time otherwise.
      return `CASE WHEN ${v} >= '!' AND NOT suffix(${v}, ' ') AND strlen(${v}) = length(${v}) THEN NULLIF(${v}, '') ELSE NULLIF(trim(${v}), '') END`;
    case 'integer':
      return `TRY_CAST(${v} AS BIGINT)`;
    case 'decimal':
      if (decimalComma) return `TRY_CAST(replace(replace(trim(${v}), '.', ''), ',', '.') AS DOUBLE)`;
      return `TRY_CAST(${v} AS DOUBLE)`;
    case 'date':
      return `TRY_CAST(${v} AS DATE)`;
    case 'month':
      return v;
  }
}

/** The typed value of a raw column, under the column's name. */
export const typed = (c: ColumnDef, decimalComma = false) => `${typedValue(c, decimalComma)} AS ${ident(c.name)}`;

/**
 * Whether a column's original text is kept beside its typed value: only for types the value is
 * converted to (a month stays the text it was).
 */
export const keepsText = (c: ColumnDef) => c.type !== 'string' && c.type !== 'month';

/**
 * A converted column's original text where it did not become a valid value (wrong type, or no
 * value), NULL elsewhere: findings quote it, and the column is nearly empty for a clean file.
 * So the text was empty exactly where both the value and this are NULL.
 */
export function keptText(c: ColumnDef, decimalComma = false): string {
  const v = ident(c.name);
  return `CASE WHEN ${v} IS NOT NULL AND (${typedValue(c, decimalComma)} IS NULL OR ${badType(c, c.name, decimalComma)}) THEN ${v} END AS ${ident(rawName(c))}`;
}

export const typeLabel: Record<ColumnDef['type'], string> = {
  string: 'text',
  integer: 'a whole number',
  decimal: 'a number',
  date: 'a date yyyy-MM-dd',
  month: 'a month yyyy-MM',
};

/** Formats a KPI value for the review table. */
export function formatKpi(kpi: KpiDef, v: number | null): string {
  if (v === null || Number.isNaN(v)) return '';
  if (kpi.unit === '%') return `${(v * 100).toFixed(1)}%`;
  const decimals = kpi.format.includes('.00') ? 2 : 0;
  return v.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
