import type { LineageEdge, LineageNode } from '@hangar/contract';
import { convertsToEur, FX_RATES } from './catalogue/columns.ts';
import type { FileTypeDef, KpiDef, UseCaseDef } from './catalogue/index.ts';
import type { LineageConsumer } from './lineage-consumers.ts';

/**
 * The lineage graph of a use case at a BU, derived from the same definitions the check engine uses
 * to compute KPIs: source systems -> tables (file types) -> KPIs, with the columns each KPI reads.
 * A use case with a BI layer (Traffic's PowerBI measures) gets a measure node between table and KPI.
 * A KPI adding amounts in several currencies also reads the BU's exchange rates (FX_RATES).
 */
export interface LineageGraph {
  nodes: LineageNode[];
  edges: LineageEdge[];
}

/** The columns a KPI reads, in a stable order: the measure, the divisor, the filter, the grouping. */
export function kpiColumns(kpi: KpiDef): string[] {
  const cols = [kpi.column, kpi.per?.column, kpi.filter?.column, kpi.groupBy].filter((c): c is string => Boolean(c));
  return [...new Set(cols)];
}

/** The columns of the rates file a converted KPI reads: the row's currency and month find the rate. */
const RATE_COLUMNS = ['currency', 'rate_to_eur'];

const sourceNode = (t: FileTypeDef): LineageNode => ({
  id: `source:${t.source}`,
  kind: 'source',
  source: t.source,
  kpi: t.source,
  remapping_name: t.source,
  explanation: null,
  description: `Source system of ${t.type}`,
  format: null,
  columns: [],
});

const tableNode = (t: FileTypeDef, columns: string[]): LineageNode => ({
  id: `table:${t.type}`,
  kind: 'table',
  source: t.source,
  kpi: t.type,
  remapping_name: t.label,
  explanation: null,
  description: t.label,
  format: null,
  columns,
});

export function lineageGraph(useCase: UseCaseDef, types: readonly FileTypeDef[], consumers: readonly LineageConsumer[] = []): LineageGraph {
  const nodes = new Map<string, LineageNode>();
  const edges: LineageEdge[] = [];
  const withKpis = types.filter((t) => t.kpis?.length);
  const rates = types.find((t) => t.type === FX_RATES);
  const add = (node: LineageNode) => {
    if (!nodes.has(node.id)) nodes.set(node.id, node);
    return node;
  };
  const edge = (from: LineageNode, to: LineageNode, column: string | null, table: string, kpi: string | null) =>
    edges.push({
      id: `${from.id}->${to.id}${column ? `#${column}` : ''}`,
      source: { node: from.id, column, table, kpi: from.kind === 'kpi' ? from.kpi : null },
      target: { node: to.id, column: null, table, kpi },
    });
  /** The rates file's node, with its source system's, added the first time a KPI reads it. */
  const ratesTable = (t: FileTypeDef) => {
    const source = add(sourceNode(t));
    const table = add(tableNode(t, RATE_COLUMNS));
    if (!edges.some((e) => e.source.node === source.id && e.target.node === table.id)) edge(source, table, null, t.type, null);
    return table;
  };

  for (const t of withKpis) {
    const source = add(sourceNode(t));
    const table = add(tableNode(t, [...new Set(t.kpis!.flatMap(kpiColumns))]));
    edge(source, table, null, t.type, null);
    for (const k of t.kpis!) {
      const kpi = add({
        id: `kpi:${k.name}`,
        kind: 'kpi',
        source: t.source,
        kpi: k.name,
        remapping_name: k.name,
        explanation: k.explanation ?? null,
        description: k.definition,
        format: k.format,
        columns: [],
      });
      if (useCase.biLayer) {
        const bi = add({
          id: `source:${useCase.biLayer}`,
          kind: 'source',
          source: useCase.biLayer,
          kpi: useCase.biLayer,
          remapping_name: useCase.biLayer,
          explanation: null,
          description: 'Measures computed in the BI layer from the warehouse tables',
          format: null,
          columns: [],
        });
        const measure = add({
          id: `measure:${k.name}`,
          kind: 'table',
          source: useCase.biLayer,
          kpi: `[${k.name}]`,
          remapping_name: `[${k.name}]`,
          explanation: null,
          description: `Measure behind ${k.name}`,
          format: k.format,
          columns: kpiColumns(k),
        });
        edge(bi, measure, null, measure.kpi, null);
        for (const c of kpiColumns(k)) edge(table, measure, c, t.type, null);
        if (rates && convertsToEur(t, k)) for (const c of RATE_COLUMNS) edge(ratesTable(rates), measure, c, rates.type, null);
        edge(measure, kpi, null, measure.kpi, k.name);
        continue;
      }
      for (const c of kpiColumns(k)) edge(table, kpi, c, t.type, k.name);
      // Its amounts are converted to EUR with the rates of their BU and month before they add up.
      if (rates && convertsToEur(t, k)) for (const c of RATE_COLUMNS) edge(ratesTable(rates), kpi, c, rates.type, k.name);
    }
  }
  // Downstream: each dashboard that shows KPIs of this graph, fed by those KPIs.
  for (const c of consumers) {
    const shown = c.kpis.map((k) => nodes.get(`kpi:${k}`)).filter((n): n is LineageNode => n !== undefined);
    if (!shown.length) continue;
    const dashboard = add({
      id: `dashboard:${c.id}`,
      kind: 'dashboard',
      source: 'Dashboards',
      kpi: c.title,
      remapping_name: c.title,
      explanation: null,
      description: c.description,
      format: null,
      columns: [],
    });
    for (const kpi of shown) edge(kpi, dashboard, null, kpi.kpi, null);
  }
  return { nodes: [...nodes.values()], edges };
}
