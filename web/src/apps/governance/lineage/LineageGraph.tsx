import '@xyflow/react/dist/style.css';
import './lineage-graph.css';
import { Background, Controls, type Node, ReactFlow, ReactFlowProvider, type ReactFlowState, useReactFlow, useStore } from '@xyflow/react';
import { ImageDown, LocateFixed } from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTheme } from '../../../shell/theme/ThemeProvider';
import { buttonClass } from '../ui/styles';
import { downloadGraphPng } from './export-png';
import type { LineageFlow, LineageFlowNode } from './flow';
import { LineageEdges } from './LineageEdges';
import { LineageMinimap } from './LineageMinimap';
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
// React Flow's own dark palette would not match the portal's: its canvas and edges take the portal colours.
const FRAME =
  'lineage-graph h-[65vh] min-h-[22rem] w-full overflow-hidden rounded-2xl border border-line bg-page [--xy-background-color:var(--color-page)] [--xy-edge-stroke:var(--color-fg-subtle)]';
const SELECT_KEYS = new Set(['Enter', ' ']);
/** The background's dots are a fraction of a pixel below this zoom, yet their pattern was repainted on every pan frame. */
const DOTS_FROM_ZOOM = 0.25;
const dotsVisible = (state: ReactFlowState) => state.transform[2] >= DOTS_FROM_ZOOM;

function Dots() {
  return useStore(dotsVisible) ? <Background /> : null;
}

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
    // Zoomed-out and off-screen nodes are drawn compact or as boxes: the picture needs them all in full.
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
            nodeTypes={nodeTypes}
            colorMode={theme}
            fitView
            minZoom={0.02}
            maxZoom={2}
            translateExtent={flow.extent}
            // All mounted: a pan then changes nothing in the composited viewport (LineageNodes.tsx culls their detail instead).
            onlyRenderVisibleElements={false}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            edgesFocusable={false}
            onNodeClick={onNodeClick}
            onPaneClick={onClear}
            aria-label="Lineage graph"
          >
            <Dots />
            <LineageEdges flow={flow} highlighted={path?.edges ?? null} />
            <Controls showInteractive={false} />
            <LineageMinimap nodes={flow.nodes} theme={theme} />
          </ReactFlow>
        </FullDetail>
      </div>
    </div>
  );
}
