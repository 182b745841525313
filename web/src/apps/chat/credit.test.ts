import { describe, expect, it } from 'vitest';
import { creditLabel, creditTone, creditUnit } from './credit';

describe('creditTone (spec section 9)', () => {
  it.each([
    [0, 'green'],
    [9.999, 'green'],
    [10, 'yellow'],
    [49.99, 'yellow'],
    [50, 'orange'],
    [99.99, 'orange'],
    [100, 'light-orange'],
    [249.99, 'light-orange'],
    [250, 'red'],
    [10_000, 'red'],
  ] as const)('%s credits is %s', (cost, tone) => {
    expect(creditTone(cost)).toBe(tone);
  });
});

describe('credit label', () => {
  it('says "Credit" up to 1 and "Credits" above', () => {
    expect(creditUnit(0)).toBe('Credit');
    expect(creditUnit(0.4)).toBe('Credit');
    expect(creditUnit(1)).toBe('Credit');
    expect(creditUnit(1.001)).toBe('Credits');
    expect(creditUnit(250)).toBe('Credits');
  });

  it('shows at most three decimals', () => {
    expect(creditLabel(0.5)).toBe('0.5 Credit');
    expect(creditLabel(1)).toBe('1 Credit');
    expect(creditLabel(12.3456)).toBe('12.346 Credits');
    expect(creditLabel(1234)).toBe('1,234 Credits');
    expect(creditLabel(0.0004)).toBe('< 0.001 Credit');
  });
});
