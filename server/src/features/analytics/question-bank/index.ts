import { createHash } from 'node:crypto';
import { COMMERCIAL } from './commercial.ts';
import { FINANCE } from './finance.ts';
import { LEDGER } from './ledger.ts';
import { PEOPLE_OPS } from './people-ops.ts';
import { REFUSALS } from './refusals.ts';
import { TRAFFIC } from './traffic.ts';
import type { BankQuestion } from './types.ts';

export * from './types.ts';

/** Every question of the bank, both parts. */
export const BANK: readonly BankQuestion[] = [...TRAFFIC, ...LEDGER, ...FINANCE, ...COMMERCIAL, ...PEOPLE_OPS, ...REFUSALS];

/**
 * The split, a fixed rule on the id alone (so adding a question never moves another): a question
 * is in the held-out test part when the first four bytes of sha256("hangar-question-bank:" + id),
 * read as an unsigned big-endian integer, are 0 modulo 5. About a fifth, spread over languages and
 * intents by the hash. The parser is never tuned on the test part: do not read its questions when
 * changing the parser; its figure is only reported.
 */
export function isHeldOut(id: string): boolean {
  return createHash('sha256').update(`hangar-question-bank:${id}`).digest().readUInt32BE(0) % 5 === 0;
}

export type BankPart = 'tuning' | 'test';
export const partOf = (q: BankQuestion): BankPart => (isHeldOut(q.id) ? 'test' : 'tuning');
