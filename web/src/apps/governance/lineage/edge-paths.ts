import type { LineageFlowEdge, LineageFlowNode } from './flow';

/** What the arrows need of the graph: where the nodes are, and which links join them. */
export interface PlacedGraph {
  nodes: readonly Pick<LineageFlowNode, 'id' | 'position' | 'width' | 'height'>[];
  edges: readonly Pick<LineageFlowEdge, 'id' | 'source' | 'target'>[];
}

/**
 * The graph's arrows as a few long SVG path strings instead of one React Flow edge (an <svg> of its
 * own, a marker, a store subscription) per link: a thousand-node graph has 2,000 of them, and
 * panning re-painted them all on every move. Nodes never move here, so the strings are built once
 * per layout and do not depend on the viewport.
 */
export interface EdgePaths {
  /** Curves, to be stroked. */
  lines: string[];
  /** Closed arrowheads at the targets, to be filled. */
  arrows: string[];
}

/** Links per <path>: small enough that a zoomed-in view skips the paths outside it by their bounds. */
export const LINKS_PER_PATH = 64;
/** React Flow's bezier curvature, so the arrows keep the shape they had as React Flow edges. */
const CURVATURE = 0.25;
/** Arrowhead length and half width at scale 1 (React Flow's 'arrowclosed' marker, 18 px). */
const ARROW_LENGTH = 4.5;
const ARROW_HALF_WIDTH = 3.6;
/** The nodes' handle dots stick out 3 px at each side; links end on their outer edge, as React Flow's did. */
const HANDLE_OVERHANG = 3;

const round = (n: number) => Math.round(n * 10) / 10;

/** React Flow's control offset for a bezier leaving rightwards (or entering from the left). */
function controlOffset(distance: number): number {
  return distance >= 0 ? 0.5 * distance : CURVATURE * 25 * Math.sqrt(-distance);
}

/**
 * Each link from the right middle of its source to the left middle of its target (`only`: those links), drawn as React
 * Flow's default bezier; `arrowScale` sizes the heads (the highlighted path's are larger).
 */
export function edgePaths(flow: PlacedGraph, only?: ReadonlySet<string>, arrowScale = 1): EdgePaths {
  const boxes = new Map(flow.nodes.map((n) => [n.id, { x: n.position.x, y: n.position.y, w: n.width ?? 0, h: n.height ?? 0 }]));
  const links = flow.edges.filter((e) => (only ? only.has(e.id) : true) && boxes.has(e.source) && boxes.has(e.target));
  // Neighbours share a path: sorted by where they start, a path's bounds stay compact.
  const placed = links.map((e) => {
    const s = boxes.get(e.source)!;
    const t = boxes.get(e.target)!;
    return { sx: s.x + s.w + HANDLE_OVERHANG, sy: s.y + s.h / 2, tx: t.x - HANDLE_OVERHANG, ty: t.y + t.h / 2 };
  });
  placed.sort((a, b) => a.sx - b.sx || a.sy - b.sy);
  const length = ARROW_LENGTH * arrowScale;
  const half = ARROW_HALF_WIDTH * arrowScale;
  const lines: string[] = [];
  const arrows: string[] = [];
  for (let start = 0; start < placed.length; start += LINKS_PER_PATH) {
    let line = '';
    let arrow = '';
    for (const { sx, sy, tx, ty } of placed.slice(start, start + LINKS_PER_PATH)) {
      const offset = controlOffset(tx - sx);
      line += `M${round(sx)},${round(sy)}C${round(sx + offset)},${round(sy)} ${round(tx - offset)},${round(ty)} ${round(tx)},${round(ty)}`;
      arrow += `M${round(tx)},${round(ty)}l${-length},${-half}v${2 * half}z`;
    }
    lines.push(line);
    arrows.push(arrow);
  }
  return { lines, arrows };
}
