import { randomBytes } from 'node:crypto';

/**
 * Request ids: a random prefix per process and a counter, so ids stay unique across processes and
 * restarts (a log collector joins them) without a random UUID per request, whose generation and
 * strings cost about a microsecond and 600 bytes of a small request (the scheme of hyperid).
 * An id says nothing a caller could use: it only names a request in the logs.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(9).toString('base64url');
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}
