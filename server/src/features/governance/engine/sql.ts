import type { ColumnDef, KpiDef } from '../catalogue/types.ts';

// SQL fragments generated from the catalogue's definitions (DuckDB dialect).

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

const MONTH_RE = "'^[0-9]{4}-(0[1-9]|1[0-2])$'";

/** True when a non-empty raw (text) value does not parse as the column's type. */
/** The column holding a typed column's original text. */
export const rawName = (c: ColumnDef) => `${c.name}__text`;

export function badType(c: ColumnDef, textColumn: string): string | null {
  const v = ident(textColumn);
  switch (c.type) {
    case 'string':
      return null;
    case 'integer':
      return `(${v} IS NOT NULL AND TRY_CAST(${v} AS BIGINT) IS NULL)`;
    case 'decimal':
      return `(${v} IS NOT NULL AND TRY_CAST(${v} AS DOUBLE) IS NULL)`;
    case 'date':
      return `(${v} IS NOT NULL AND (length(${v}) <> 10 OR TRY_CAST(${v} AS DATE) IS NULL))`;
    case 'month':
      return `(${v} IS NOT NULL AND NOT regexp_matches(${v}, ${MONTH_RE}))`;
  }
}

/** The typed value of a raw column. */
export function typed(c: ColumnDef): string {
  const v = ident(c.name);
  switch (c.type) {
    case 'string':
      return `NULLIF(trim(${v}), '') AS ${v}`;
    case 'integer':
      return `TRY_CAST(${v} AS BIGINT) AS ${v}`;
    case 'decimal':
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

function filterSql(kpi: KpiDef): string {
  const f = kpi.filter;
  if (!f) return 'TRUE';
  const col = ident(f.column);
  switch (f.op) {
    case 'startsWith':
      return `starts_with(CAST(${col} AS VARCHAR), ${literal(String(f.value))})`;
    case 'eq':
      return `${col} = ${literal(f.value as string | number)}`;
    case 'gt':
      return `${col} > ${literal(f.value as string | number)}`;
    case 'in':
      return `${col} IN (${(f.value as readonly string[]).map((v) => literal(v)).join(', ')})`;
  }
}

const agg = (fn: 'sum' | 'count' | 'avg' | 'count_distinct', column: string) =>
  fn === 'count_distinct' ? `count(DISTINCT ${ident(column)})` : `${fn}(${ident(column)})`;

/** One KPI over table `t`: per group when the KPI is grouped, with a total row. */
export function kpiSql(kpi: KpiDef): string {
  const sign = kpi.negate ? '-1 * ' : '';
  const value = kpi.per
    ? `${agg(kpi.aggregate, kpi.column)} / NULLIF(${agg(kpi.per.aggregate, kpi.per.column)}, 0)`
    : `${sign}${agg(kpi.aggregate, kpi.column)}`;
  const where = filterSql(kpi);
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
