import { GOVERNANCE } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { syntheticGraph } from './bench-graph';
import { trafficGraph } from './fixtures';
import { panBounds, toFlow } from './flow';
import { ownLayered } from './layered';
import { LARGE_GRAPH, layoutInput, NODE_WIDTH } from './layout';
import { buildModel } from './model';

describe('layout input', () => {
  it('asks ELK for a left-to-right layered layout, 450 px between layers and 60 px between nodes', () => {
    const input = layoutInput(buildModel(trafficGraph().tables, trafficGraph().edges));
    expect(GOVERNANCE.graph).toMatchObject({ nodeSpacingPx: 450, perKpiPx: 60 });
    expect(input.layoutOptions).toMatchObject({
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '450',
      'elk.spacing.nodeNode': '60',
    });
    expect(input.children).toHaveLength(7);
    expect(input.children.every((child) => child.width === NODE_WIDTH && child.height > 0)).toBe(true);
  });

  it('draws one arrow per node pair and joins headers without edges to their tables', () => {
    const model = buildModel(trafficGraph().tables, trafficGraph().edges);
    expect(model.links.map((link) => link.id).sort()).toEqual([
      'h-aodb->t-flights',
      'h-aodb->t-stands',
      'h-pbi->t-measure',
      't-flights->k-occ',
      't-flights->t-measure',
      't-measure->k-pax',
      't-stands->k-occ',
    ]);
  });

  it('drops edges to unknown nodes', () => {
    const { tables, edges } = trafficGraph();
    const stray = { ...edges[0]!, id: 'stray', target: { ...edges[0]!.target, node: 'missing' } };
    expect(buildModel(tables, [...edges, stray]).edges).toHaveLength(edges.length);
  });

  it('places each node one layer right of its deepest input when no worker is there, and survives cycles', () => {
    const model = buildModel(trafficGraph().tables, trafficGraph().edges);
    const positions = ownLayered(layoutInput(model));
    const pitch = NODE_WIDTH + 450;
    expect(positions['h-aodb']!.x).toBe(0);
    expect(positions['t-flights']!.x).toBe(pitch);
    expect(positions['t-measure']!.x).toBe(2 * pitch);
    expect(positions['k-pax']!.x).toBe(3 * pitch);
    const cyclic = layoutInput(buildModel(trafficGraph().tables.slice(0, 2), []));
    cyclic.edges = [
      { id: 'a', sources: ['h-aodb'], targets: ['h-pbi'] },
      { id: 'b', sources: ['h-pbi'], targets: ['h-aodb'] },
    ];
    expect(Object.keys(ownLayered(cyclic))).toHaveLength(2);
  });
});

describe('our layered layout for large graphs', () => {
  const graph = syntheticGraph();
  const input = layoutInput(buildModel(graph.tables, graph.edges));
  const positions = ownLayered(input);
  const heightOf = new Map(input.children.map((c) => [c.id, c.height]));

  it('is what a graph above the threshold gets, with every arrow pointing right', () => {
    expect(input.children.length).toBeGreaterThan(LARGE_GRAPH);
    expect(Object.keys(positions)).toHaveLength(input.children.length);
    for (const e of input.edges) expect(positions[e.targets[0]]!.x).toBeGreaterThan(positions[e.sources[0]]!.x);
  });

  it('never overlaps two nodes of a layer, and keeps the spacing between them', () => {
    const columns = new Map<number, string[]>();
    for (const [id, p] of Object.entries(positions)) columns.set(p.x, [...(columns.get(p.x) ?? []), id]);
    for (const ids of columns.values()) {
      const sorted = ids.sort((a, b) => positions[a]!.y - positions[b]!.y);
      for (let i = 1; i < sorted.length; i++) {
        const above = sorted[i - 1]!;
        expect(positions[sorted[i]!]!.y - positions[above]!.y).toBeGreaterThanOrEqual(heightOf.get(above)! + 60 - 1e-6);
      }
    }
  });

  it('orders the layers to cross far fewer arrows than the order the nodes came in', () => {
    const crossings = (place: (id: string) => number) => {
      let n = 0;
      const edges = input.edges.map((e) => ({ s: e.sources[0], t: e.targets[0], x: positions[e.sources[0]]!.x }));
      for (let i = 0; i < edges.length; i++)
        for (let j = i + 1; j < edges.length; j++) {
          const a = edges[i]!;
          const b = edges[j]!;
          if (a.x !== b.x || positions[a.t]!.x !== positions[b.t]!.x) continue;
          if ((place(a.s) - place(b.s)) * (place(a.t) - place(b.t)) < 0) n++;
        }
      return n;
    };
    const arrival = new Map(input.children.map((c, i) => [c.id, i]));
    const laidOut = crossings((id) => positions[id]!.y);
    const naive = crossings((id) => arrival.get(id)!);
    expect(laidOut).toBeLessThan(naive * 0.6);
  });
});

describe('pan bounds', () => {
  it('lets the view move 1000 px beyond the outermost nodes', () => {
    const nodes = [
      { position: { x: 0, y: 0 }, width: 260, height: 72 },
      { position: { x: 710, y: 300 }, width: 260, height: 56 },
    ];
    expect(panBounds(nodes)).toEqual([
      [-1000, -1000],
      [1970, 1356],
    ]);
  });

  it('sets the bounds on the laid-out graph', () => {
    const model = buildModel(trafficGraph().tables, trafficGraph().edges);
    const flow = toFlow(model, ownLayered(layoutInput(model)));
    expect(flow.extent[0]).toEqual([-1000, -1000]);
    expect(flow.nodes.find((n) => n.id === 't-flights')?.ariaLabel).toBe('Table FLIGHTS from AODB, quality failed');
  });
});

describe('benchmark graph', () => {
  it('is deterministic and has the asked node and edge counts in the contract shapes', () => {
    const graph = syntheticGraph();
    expect(graph.tables).toHaveLength(1000);
    expect(graph.edges).toHaveLength(2000);
    expect(syntheticGraph()).toEqual(graph);
    const model = buildModel(graph.tables, graph.edges);
    expect(model.edges).toHaveLength(2000);
    expect(new Set(graph.edges.map((e) => e.id)).size).toBe(2000);
    expect(syntheticGraph(50, 80).edges).toHaveLength(80);
  });
});
