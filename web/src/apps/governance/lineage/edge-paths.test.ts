import { describe, expect, it } from 'vitest';
import { edgePaths, LINKS_PER_PATH } from './edge-paths';

const node = (id: string, x: number, y: number) => ({ id, position: { x, y }, width: 100, height: 40 });

describe('edgePaths', () => {
  it('draws each link from the right middle of its source to the left middle of its target, with an arrowhead there', () => {
    const flow = { nodes: [node('a', 0, 0), node('b', 300, 100)], edges: [{ id: 'a->b', source: 'a', target: 'b' }] };
    const { lines, arrows } = edgePaths(flow);
    // Handles stick out 3 px; the bezier's controls sit halfway along, as React Flow's default edge.
    expect(lines).toEqual(['M103,20C200,20 200,120 297,120']);
    expect(arrows).toEqual(['M297,120l-4.5,-3.6v7.2z']);
  });

  it('keeps only the links asked for, skips links to unknown nodes, and groups links into paths of a bounded size', () => {
    const nodes = Array.from({ length: 200 }, (_, i) => node(`n${i}`, (i % 2) * 400, i * 50));
    const edges = Array.from({ length: 150 }, (_, i) => ({ id: `e${i}`, source: `n${2 * (i % 100)}`, target: `n${2 * (i % 100) + 1}` }));
    edges.push({ id: 'ghost', source: 'n0', target: 'missing' });
    const all = edgePaths({ nodes, edges });
    expect(all.lines).toHaveLength(Math.ceil(150 / LINKS_PER_PATH));
    expect(all.lines.join('').match(/M/g)).toHaveLength(150);
    const two = edgePaths({ nodes, edges }, new Set(['e0', 'e1']), 2);
    expect(two.lines).toHaveLength(1);
    expect(two.arrows[0]).toContain('l-9,-7.2v14.4z');
    expect(two.lines[0]!.match(/M/g)).toHaveLength(2);
  });
});
