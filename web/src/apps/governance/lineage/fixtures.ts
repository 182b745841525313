import type { LineageEdge, LineageNode } from '@hangar/contract';

export function lineageNode(overrides: Partial<LineageNode> & Pick<LineageNode, 'id' | 'kind'>): LineageNode {
  return { source: '', kpi: '', remapping_name: '', explanation: null, description: '', format: null, columns: [], ...overrides };
}

export function lineageEdge(from: LineageNode, to: LineageNode, column: string | null = null): LineageEdge {
  return {
    id: `${from.id}:${column ?? ''}->${to.id}`,
    source: { node: from.id, column, table: from.kpi, kpi: null },
    target: { node: to.id, column: null, table: to.kpi, kpi: to.kind === 'kpi' ? to.kpi : null },
  };
}

/** Traffic's shape: AODB and PowerBI headers, two tables, a measure between tables and KPI. */
export function trafficGraph() {
  const aodb = lineageNode({ id: 'h-aodb', kind: 'source', source: 'AODB' });
  const powerbi = lineageNode({ id: 'h-pbi', kind: 'source', source: 'PowerBI measures' });
  const flights = lineageNode({
    id: 't-flights',
    kind: 'table',
    source: 'AODB',
    kpi: 'FLIGHTS',
    columns: ['FLIGHT_ID', 'PAX'],
    quality: 'failed',
  });
  const stands = lineageNode({ id: 't-stands', kind: 'table', source: 'AODB', kpi: 'STANDS', columns: ['STAND'], quality: 'success' });
  const measure = lineageNode({ id: 't-measure', kind: 'table', source: 'PowerBI measures', kpi: 'Total PAX' });
  const pax = lineageNode({
    id: 'k-pax',
    kind: 'kpi',
    kpi: 'Passengers',
    format: '#,##0',
    explanation: 'Sum of PAX over all flights.',
    description: 'Passengers carried',
  });
  const occupancy = lineageNode({ id: 'k-occ', kind: 'kpi', kpi: 'Stand occupancy', format: '0.0%' });
  const tables = [aodb, powerbi, flights, stands, measure, pax, occupancy];
  const edges = [
    lineageEdge(flights, measure, 'PAX'),
    lineageEdge(flights, measure, 'FLIGHT_ID'),
    lineageEdge(measure, pax),
    lineageEdge(stands, occupancy, 'STAND'),
    lineageEdge(flights, occupancy, '=cmd|calc'),
  ];
  return { tables, edges };
}
