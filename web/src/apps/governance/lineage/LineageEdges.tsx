import { EdgeLabelRenderer, ViewportPortal } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { type EdgePaths, edgePaths, type PlacedGraph } from './edge-paths';
import type { Extent } from './flow';

// Inside the viewport, in flow coordinates; a 1 px box whose drawing overflows it, never a target for the mouse.
const SVG_STYLE = { position: 'absolute', left: 0, top: 0, width: 1, height: 1, overflow: 'visible', pointerEvents: 'none' } as const;
const PATH_SCALE = 1.6;

function Paths({ paths, className }: { paths: EdgePaths; className: string }) {
  return (
    <svg className={`lineage-edges ${className}`} style={SVG_STYLE} aria-hidden>
      {paths.lines.map((d) => (
        <path key={d} className="lineage-edge" d={d} />
      ))}
      {paths.arrows.map((d) => (
        <path key={d} className="lineage-arrow" d={d} />
      ))}
    </svg>
  );
}

/**
 * A see-through box over everywhere the view can go, painted first in the viewport. The viewport is
 * a compositor layer of its own (lineage-graph.css), so a pan moves pixels already drawn instead of
 * re-rasterising every node and arrow in software; without this box Chromium would not merge the
 * scattered nodes into that one layer (too sparse) and gave each its own, 300 and more.
 */
function Backdrop({ extent: [[x0, y0], [x1, y1]] }: { extent: Extent }) {
  return <div className="lineage-backdrop" style={{ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }} />;
}

interface Props {
  flow: PlacedGraph & { extent: Extent };
  /** The highlighted path's links: drawn above the nodes in the accent colour, the others dimmed. */
  highlighted: ReadonlySet<string> | null;
}

/**
 * Every link of the graph as a few SVG paths (see edge-paths.ts): the rest of the graph in the edge
 * label layer, under the nodes; the highlighted path in the viewport portal, over them, as React
 * Flow drew a path's edges (z-index 1).
 */
export const LineageEdges = memo(function LineageEdges({ flow, highlighted }: Props) {
  const rest = useMemo(() => {
    if (!highlighted) return edgePaths(flow);
    const others = new Set(flow.edges.filter((e) => !highlighted.has(e.id)).map((e) => e.id));
    return edgePaths(flow, others);
  }, [flow, highlighted]);
  const path = useMemo(() => (highlighted ? edgePaths(flow, highlighted, PATH_SCALE) : null), [flow, highlighted]);
  return (
    <>
      <EdgeLabelRenderer>
        <Backdrop extent={flow.extent} />
        <Paths paths={rest} className={highlighted ? 'lineage-edges-dimmed' : ''} />
      </EdgeLabelRenderer>
      {path && (
        <ViewportPortal>
          <Paths paths={path} className="lineage-edges-path" />
        </ViewportPortal>
      )}
    </>
  );
});
