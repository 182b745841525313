import { ident, literal } from '../../../platform/sql-text.ts';
import type { KpiDef } from './types.ts';

// A KPI's computation as SQL over its validated table, generated from its definition: the KPI
// review, the lineage and Talk to my data all use these, so they cannot disagree.

/** The rows a KPI counts (its filter), TRUE when it counts them all. */
export function kpiWhereSql(kpi: KpiDef): string {
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

/** The KPI's aggregate over the rows of a group (a ratio when it has `per`, negated when booked as credits). */
export function kpiValueSql(kpi: KpiDef): string {
  if (kpi.per) return `${agg(kpi.aggregate, kpi.column)} / NULLIF(${agg(kpi.per.aggregate, kpi.per.column)}, 0)`;
  return `${kpi.negate ? '-1 * ' : ''}${agg(kpi.aggregate, kpi.column)}`;
}

/**
 * The same value as kpiValueSql over the KPI's rows only, written as one column of a scan over all
 * rows (each aggregate filtered), so several KPIs share one scan.
 */
export function kpiFilteredValueSql(kpi: KpiDef): string {
  const where = kpiWhereSql(kpi);
  const filtered = (fn: Parameters<typeof agg>[0], column: string) => `${agg(fn, column)} FILTER (WHERE ${where})`;
  if (kpi.per) return `${filtered(kpi.aggregate, kpi.column)} / NULLIF(${filtered(kpi.per.aggregate, kpi.per.column)}, 0)`;
  return `${kpi.negate ? '-1 * ' : ''}${filtered(kpi.aggregate, kpi.column)}`;
}
