import type { DuckDBConnection } from '@duckdb/node-api';
import type { KpiTables } from '@hangar/contract';
import { kpiFilteredValueSql, kpiWhereSql } from '../catalogue/kpi-sql.ts';
import type { FileTypeDef, KpiDef } from '../catalogue/types.ts';
import { formatKpi, ident } from './sql.ts';

/** Groups listed per grouped KPI, in the group column's order, before the total. */
const MAX_GROUPS = 50;

/**
 * The KPIs of a checked file (table `t`), each a table of groups and a total: every total in one
 * scan, and one grouping per group column shared by the KPIs grouped by it. A group is listed when
 * it holds rows the KPI counts, as if the KPI's filter had been applied first.
 */
export async function computeKpis(db: DuckDBConnection, def: FileTypeDef): Promise<KpiTables> {
  const kpis = def.kpis ?? [];
  if (!kpis.length) return {};
  const totals = (
    await db.runAndReadAll(`SELECT ${kpis.map((k) => `CAST(${kpiFilteredValueSql(k)} AS DOUBLE)`).join(', ')} FROM t`)
  ).getRows()[0]!;

  const byColumn = new Map<string, KpiDef[]>();
  for (const k of kpis) if (k.groupBy) byColumn.set(k.groupBy, [...(byColumn.get(k.groupBy) ?? []), k]);
  const groups = new Map<KpiDef, unknown[][]>();
  for (const [column, grouped] of byColumn) {
    const g = ident(column);
    const aggregates = grouped.map(
      (k, i) => `count(*) FILTER (WHERE ${kpiWhereSql(k)}) AS n${i}, CAST(${kpiFilteredValueSql(k)} AS DOUBLE) AS v${i}`,
    );
    await db.run(`CREATE OR REPLACE TEMP TABLE kpi_groups AS SELECT ${g} AS g, ${aggregates.join(', ')} FROM t GROUP BY ${g}`);
    for (const [i, k] of grouped.entries()) {
      const rows = await db.runAndReadAll(
        `SELECT CAST(g AS VARCHAR), v${i} FROM kpi_groups WHERE n${i} > 0 ORDER BY g LIMIT ${MAX_GROUPS}`,
      );
      groups.set(k, rows.getRows());
    }
  }
  if (byColumn.size) await db.run('DROP TABLE kpi_groups');

  const tables: KpiTables = {};
  for (const [i, kpi] of kpis.entries()) {
    const value = (v: unknown) => formatKpi(kpi, v === null || v === undefined ? null : Number(v));
    tables[kpi.name] = [
      [kpi.groupBy ?? '', `${kpi.name} (${kpi.unit})`],
      ...(groups.get(kpi) ?? []).map((r) => [String(r[0] ?? ''), value(r[1])]),
      ['Total', value(totals[i])],
    ];
  }
  return tables;
}
