import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

describe('formatValue', () => {
  it('shows a percent measure (a fraction, as the server computes it) times 100', () => {
    expect(formatValue(0.3912, '%')).toBe('39.1%');
    expect(formatValue(1, '%')).toBe('100%');
  });

  it('puts other units after the number, and leaves text and missing values readable', () => {
    expect(formatValue(1234.567, 'EUR')).toBe('1,234.57 EUR');
    expect(formatValue(12, null)).toBe('12');
    expect(formatValue('LGW', 'EUR')).toBe('LGW');
    expect(formatValue(null, '%')).toBe('–');
  });
});
