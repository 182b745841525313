import { GOVERNANCE, type LineageNode } from '@hangar/contract';
import type { Edge, Node } from '@xyflow/react';
import { NODE_WIDTH, nodeHeight, type Positions } from './layout';
import type { LineageModel } from './model';
import { nodeLabel } from './model';

export type LineageFlowNode = Node<{ node: LineageNode }, LineageNode['kind']>;
export type LineageFlowEdge = Edge;
export type Extent = [[number, number], [number, number]];

export interface LineageFlow {
  nodes: LineageFlowNode[];
  edges: LineageFlowEdge[];
  extent: Extent;
}

const ariaLabel = (node: LineageNode): string => {
  if (node.kind === 'source') return `Source system ${node.source}`;
  if (node.kind === 'kpi') return `KPI ${nodeLabel(node)}`;
  if (node.kind === 'dashboard') return `Dashboard ${nodeLabel(node)}: ${node.description}`;
  const quality = node.quality && node.quality !== 'none' ? `, quality ${node.quality}` : '';
  return `Table ${nodeLabel(node)} from ${node.source}${quality}`;
};

/** Panning stops 1000 px beyond the outermost nodes (spec section 9). */
export function panBounds(nodes: readonly Pick<LineageFlowNode, 'position' | 'width' | 'height'>[]): Extent {
  const margin = GOVERNANCE.graph.panBoundsPx;
  if (nodes.length === 0)
    return [
      [-margin, -margin],
      [margin, margin],
    ];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { position, width = 0, height = 0 } of nodes) {
    minX = Math.min(minX, position.x);
    minY = Math.min(minY, position.y);
    maxX = Math.max(maxX, position.x + width);
    maxY = Math.max(maxY, position.y + height);
  }
  return [
    [minX - margin, minY - margin],
    [maxX + margin, maxY + margin],
  ];
}

/** React Flow's nodes and edges, built once per layout: sizes are fixed so nothing waits for measuring. */
export function toFlow(model: LineageModel, positions: Positions): LineageFlow {
  const nodes: LineageFlowNode[] = model.nodes.map((node) => ({
    id: node.id,
    type: node.kind,
    position: positions[node.id] ?? { x: 0, y: 0 },
    width: NODE_WIDTH,
    height: nodeHeight(node),
    data: { node },
    ariaLabel: ariaLabel(node),
    draggable: false,
    connectable: false,
  }));
  // Drawn by LineageEdges.tsx, not React Flow: only the ends are needed.
  const edges: LineageFlowEdge[] = model.links.map((link) => ({ id: link.id, source: link.source, target: link.target }));
  return { nodes, edges, extent: panBounds(nodes) };
}
