import { SemanticQuery } from '@hangar/contract';
import { expect } from 'vitest';
import { buildSemanticLayer } from '../semantic-layer.ts';
import { parseQuestion } from './parser.ts';

// What the parser's tests share: the layer, the day they read questions on (15 November 2026),
// and a reading that must be an answer, not a question back.
export const layer = buildSemanticLayer();
export const TODAY = new Date(Date.UTC(2026, 10, 15));
export const parse = (q: string) => parseQuestion(q, layer, TODAY);
export const query = (q: string) => {
  const p = parse(q);
  expect(p.clarification, q).toBeNull();
  return SemanticQuery.parse(p.query);
};
