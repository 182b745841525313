import type { LineageNode } from '@hangar/contract';
import { type NodeProps, type NodeTypes, type ReactFlowState, useStore } from '@xyflow/react';
import { Database, Gauge, LayoutDashboard, Table2 } from 'lucide-react';
import { createContext, memo, useCallback, useContext } from 'react';
import type { LineageFlowNode } from './flow';
import { SHOWN_COLUMNS } from './layout';
import { nodeLabel } from './model';

type Quality = NonNullable<LineageNode['quality']>;

/** success green, failed red, pending grey; 'none' shows no badge. */
const QUALITY_BADGE: Record<Exclude<Quality, 'none'>, string> = {
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  pending: 'bg-gray-200 text-gray-700 dark:bg-gray-700 dark:text-gray-200',
};

const FRAME = 'flex h-full w-full flex-col overflow-hidden rounded-xl border text-left shadow-sm';
const SOURCE_COLORS = 'border-brand bg-brand text-white dark:border-accent dark:bg-surface-strong dark:text-fg';

/** Below this zoom the node's text is too small to read: nodes draw as a box and their name, which also keeps panning a large graph smooth. */
const COMPACT_BELOW_ZOOM = 0.5;
/**
 * Below this the compact label is under 3 px tall, a smudge: nodes draw as their coloured box
 * alone, which takes about a third off each pan frame of a 1,000-node graph fitted to the view.
 */
export const BOX_ONLY_BELOW_ZOOM = 0.1;
/**
 * Nodes within this fraction of the view's size beyond its edges get their detail ahead of a pan;
 * farther ones are drawn as their box. Every node stays mounted (see LineageGraph.tsx), so a pan
 * mounts nothing: at most a few nodes near the edge swap box and label.
 */
const DETAIL_MARGIN = 0.5;
type Detail = 'full' | 'compact' | 'box';

/** True while the graph is being exported: the picture shows every node in full, whatever the zoom. */
export const FullDetail = createContext(false);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much of a node to draw at this zoom and pan (the store's transform and pane size), from its box in flow coordinates. */
export function nodeDetail(
  { transform: [tx, ty, zoom], width: viewWidth, height: viewHeight }: Pick<ReactFlowState, 'transform' | 'width' | 'height'>,
  node: Box,
): Detail {
  if (zoom < BOX_ONLY_BELOW_ZOOM) return 'box';
  const [left, top] = [node.x * zoom + tx, node.y * zoom + ty];
  const [marginX, marginY] = [viewWidth * DETAIL_MARGIN, viewHeight * DETAIL_MARGIN];
  const far =
    left + node.width * zoom < -marginX || left > viewWidth + marginX || top + node.height * zoom < -marginY || top > viewHeight + marginY;
  return far ? 'box' : zoom < COMPACT_BELOW_ZOOM ? 'compact' : 'full';
}

/** null: the full node; otherwise how little of it to draw. */
function useCompact({ positionAbsoluteX: x, positionAbsoluteY: y, width = 0, height = 0 }: NodeProps<LineageFlowNode>) {
  const detailAt = useCallback((state: ReactFlowState) => nodeDetail(state, { x, y, width, height }), [x, y, width, height]);
  const detail = useStore(detailAt);
  const full = useContext(FullDetail);
  return full || detail === 'full' ? null : detail;
}

/**
 * The dots where the arrows meet a node, drawn where React Flow's handles were. Not React Flow's
 * <Handle>: the graph draws its own arrows (LineageEdges.tsx), and each handle is moved into place
 * with a transform of its own, which made every pan frame repaint and re-layer a thousand of them.
 */
const DOT = 'pointer-events-none absolute top-[calc(50%-3px)] size-1.5 rounded-full bg-fg-subtle';

function Handles() {
  return (
    <>
      <span className={`${DOT} -left-[3px]`} />
      <span className={`${DOT} -right-[3px]`} />
    </>
  );
}

interface CompactProps {
  detail: 'compact' | 'box';
  className: string;
  label: string;
  lines?: string;
}

/** One large label: readable at the zooms where the full node's text is not; below those, the box alone. */
function Compact({ detail, className, label, lines = 'line-clamp-2' }: CompactProps) {
  if (detail === 'box') return <div className={`h-full w-full rounded-xl border-4 ${className}`} />;
  return (
    <div className={`flex h-full w-full items-center overflow-hidden rounded-xl border-4 px-3 ${className}`}>
      <Handles />
      <p className={`break-words font-semibold text-[28px] leading-[1.1] ${lines}`}>{label}</p>
    </div>
  );
}

const SourceNode = memo(function SourceNode(props: NodeProps<LineageFlowNode>) {
  const { data } = props;
  const compact = useCompact(props);
  if (compact) return <Compact detail={compact} className={SOURCE_COLORS} label={data.node.source} lines="line-clamp-1" />;
  return (
    <div className={`${FRAME} justify-center px-3 ${SOURCE_COLORS}`}>
      <Handles />
      <p className="flex items-center gap-2 truncate font-semibold text-sm">
        <Database className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{data.node.source}</span>
      </p>
    </div>
  );
});

const TableNode = memo(function TableNode(props: NodeProps<LineageFlowNode>) {
  const { node } = props.data;
  const compact = useCompact(props);
  if (compact)
    return (
      <Compact
        detail={compact}
        className={
          node.quality === 'failed'
            ? 'border-red-600 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
            : 'border-line bg-page text-fg'
        }
        label={nodeLabel(node)}
      />
    );
  const hidden = node.columns.length - SHOWN_COLUMNS;
  return (
    <div className={`${FRAME} border-line bg-page px-3 py-2 text-fg`}>
      <Handles />
      <div className="flex items-center gap-2">
        <Table2 className="size-4 shrink-0 text-fg-muted" aria-hidden />
        <p className="min-w-0 flex-1 truncate font-semibold text-sm" title={nodeLabel(node)}>
          {nodeLabel(node)}
        </p>
        {node.quality && node.quality !== 'none' && (
          <span className={`shrink-0 rounded-full px-2 py-0.5 font-medium text-[11px] ${QUALITY_BADGE[node.quality]}`}>{node.quality}</span>
        )}
      </div>
      <p className="truncate text-fg-muted text-xs">{node.source}</p>
      <ul className="mt-1 space-y-0 font-mono text-[11px] text-fg-muted leading-5">
        {node.columns.slice(0, SHOWN_COLUMNS).map((column) => (
          <li key={column} className="truncate">
            {column}
          </li>
        ))}
        {hidden > 0 && <li>+{hidden} more</li>}
      </ul>
    </div>
  );
});

const KpiNode = memo(function KpiNode(props: NodeProps<LineageFlowNode>) {
  const { node } = props.data;
  const compact = useCompact(props);
  if (compact) return <Compact detail={compact} className="border-accent bg-page text-fg" label={nodeLabel(node)} />;
  return (
    <div className={`${FRAME} justify-center border-accent bg-page px-3 text-fg`}>
      <Handles />
      <p className="flex items-center gap-2 font-semibold text-sm">
        <Gauge className="size-4 shrink-0 text-accent" aria-hidden />
        <span className="truncate" title={nodeLabel(node)}>
          {nodeLabel(node)}
        </span>
      </p>
      {node.format && <p className="truncate text-fg-muted text-xs">{node.format}</p>}
    </div>
  );
});

/** A dashboard that shows KPIs of the graph: where the numbers end up. */
const DashboardNode = memo(function DashboardNode(props: NodeProps<LineageFlowNode>) {
  const { node } = props.data;
  const compact = useCompact(props);
  if (compact) return <Compact detail={compact} className="border-line border-dashed bg-surface text-fg" label={nodeLabel(node)} />;
  return (
    <div className={`${FRAME} justify-center border-line border-dashed bg-surface px-3 text-fg`}>
      <Handles />
      <p className="flex items-center gap-2 font-semibold text-sm">
        <LayoutDashboard className="size-4 shrink-0 text-fg-muted" aria-hidden />
        <span className="truncate" title={nodeLabel(node)}>
          {nodeLabel(node)}
        </span>
      </p>
      <p className="truncate text-fg-muted text-xs" title={node.description}>
        {node.description}
      </p>
    </div>
  );
});

/** Defined once at module level: a new object per render would remount every node. */
export const nodeTypes: NodeTypes = { source: SourceNode, table: TableNode, kpi: KpiNode, dashboard: DashboardNode };
