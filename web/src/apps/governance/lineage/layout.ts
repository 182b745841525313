import { GOVERNANCE, type LineageNode } from '@hangar/contract';
import type { LineageModel } from './model';

export const NODE_WIDTH = 260;
/** Table nodes list this many columns, then '+n more'. */
export const SHOWN_COLUMNS = 5;
const COLUMN_ROW_PX = 20;
const LARGE_GRAPH = 300;

export function nodeHeight(node: LineageNode): number {
  if (node.kind === 'source') return 56;
  if (node.kind === 'kpi' || node.kind === 'dashboard') return 72;
  const rows = Math.min(node.columns.length, SHOWN_COLUMNS) + (node.columns.length > SHOWN_COLUMNS ? 1 : 0);
  return 64 + rows * COLUMN_ROW_PX;
}

/** The ELK graph: what the worker receives (plain data, structured-clone safe). */
export interface LayoutInput {
  id: string;
  layoutOptions: Record<string, string>;
  children: { id: string; width: number; height: number }[];
  edges: { id: string; sources: [string]; targets: [string] }[];
}

export type Positions = Record<string, { x: number; y: number }>;

export function layoutInput(model: LineageModel): LayoutInput {
  return {
    id: 'lineage',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': String(GOVERNANCE.graph.nodeSpacingPx),
      'elk.spacing.nodeNode': String(GOVERNANCE.graph.perKpiPx),
      // React Flow draws its own curves: ELK's orthogonal routing would only widen the layers and cost time.
      'elk.edgeRouting': 'POLYLINE',
      // Full crossing minimisation takes seconds on a 1,000-node graph; small graphs keep the default quality.
      'elk.layered.thoroughness': model.nodes.length > LARGE_GRAPH ? '1' : '7',
      // Brandes-Köpf placement costs about a third of a 1,000-node layout; the simple one lines layers up as well.
      ...(model.nodes.length > LARGE_GRAPH ? { 'elk.layered.nodePlacement.strategy': 'SIMPLE' } : {}),
    },
    children: model.nodes.map((node) => ({ id: node.id, width: NODE_WIDTH, height: nodeHeight(node) })),
    edges: model.links.map((link) => ({ id: link.id, sources: [link.source], targets: [link.target] })),
  };
}

/**
 * Only for environments without workers (jsdom tests): each node one column right of its
 * deepest predecessor, stacked with the same spacings ELK gets.
 */
export function layeredFallback(input: LayoutInput): Positions {
  const between = Number(input.layoutOptions['elk.layered.spacing.nodeNodeBetweenLayers']);
  const within = Number(input.layoutOptions['elk.spacing.nodeNode']);
  const layer = new Map(input.children.map((child) => [child.id, 0]));
  // At most one pass per node: enough for any acyclic graph, and it stops on cycles.
  for (let pass = 0; pass < input.children.length; pass++) {
    let moved = false;
    for (const edge of input.edges) {
      const next = (layer.get(edge.sources[0]) ?? 0) + 1;
      if (layer.has(edge.targets[0]) && next > layer.get(edge.targets[0])!) {
        layer.set(edge.targets[0], next);
        moved = true;
      }
    }
    if (!moved) break;
  }
  const columnHeight = new Map<number, number>();
  const positions: Positions = {};
  for (const child of input.children) {
    const column = layer.get(child.id) ?? 0;
    const y = columnHeight.get(column) ?? 0;
    positions[child.id] = { x: column * (NODE_WIDTH + between), y };
    columnHeight.set(column, y + child.height + within);
  }
  return positions;
}

type Reply = { id: number; positions: Positions } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (p: Positions) => void; reject: (e: Error) => void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }: MessageEvent<Reply>) => {
    const call = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) call?.reject(new Error(data.error));
    else call?.resolve(data.positions);
  };
  worker.onerror = (event) => {
    for (const call of waiting.values()) call.reject(new Error(event.message || 'The layout worker failed'));
    waiting.clear();
    worker = null;
  };
  return worker;
}

/**
 * Starts the layout worker ahead of the first graph and lays out a small graph in it, so ELK's
 * 1.4 MB script is parsed and its code warm by the time the user opens the Lineage sub-tab.
 */
export function prepareLayout(): void {
  if (typeof Worker === 'undefined' || worker) return;
  const children = Array.from({ length: 60 }, (_, i) => ({ id: `n${i}`, width: 260, height: 56 }));
  const edges = children
    .slice(1)
    .map((c, i) => ({ id: `e${i}`, sources: [`n${Math.floor(i / 3)}`] as [string], targets: [c.id] as [string] }));
  void runLayout({ id: 'warm-up', layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT' }, children, edges }).catch(
    () => {},
  );
}

/** Lays the graph out with ELK off the main thread; 1,000 nodes take long enough to freeze the page otherwise. */
export function runLayout(input: LayoutInput): Promise<Positions> {
  if (typeof Worker === 'undefined') return Promise.resolve(layeredFallback(input));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, input });
  });
}
