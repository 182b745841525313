import { refreshCookieName } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../request-guards.ts';
import { normalizeEmail } from './email.ts';
import { createHashLimiter } from './hash-limiter.ts';

describe('password hashing is bounded', () => {
  it('runs at most `max` at once and asks the overflow to retry', async () => {
    const limited = createHashLimiter(2, 3);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      limited(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
      });
    const started = Array.from({ length: 5 }, work);
    const refused = await work().catch((e: Error) => e);
    expect(String(refused)).toMatch(/Too many people are signing in/);
    while (releases.length || running) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(started);
    expect(peak).toBe(2);
  });
});

describe('one normal form of an email', () => {
  it('folds case, compatibility characters and every kind of surrounding space', () => {
    for (const variant of [
      'admin@hangar.local',
      ' Admin@Hangar.Local ',
      'admin@hangar.local\u2002',
      '\u200Badmin@hangar.local',
      'ａｄｍｉｎ@hangar.local',
    ]) {
      expect(normalizeEmail(variant)).toBe('admin@hangar.local');
    }
  });
});

describe('small guards', () => {
  it('measures JSON nesting without counting brackets inside strings', () => {
    expect(jsonDepth('{"a":[1,[2]]}', 64)).toBe(3);
    expect(jsonDepth('{"a":"[[[[[\\"[[["}', 64)).toBe(1);
    expect(jsonDepth('['.repeat(100), 64)).toBe(65);
  });

  it('names the refresh cookie __Secure- on https (its /auth path rules out __Host-)', () => {
    expect(refreshCookieName(true)).toBe('__Secure-hangar_refresh');
    expect(refreshCookieName(false)).toBe('hangar_refresh');
  });
});
