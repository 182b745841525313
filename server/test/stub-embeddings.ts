/**
 * The stub's embedding model: a hashed bag of concepts. Words of one small synonym group share a
 * concept, so "car fees rise" and "automobile tariffs increase" point the same way though they
 * share no word, which is what full-text search cannot see. Deterministic, normalised vectors.
 */
export const STUB_EMBEDDING_DIMENSIONS = 256;

const SYNONYMS: string[][] = [
  ['car', 'cars', 'automobile', 'automobiles', 'vehicle', 'vehicles', 'motorist', 'motorists'],
  ['fee', 'fees', 'charge', 'charges', 'tariff', 'tariffs', 'price', 'prices', 'cost', 'costs'],
  ['rise', 'rises', 'increase', 'increases', 'higher', 'grow', 'grows', 'climb', 'climbs'],
  ['luggage', 'baggage', 'bag', 'bags', 'suitcase', 'suitcases'],
  ['plane', 'planes', 'aircraft', 'airplane', 'jet', 'jets'],
  ['late', 'delayed', 'delay', 'delays', 'behind'],
  ['staff', 'crew', 'crews', 'employees', 'workers', 'personnel'],
];
const STOP = new Set(
  'a an and are at be by do does for from in is it of on or the this to was were when will with what which how'.split(' '),
);
const CONCEPT = new Map(SYNONYMS.flatMap((group, i) => group.map((w) => [w, `concept-${i}`] as const)));

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function stubEmbedding(text: string): number[] {
  const v = new Array<number>(STUB_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (STOP.has(word)) continue;
    const key = CONCEPT.get(word) ?? word;
    v[hash(key) % STUB_EMBEDDING_DIMENSIONS]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
