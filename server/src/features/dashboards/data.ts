import path from 'node:path';
import { type DashboardData, type DashboardDataQuery, SemanticQuery, type SemanticResult, type WidgetData } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import {
  type BaseMeasure,
  buildSemanticLayer,
  compileQuery,
  createWarehouseFiles,
  isRatio,
  type Measure,
  periodsCovered,
  periodText,
  runCompiled,
  type SemanticLayer,
  scopeOf,
} from '../analytics/index.ts';
import type { ReportDef, WidgetDef } from './catalogue/index.ts';
import { createQualityCache } from './quality-cache.ts';

/** Points a widget may send to the browser: charts are drawn from aggregates, never from raw rows. */
export const WIDGET_POINT_CAP = 500;
const TIMEOUT_MS = 10_000;
const CACHE_ENTRIES = 2000;

const baseMeasures = (layer: SemanticLayer, m: Measure): Measure[] =>
  isRatio(m) ? [m.numerator, m.denominator].flatMap((id) => baseMeasures(layer, layer.measures.get(id)!)) : [m];
const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The widget data of builtin dashboards: each widget's semantic query, with the dashboard's filters,
 * compiled by Talk to my data's compiler within the caller's scope and run by its runner.
 * Results are cached by the compiled SQL: it names every file read (immutable objects, a new key per
 * delivery) and every BU let through, so a registry switch or another scope is another entry.
 */
export function createDashboardData(ctx: AppContext) {
  const layer = buildSemanticLayer();
  const warehouse = createWarehouseFiles(ctx);
  const cache = new Map<string, Promise<SemanticResult>>();
  const qualities = createQualityCache(ctx.db);

  function run(compiled: ReturnType<typeof compileQuery>): Promise<SemanticResult> {
    const hit = cache.get(compiled.sql);
    if (hit) return hit;
    const running = runCompiled(compiled, { warehouseDir: warehouse.cacheDir, timeoutMs: TIMEOUT_MS });
    running.catch(() => cache.delete(compiled.sql));
    cache.set(compiled.sql, running);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return running;
  }

  function widgetQuery(widget: WidgetDef, filters: DashboardDataQuery, notices: string[]): SemanticQuery {
    const measures = widget.query.measures.map((id) => layer.measures.get(id)!);
    const q = SemanticQuery.parse(widget.query);
    const from = filters.from ?? filters.to;
    const to = filters.to ?? filters.from;
    if (from && to) q.time = { from, to };
    const bus = splitList(filters.bu);
    if (bus.length) q.filters = [...q.filters, { dimension: 'bu', values: bus }];
    const airports = splitList(filters.airport);
    if (airports.length) {
      if (measures.every((m) => m.dimensions.includes('airport'))) q.filters = [...q.filters, { dimension: 'airport', values: airports }];
      else notices.push('The governed data of this widget has no airport breakdown yet: its numbers cover every airport of the BU.');
    }
    return q;
  }

  async function widgetData(
    widget: WidgetDef,
    filters: DashboardDataQuery,
    files: Parameters<typeof compileQuery>[2],
    scope: Parameters<typeof compileQuery>[3],
  ): Promise<WidgetData> {
    const notices: string[] = [];
    const query = widgetQuery(widget, filters, notices);
    const compiled = compileQuery(layer, query, files, scope, WIDGET_POINT_CAP);
    const bases = query.measures.flatMap((id) => baseMeasures(layer, layer.measures.get(id)!)).filter((m): m is BaseMeasure => !isRatio(m));
    const kpis = [...new Map(bases.map((m) => [m.id, m])).values()].map((m) => ({
      useCase: m.useCase,
      kpi: m.kpi.name,
      table: m.table.type,
      definition: m.definition,
    }));
    const today = new Date();
    const perKpi = [...new Map(kpis.map((k) => [`${k.useCase}|${k.kpi}`, k])).values()];
    // The quality lookups (the database) run while DuckDB computes the numbers.
    const [result, quality] = await Promise.all([
      run(compiled),
      Promise.all(perKpi.map((k) => qualities.quality(k, compiled.files, query.time, today))),
    ]);
    if (result.truncated) notices.push(`Only the first ${WIDGET_POINT_CAP} points are drawn: narrow the period.`);
    return {
      id: widget.id,
      title: widget.title,
      kind: widget.kind,
      query,
      columns: result.columns,
      rows: result.rows,
      truncated: result.truncated,
      period: periodText(periodsCovered(layer, query, compiled.files)),
      notices: [...compiled.notices, ...notices],
      source: {
        kpis,
        deliveries: [...new Map(compiled.files.map((f) => [f.path, f])).values()]
          .map((f) => ({
            useCase: f.useCase,
            table: f.fileType,
            month: f.month > 0 ? `${f.year}-${String(f.month).padStart(2, '0')}` : String(f.year),
            file: path.relative(warehouse.cacheDir, f.path),
          }))
          .sort((a, b) => a.month.localeCompare(b.month)),
        quality,
      },
    };
  }

  return {
    layer,
    cacheSize: () => cache.size,
    qualityCacheSize: () => qualities.size(),
    async report(report: ReportDef, filters: DashboardDataQuery, actor: Actor): Promise<DashboardData> {
      const scope = await scopeOf(ctx, actor);
      const files = await warehouse.list(scope);
      const widgets = await Promise.all(report.widgets.map((w) => widgetData(w, filters, files, scope)));
      return { key: report.key, title: report.title, widgets };
    },
  };
}
export type DashboardDataService = ReturnType<typeof createDashboardData>;
