import { getViewportForBounds, type Rect } from '@xyflow/react';

/** Browsers refuse canvases much larger than this; big graphs are scaled down to fit. */
const MAX_SIDE_PX = 8000;
const PADDING = 0.05;

/**
 * The computed styles copied onto each cloned element. The default copies every property
 * (some 350), which makes a 1,000-node export take about a minute; the nodes need only these.
 */
const STYLE_PROPERTIES = [
  ...['display', 'position', 'top', 'right', 'bottom', 'left', 'z-index', 'box-sizing', 'overflow', 'opacity', 'visibility'],
  ...['width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'transform', 'transform-origin'],
  ...['top', 'right', 'bottom', 'left'].flatMap((side) => [`margin-${side}`, `padding-${side}`]),
  ...['top', 'right', 'bottom', 'left'].flatMap((side) => [`border-${side}-width`, `border-${side}-style`, `border-${side}-color`]),
  ...['top-left', 'top-right', 'bottom-right', 'bottom-left'].map((corner) => `border-${corner}-radius`),
  ...['background-color', 'box-shadow', 'color', 'font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing'],
  ...['text-align', 'text-overflow', 'white-space', 'vertical-align', 'list-style-type'],
  ...['flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'align-items', 'justify-content', 'gap'],
  ...['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray'],
];

const SVG_STROKE = ['stroke', 'stroke-width', 'stroke-opacity', 'fill'];

/**
 * html-to-image copies SVG subtrees as they are, without their computed styles, so edges drawn by
 * style sheets come out invisible (bubkoo/html-to-image#516). Their resolved strokes are written
 * inline for the capture, then put back.
 */
function inlineSvgStrokes(root: HTMLElement): () => void {
  const saved: [SVGElement, string][] = [];
  for (const element of root.querySelectorAll<SVGElement>('.lineage-edges path')) {
    const computed = getComputedStyle(element);
    saved.push([element, element.style.cssText]);
    for (const name of SVG_STROKE) element.style.setProperty(name, computed.getPropertyValue(name));
  }
  return () => {
    for (const [element, cssText] of saved) element.style.cssText = cssText;
  };
}

/** Renders the viewport element, framed on the nodes' bounds, into a PNG and downloads it. */
export async function downloadGraphPng(viewport: HTMLElement, bounds: Rect, fileName: string, background: string): Promise<void> {
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(bounds.width, bounds.height, 1));
  const width = Math.ceil(bounds.width * scale * (1 + 2 * PADDING));
  const height = Math.ceil(bounds.height * scale * (1 + 2 * PADDING));
  const view = getViewportForBounds(bounds, width, height, 0.001, 2, PADDING);
  const { toPng } = await import('html-to-image');
  const restore = inlineSvgStrokes(viewport);
  const dataUrl = await toPng(viewport, {
    backgroundColor: background,
    pixelRatio: 1,
    // Font embedding reads every style sheet of the portal: seconds on a large graph, and the nodes use system fonts.
    skipFonts: true,
    includeStyleProperties: STYLE_PROPERTIES,
    width,
    height,
    style: { width: `${width}px`, height: `${height}px`, transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` },
  }).finally(restore);
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  link.click();
}
