import { GOVERNANCE, type LineageNode } from '@hangar/contract';
import { ownLayered } from './layered';
import type { LineageModel } from './model';

export const NODE_WIDTH = 260;
/** Table nodes list this many columns, then '+n more'. */
export const SHOWN_COLUMNS = 5;
const COLUMN_ROW_PX = 20;
/** Above this many nodes the layout is our own (layered.ts) rather than ELK's. */
export const LARGE_GRAPH = 300;

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
    },
    children: model.nodes.map((node) => ({ id: node.id, width: NODE_WIDTH, height: nodeHeight(node) })),
    edges: model.links.map((link) => ({ id: link.id, sources: [link.source], targets: [link.target] })),
  };
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

/**
 * Small graphs: ELK off the main thread (its crossing minimisation and placement look best there).
 * Large ones: our own layered layout (layered.ts), milliseconds where ELK takes most of a second.
 */
export function runLayout(input: LayoutInput): Promise<Positions> {
  if (typeof Worker === 'undefined' || input.children.length > LARGE_GRAPH) return Promise.resolve(ownLayered(input));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    layoutWorker().postMessage({ id, input });
  });
}
