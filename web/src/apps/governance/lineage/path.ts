/** A drawn arrow between two graph nodes. */
export interface Link {
  id: string;
  source: string;
  target: string;
}

export interface LinkIndex {
  out: ReadonlyMap<string, readonly Link[]>;
  in: ReadonlyMap<string, readonly Link[]>;
}

export interface PathSet {
  nodes: Set<string>;
  edges: Set<string>;
}

function push(map: Map<string, Link[]>, key: string, link: Link) {
  const list = map.get(key);
  if (list) list.push(link);
  else map.set(key, [link]);
}

export function indexLinks(links: readonly Link[]): LinkIndex {
  const out = new Map<string, Link[]>();
  const into = new Map<string, Link[]>();
  for (const link of links) {
    push(out, link.source, link);
    push(into, link.target, link);
  }
  return { out, in: into };
}

/** Everything reachable from `start` in one direction; the visited set keeps cycles finite. */
export function walk(index: LinkIndex, start: string, direction: 'up' | 'down'): PathSet {
  const nodes = new Set([start]);
  const edges = new Set<string>();
  const queue = [start];
  const adjacency = direction === 'up' ? index.in : index.out;
  for (let i = 0; i < queue.length; i++) {
    for (const link of adjacency.get(queue[i]!) ?? []) {
      edges.add(link.id);
      const next = direction === 'up' ? link.source : link.target;
      if (!nodes.has(next)) {
        nodes.add(next);
        queue.push(next);
      }
    }
  }
  return { nodes, edges };
}

/**
 * The node's lineage: what feeds it (upstream) and what it feeds (downstream).
 * Siblings reached only through a shared ancestor are not part of it.
 */
export function tracePath(index: LinkIndex, start: string): PathSet {
  const up = walk(index, start, 'up');
  const down = walk(index, start, 'down');
  return { nodes: new Set([...up.nodes, ...down.nodes]), edges: new Set([...up.edges, ...down.edges]) };
}
