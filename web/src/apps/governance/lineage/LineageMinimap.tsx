import { MiniMap, type MiniMapNodeProps } from '@xyflow/react';
import { createContext, memo, useContext, useMemo } from 'react';
import type { ThemeName } from '../../../shell/theme/theme';
import type { LineageFlowNode } from './flow';

/** The minimap's colour per node kind, as React Flow's MiniMap drew them (its rounded rect, radius 5). */
const COLOR_VARIABLES: Record<string, string> = { source: '--color-brand', table: '--color-fg-subtle', kpi: '--color-accent' };
const FALLBACK_COLOR = '#888';
const RADIUS = 5;

export interface Picture {
  href: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every node as a rect of one SVG image, placed in flow coordinates: `color` gives a kind's fill. An
 * image is drawn in one operation from its cached raster, where React Flow's thousand rects were each
 * re-rasterised in software whenever the minimap's view rectangle moved, that is on every pan frame.
 */
export function minimapPicture(nodes: readonly LineageFlowNode[], color: (kind: string) => string): Picture | null {
  if (nodes.length === 0) return null;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  let rects = '';
  for (const { position, width = 0, height = 0, type = '' } of nodes) {
    minX = Math.min(minX, position.x);
    minY = Math.min(minY, position.y);
    maxX = Math.max(maxX, position.x + width);
    maxY = Math.max(maxY, position.y + height);
    rects += `<rect x="${position.x}" y="${position.y}" width="${width}" height="${height}" rx="${RADIUS}" fill="${color(type)}"/>`;
  }
  const [width, height] = [maxX - minX, maxY - minY];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${width} ${height}" shape-rendering="crispEdges">${rects}</svg>`;
  return { href: `data:image/svg+xml,${encodeURIComponent(svg)}`, x: minX, y: minY, width, height };
}

/** The theme's colour for each kind: the picture is a separate document, where the page's CSS variables do not reach. */
function themeColors(): (kind: string) => string {
  const style = getComputedStyle(document.documentElement);
  const resolved = new Map(Object.entries(COLOR_VARIABLES).map(([kind, name]) => [kind, style.getPropertyValue(name).trim()]));
  const other = style.getPropertyValue(COLOR_VARIABLES.table!).trim() || FALLBACK_COLOR;
  return (kind) => resolved.get(kind) || other;
}

interface Props {
  nodes: readonly LineageFlowNode[];
  theme: ThemeName;
}

const Slot = createContext<{ first: string | undefined; picture: Picture | null }>({ first: undefined, picture: null });

/** A node's place in the minimap: the first node's draws the picture of them all, the others nothing. */
function PictureSlot({ id }: MiniMapNodeProps) {
  const { first, picture } = useContext(Slot);
  if (id !== first || !picture) return null;
  const { href, ...box } = picture;
  return <image className="lineage-minimap-picture" href={href} {...box} preserveAspectRatio="none" />;
}

/** React Flow's MiniMap (its view rectangle, panning and zooming by it) with the nodes drawn as one picture, built once per layout and theme. */
export const LineageMinimap = memo(function LineageMinimap({ nodes, theme }: Props) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours read from the page are the theme's
  const slot = useMemo(() => ({ first: nodes[0]?.id, picture: minimapPicture(nodes, themeColors()) }), [nodes, theme]);
  return (
    <Slot value={slot}>
      <MiniMap pannable zoomable nodeComponent={PictureSlot} ariaLabel="Lineage overview map" className="hidden sm:block" />
    </Slot>
  );
});
