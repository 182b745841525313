/** The constant of reciprocal rank fusion (Cormack et al. 2009): damps the weight of the very top ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each item scores the sum of 1 / (k + rank) over the rankings that hold
 * it (rank from 1). Needs no calibration between full-text ranks and cosine similarities, which
 * are on unrelated scales; an item both rankings agree on rises above either's lone favourite.
 */
export function fuseRankings(rankings: string[][], k = RRF_K): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    for (const [i, id] of ranking.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
