import { describe, expect, it } from 'vitest';
import { indexLinks, type Link, tracePath, walk } from './path';

const links = (...pairs: string[]): Link[] =>
  pairs.map((pair) => {
    const [source, target] = pair.split('>') as [string, string];
    return { id: pair, source, target };
  });

const sorted = (set: Set<string>) => [...set].sort();

describe('tracePath', () => {
  it('takes everything upstream and downstream of the node, not its siblings', () => {
    // src > t1 > kpi1, src > t2 > kpi2, t1 > kpi2
    const index = indexLinks(links('src>t1', 'src>t2', 't1>kpi1', 't2>kpi2', 't1>kpi2'));
    const path = tracePath(index, 't1');
    expect(sorted(path.nodes)).toEqual(['kpi1', 'kpi2', 'src', 't1']);
    expect(sorted(path.edges)).toEqual(['src>t1', 't1>kpi1', 't1>kpi2']);
  });

  it('follows both branches of a diamond and meets once', () => {
    const index = indexLinks(links('a>b', 'a>c', 'b>d', 'c>d', 'd>e'));
    expect(sorted(tracePath(index, 'd').nodes)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sorted(tracePath(index, 'd').edges)).toEqual(['a>b', 'a>c', 'b>d', 'c>d', 'd>e']);
    expect(sorted(walk(index, 'a', 'down').nodes)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sorted(walk(index, 'b', 'up').nodes)).toEqual(['a', 'b']);
  });

  it('ends on cycles', () => {
    const index = indexLinks(links('a>b', 'b>c', 'c>a', 'c>d', 'x>a'));
    const path = tracePath(index, 'b');
    expect(sorted(path.nodes)).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(sorted(path.edges)).toEqual(['a>b', 'b>c', 'c>a', 'c>d', 'x>a']);
    expect(sorted(tracePath(indexLinks(links('a>a')), 'a').nodes)).toEqual(['a']);
  });

  it('is the node alone when it has no links', () => {
    const path = tracePath(indexLinks(links('a>b')), 'lonely');
    expect(sorted(path.nodes)).toEqual(['lonely']);
    expect(path.edges.size).toBe(0);
  });
});
