import { describe, expect, it } from 'vitest';
import type { LineageFlowNode } from './flow';
import { minimapPicture } from './LineageMinimap';

const node = (id: string, type: string, x: number, y: number, width: number, height: number) =>
  ({ id, type, position: { x, y }, width, height, data: {} }) as unknown as LineageFlowNode;
const COLORS: Record<string, string> = { source: '#111', kpi: '#222' };
const color = (kind: string) => COLORS[kind] ?? '#999';
const svgOf = (href: string) => decodeURIComponent(href.slice('data:image/svg+xml,'.length));

describe('minimapPicture', () => {
  it("draws each node as a rounded rect of its kind's colour, in one image placed over the nodes' bounds", () => {
    const picture = minimapPicture(
      [node('s', 'source', 0, 20, 100, 40), node('t', 'table', 150, 0, 100, 80), node('k', 'kpi', 300, 100, 100, 50)],
      color,
    );
    expect(picture).toMatchObject({ x: 0, y: 0, width: 400, height: 150 });
    const svg = svgOf(picture!.href);
    expect(svg).toContain('viewBox="0 0 400 150"');
    expect(svg.match(/<rect /g)).toHaveLength(3);
    expect(svg).toContain('<rect x="0" y="20" width="100" height="40" rx="5" fill="#111"/>');
    expect(svg).toContain('<rect x="150" y="0" width="100" height="80" rx="5" fill="#999"/>');
    expect(svg).toContain('<rect x="300" y="100" width="100" height="50" rx="5" fill="#222"/>');
  });

  it('is nothing for an empty graph', () => {
    expect(minimapPicture([], color)).toBeNull();
  });
});
