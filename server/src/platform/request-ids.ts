import { randomBytes } from 'node:crypto';

/**
 * Request ids: a random prefix per process and a counter, so ids stay unique across processes and
 * restarts (a log collector joins them) without a random UUID per request, whose generation and
 * strings cost about a microsecond and 600 bytes of a small request (the scheme of hyperid).
 * The counter tells how many requests the process has served, which is no secret here; an id only
 * names a request in the logs and error answers, and no route takes one as proof of anything.
 */
export function requestIdGenerator(): () => string {
  // Hex: no '-' inside the prefix, so an id splits into its two parts.
  const prefix = randomBytes(8).toString('hex');
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}
