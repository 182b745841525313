import { ident, literal } from '../../../platform/sql-text.ts';
import { kpiValueSql, kpiWhereSql } from '../catalogue/kpi-sql.ts';
import type { ColumnDef, KpiDef } from '../catalogue/types.ts';

// SQL fragments generated from the catalogue's definitions (DuckDB dialect).

export { ident, literal };

const MONTH_RE = "'^[0-9]{4}-(0[1-9]|1[0-2])$'";

/** Text a spreadsheet runs as a formula when it starts a cell (OWASP's CSV injection list). */
export const FORMULA_START = '^[=+\\-@\t\r]';

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

/** The typed value of a raw column. */
export function typed(c: ColumnDef, decimalComma = false): string {
  const v = ident(c.name);
  switch (c.type) {
    case 'string':
      return `NULLIF(trim(${v}), '') AS ${v}`;
    case 'integer':
      return `TRY_CAST(${v} AS BIGINT) AS ${v}`;
    case 'decimal':
      if (decimalComma) return `TRY_CAST(replace(replace(trim(${v}), '.', ''), ',', '.') AS DOUBLE) AS ${v}`;
      return `TRY_CAST(${v} AS DOUBLE) AS ${v}`;
    case 'date':
      return `TRY_CAST(${v} AS DATE) AS ${v}`;
    case 'month':
      return `${v} AS ${v}`;
  }
}

export const typeLabel: Record<ColumnDef['type'], string> = {
  string: 'text',
  integer: 'a whole number',
  decimal: 'a number',
  date: 'a date yyyy-MM-dd',
  month: 'a month yyyy-MM',
};

/** One KPI over table `t`: per group when the KPI is grouped, with a total row. */
export function kpiSql(kpi: KpiDef): string {
  const value = kpiValueSql(kpi);
  const where = kpiWhereSql(kpi);
  if (!kpi.groupBy) return `SELECT 'Total' AS g, CAST(${value} AS DOUBLE) AS v FROM t WHERE ${where}`;
  const g = ident(kpi.groupBy);
  return `SELECT * FROM (SELECT CAST(${g} AS VARCHAR) AS g, CAST(${value} AS DOUBLE) AS v FROM t WHERE ${where} GROUP BY ${g} ORDER BY ${g} LIMIT 50)
    UNION ALL SELECT 'Total', CAST(${value} AS DOUBLE) FROM t WHERE ${where}`;
}

/** Formats a KPI value for the review table. */
export function formatKpi(kpi: KpiDef, v: number | null): string {
  if (v === null || Number.isNaN(v)) return '';
  if (kpi.unit === '%') return `${(v * 100).toFixed(1)}%`;
  const decimals = kpi.format.includes('.00') ? 2 : 0;
  return v.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
