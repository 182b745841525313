import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './access.ts';

/** What the header check meant from the start, written as the expression it replaced. */
const byExpression = (header: string) => /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
const withHeader = (authorization: string | undefined) => ({ headers: { authorization } }) as unknown as FastifyRequest;

describe('the bearer token of an Authorization header', () => {
  it('is what /^Bearer\\s+(\\S+)$/i captures, for any scheme, whitespace and token', () => {
    const scheme = fc.constantFrom('Bearer', 'bearer', 'BEARER', 'bEaReR', 'Beare', 'Bearerx', 'Basic', 'Bearer"', 'Bearer\u00a0', '');
    const gap = fc.array(fc.constantFrom(' ', '\t', '\u00a0', '\u000b', '\u000c', 'x'), { maxLength: 3 }).map((a) => a.join(''));
    const token = fc.array(fc.constantFrom('a', 'Z', '0', '.', '-', '_', '~', '+', '/', '=', ' ', '\t', '\u00a0', 'é'), { maxLength: 12 });
    fc.assert(
      fc.property(scheme, gap, token, (s, g, t) => {
        const header = `${s}${g}${t.join('')}`;
        expect(bearerToken(withHeader(header)), JSON.stringify(header)).toBe(byExpression(header));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a real token and refuses what is not one', () => {
    const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';
    expect(bearerToken(withHeader(`Bearer ${jwt}`))).toBe(jwt);
    expect(bearerToken(withHeader(`bearer \t ${jwt}`))).toBe(jwt);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', `Bearer ${jwt} `, `Bearer ${jwt} extra`, `Basic ${jwt}`, `Bearer${jwt}`]) {
      expect(bearerToken(withHeader(header)), String(header)).toBeNull();
    }
  });
});
