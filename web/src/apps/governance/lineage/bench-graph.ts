import type { LineageEdge, LineageNode } from '@hangar/contract';

/** Same seed, same graph: benchmark runs stay comparable. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const node = (id: string, kind: LineageNode['kind'], source: string, kpi: string, columns: string[] = []): LineageNode => ({
  id,
  kind,
  source,
  kpi,
  remapping_name: '',
  explanation: kind === 'kpi' ? `How ${kpi} is computed.` : null,
  description: kind === 'kpi' ? `${kpi}, synthetic.` : '',
  format: kind === 'kpi' ? '#,##0' : null,
  columns,
  quality: kind === 'table' ? (['success', 'failed', 'pending', 'none'] as const)[id.length % 4] : undefined,
});

/**
 * A deterministic lineage graph in the contract shapes for the rendering benchmark:
 * 2% source headers, 20% KPIs, the rest raw tables feeding curated tables feeding KPIs.
 * Every table gets its header edge; the remaining edges are distinct node pairs.
 */
export function syntheticGraph(nodes = 1000, edges = 2000): { tables: LineageNode[]; edges: LineageEdge[] } {
  const rand = random(20_240_601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const sourceCount = Math.max(1, Math.round(nodes * 0.02));
  const kpiCount = Math.max(1, Math.round(nodes * 0.2));
  const tableCount = Math.max(2, nodes - sourceCount - kpiCount);

  const sources = Array.from({ length: sourceCount }, (_, i) => node(`source-${i}`, 'source', `System ${i}`, ''));
  const tables = Array.from({ length: tableCount }, (_, i) =>
    node(
      `table-${i}`,
      'table',
      `System ${i % sourceCount}`,
      `TABLE_${i}`,
      ['ID', 'DATE', `VALUE_${i % 7}`, 'AMOUNT'].slice(0, 1 + (i % 4)),
    ),
  );
  const kpis = Array.from({ length: kpiCount }, (_, i) => node(`kpi-${i}`, 'kpi', '', `KPI ${i}`));
  const raw = tables.slice(0, Math.floor(tableCount / 2));
  const curated = tables.slice(raw.length);

  const out: LineageEdge[] = [];
  const seen = new Set<string>();
  const add = (from: LineageNode, to: LineageNode) => {
    const id = `${from.id}->${to.id}`;
    if (seen.has(id) || out.length >= edges) return;
    seen.add(id);
    const column = from.columns.length ? pick(from.columns) : null;
    out.push({
      id,
      source: { node: from.id, column, table: from.kind === 'source' ? from.source : from.kpi, kpi: null },
      target: { node: to.id, column: null, table: to.kind === 'kpi' ? '' : to.kpi, kpi: to.kind === 'kpi' ? to.kpi : null },
    });
  };
  for (const table of tables) add(sources[Number(table.source.slice(7))]!, table);
  const limit = Math.min(edges, out.length + raw.length * curated.length + curated.length * kpis.length);
  for (let tries = 0; out.length < limit && tries < edges * 20; tries++) {
    if (rand() < 0.5) add(pick(raw), pick(curated));
    else add(pick(curated), pick(kpis));
  }
  return { tables: [...sources, ...tables, ...kpis], edges: out };
}
