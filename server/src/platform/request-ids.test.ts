import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-ids.ts';

describe('request ids', () => {
  it('never repeat, within a process or between two (each has its own random prefix)', () => {
    const a = requestIdGenerator();
    const b = requestIdGenerator();
    const ids = new Set<string>();
    for (let i = 0; i < 5000; i++) ids.add(a()).add(b());
    expect(ids.size).toBe(10_000);
    const [prefixA] = a().split('-');
    const [prefixB] = b().split('-');
    expect(prefixA).not.toBe(prefixB);
    expect(a()).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
  });
});
