import type { LineageEdge, LineageNode } from '@hangar/contract';
import { indexLinks, type Link, type LinkIndex } from './path';

/** The graph as fetched, plus the arrows to draw (one per node pair) and their index. */
export interface LineageModel {
  nodes: readonly LineageNode[];
  byId: ReadonlyMap<string, LineageNode>;
  edges: readonly LineageEdge[];
  links: readonly Link[];
  index: LinkIndex;
}

export const nodeLabel = (node: LineageNode): string => (node.kind === 'source' ? node.source : node.remapping_name || node.kpi);

export function buildModel(nodes: readonly LineageNode[], edges: readonly LineageEdge[]): LineageModel {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const known = edges.filter((edge) => byId.has(edge.source.node) && byId.has(edge.target.node));
  const links = new Map<string, Link>();
  for (const edge of known) {
    const id = `${edge.source.node}->${edge.target.node}`;
    if (!links.has(id)) links.set(id, { id, source: edge.source.node, target: edge.target.node });
  }
  // The contract does not say whether header nodes have edges: a header without any is joined to its tables.
  const linkedHeaders = new Set(known.map((edge) => edge.source.node));
  const headers = new Map(nodes.filter((n) => n.kind === 'source' && !linkedHeaders.has(n.id)).map((n) => [n.source, n.id]));
  for (const node of nodes) {
    const header = node.kind === 'table' ? headers.get(node.source) : undefined;
    if (header) links.set(`${header}->${node.id}`, { id: `${header}->${node.id}`, source: header, target: node.id });
  }
  const list = [...links.values()];
  return { nodes, byId, edges: known, links: list, index: indexLinks(list) };
}

/** The graph node of a KPI listed by get_kpis. */
export const kpiNodeOf = (model: LineageModel, kpiName: string): LineageNode | undefined =>
  model.nodes.find((node) => node.kind === 'kpi' && (node.kpi === kpiName || node.remapping_name === kpiName));
