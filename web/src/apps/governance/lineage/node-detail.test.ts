import { describe, expect, it } from 'vitest';
import { nodeDetail } from './LineageNodes';

/** A 1000 x 600 pane panned to (x, y) at `zoom`. */
const view = (x: number, y: number, zoom: number) => ({ transform: [x, y, zoom] as [number, number, number], width: 1000, height: 600 });
const node = { x: 0, y: 0, width: 260, height: 80 };

describe('nodeDetail', () => {
  it('draws a node in view in full from zoom 0.5, as a compact label below, and as its box below 0.1', () => {
    expect(nodeDetail(view(100, 100, 1), node)).toBe('full');
    expect(nodeDetail(view(100, 100, 0.5), node)).toBe('full');
    expect(nodeDetail(view(100, 100, 0.3), node)).toBe('compact');
    expect(nodeDetail(view(100, 100, 0.1), node)).toBe('compact');
    expect(nodeDetail(view(100, 100, 0.05), node)).toBe('box');
  });

  it('gives detail to nodes up to half a view beyond each edge, ahead of a pan, and draws farther ones as their box', () => {
    const at = (x: number, y: number) => nodeDetail(view(0, 0, 1), { ...node, x, y });
    expect(at(1400, 0)).toBe('full'); // left edge 400 px right of the view, within the 500 px margin
    expect(at(1600, 0)).toBe('box');
    expect(at(-700, 0)).toBe('full'); // right edge 440 px left of the view
    expect(at(-800, 0)).toBe('box');
    expect(at(0, 850)).toBe('full');
    expect(at(0, 950)).toBe('box');
    expect(at(0, -370)).toBe('full'); // bottom edge 290 px above the view
    expect(at(0, -400)).toBe('box');
    // The margin scales with the zoom: at 0.2 the same node 1600 px right is 320 px on screen, in view.
    expect(nodeDetail(view(0, 0, 0.2), { ...node, x: 1600 })).toBe('compact');
    // Panning moves the view: 1200 px left, the node at 1600 is in it.
    expect(nodeDetail(view(-1200, 0, 1), { ...node, x: 1600 })).toBe('full');
  });
});
