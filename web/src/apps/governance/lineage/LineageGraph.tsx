import '@xyflow/react/dist/style.css';
import { Background, Controls, MarkerType, MiniMap, type Node, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { ImageDown, LocateFixed } from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTheme } from '../../../shell/theme/ThemeProvider';
import { buttonClass } from '../ui/styles';
import { downloadGraphPng } from './export-png';
import type { LineageFlow, LineageFlowNode } from './flow';
import { FullDetail, nodeTypes } from './LineageNodes';
import { type LinkIndex, tracePath } from './path';

/** The clicked node; `reveal` when it was chosen outside the graph and should be brought into view. */
export interface Focus {
  id: string;
  reveal: boolean;
}

interface GraphProps {
  flow: LineageFlow;
  index: LinkIndex;
  focus: Focus | null;
  onPick: (nodeId: string) => void;
  onClear: () => void;
  /** The PNG's file name. */
  imageName: string;
}

export const LineageGraph = memo(function LineageGraph(props: GraphProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
});

const DIMMED = 'opacity-15';
const FOCUSED = '[&>div]:ring-4 [&>div]:ring-accent/60';
const PATH_STYLE = { stroke: 'var(--color-accent)', strokeWidth: 2.5 };
// Stroke opacity, not group opacity: a thousand translucent SVG groups make every pan frame slow.
const DIM_STYLE = { strokeOpacity: 0.15 };
const DIM_ARROW = { type: MarkerType.ArrowClosed, width: 18, height: 18, color: 'rgb(128 128 128 / 0.25)' } as const;
const PATH_ARROW = { type: MarkerType.ArrowClosed, width: 18, height: 18, color: 'var(--color-accent)' } as const;
const MINIMAP_COLORS: Record<string, string> = {
  source: 'var(--color-brand)',
  table: 'var(--color-fg-subtle)',
  kpi: 'var(--color-accent)',
};
const miniMapColor = (node: Node) => MINIMAP_COLORS[node.type ?? ''] ?? 'var(--color-fg-subtle)';
// React Flow's own dark palette would not match the portal's: its canvas and edges take the portal colours.
const FRAME =
  'h-[65vh] min-h-[22rem] w-full overflow-hidden rounded-2xl border border-line bg-page [--xy-background-color:var(--color-page)] [--xy-edge-stroke:var(--color-fg-subtle)]';
const SELECT_KEYS = new Set(['Enter', ' ']);

function Canvas({ flow, index, focus, onPick, onClear, imageName }: GraphProps) {
  const { theme } = useTheme();
  const { fitView, getNodes, getNodesBounds } = useReactFlow<LineageFlowNode>();
  const frame = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);

  const path = useMemo(() => (focus ? tracePath(index, focus.id) : null), [index, focus]);
  const nodes = useMemo(
    () =>
      path
        ? flow.nodes.map((node) => ({ ...node, className: path.nodes.has(node.id) ? (node.id === focus?.id ? FOCUSED : '') : DIMMED }))
        : flow.nodes,
    [flow.nodes, path, focus],
  );
  const edges = useMemo(
    () =>
      path
        ? flow.edges.map((edge) =>
            path.edges.has(edge.id)
              ? { ...edge, style: PATH_STYLE, markerEnd: PATH_ARROW, zIndex: 1 }
              : { ...edge, style: DIM_STYLE, markerEnd: DIM_ARROW },
          )
        : flow.edges,
    [flow.edges, path],
  );

  const onNodeClick = useCallback((_: unknown, node: Node) => onPick(node.id), [onPick]);

  useEffect(() => {
    if (focus?.reveal && path) void fitView({ nodes: [...path.nodes].map((id) => ({ id })), duration: 400, maxZoom: 1 });
  }, [focus, path, fitView]);

  // On the document: after a pan the focus is no longer inside the graph, and Escape should still clear.
  useEffect(() => {
    if (!focus) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClear();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [focus, onClear]);

  function onKeyDown(event: KeyboardEvent) {
    const id = SELECT_KEYS.has(event.key) ? (event.target as HTMLElement).closest('.react-flow__node')?.getAttribute('data-id') : null;
    if (id) {
      event.preventDefault();
      onPick(id);
    }
  }

  async function exportPng() {
    const viewport = frame.current?.querySelector<HTMLElement>('.react-flow__viewport');
    if (!viewport) return;
    // Culling keeps off-screen nodes out of the DOM and zoomed-out nodes compact: the picture needs them all, in full.
    flushSync(() => setExporting(true));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    try {
      await downloadGraphPng(viewport, getNodesBounds(getNodes()), imageName, getComputedStyle(frame.current!).backgroundColor);
    } catch (error) {
      console.error('The graph image could not be made', error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => void fitView({ duration: 400 })}>
          <LocateFixed className="size-4" aria-hidden />
          Recenter Graph
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => void exportPng()} disabled={exporting}>
          <ImageDown className="size-4" aria-hidden />
          Download PNG
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys bubble up from the focusable nodes inside */}
      <div ref={frame} onKeyDown={onKeyDown} className={FRAME}>
        <FullDetail value={exporting}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            colorMode={theme}
            fitView
            minZoom={0.02}
            maxZoom={2}
            translateExtent={flow.extent}
            onlyRenderVisibleElements={!exporting}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            onNodeClick={onNodeClick}
            onPaneClick={onClear}
            aria-label="Lineage graph"
          >
            <Background />
            <Controls showInteractive={false} />
            <MiniMap pannable zoomable nodeColor={miniMapColor} ariaLabel="Lineage overview map" className="hidden sm:block" />
          </ReactFlow>
        </FullDetail>
      </div>
    </div>
  );
}
