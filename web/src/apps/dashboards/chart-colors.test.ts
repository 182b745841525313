import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../analytics';
import { plainColor, themeChartColors } from './chart-colors';

describe('chart colours from the theme', () => {
  it('turns what the browser computes for the variables into colours a canvas takes', () => {
    expect(plainColor('rgb(26, 67, 132)')).toBe('rgb(26, 67, 132)');
    // color-mix() computes to CSS Color 4's color(srgb …).
    expect(plainColor('color(srgb 0.1 0.26 0.52 / 0.14)')).toBe('rgba(26, 66, 133, 0.14)');
    expect(plainColor('color(srgb 1 1 1)')).toBe('rgba(255, 255, 255, 1)');
    expect(plainColor('var(--color-fg)')).toBeNull();
  });

  it('uses the accent as first series, and the theme’s palette where a variable does not resolve', () => {
    document.documentElement.style.setProperty('--color-accent', 'rgb(143, 184, 232)');
    const colors = themeChartColors('dark');
    // jsdom does not resolve var() in computed styles: everything falls back but what it can read.
    expect(colors.series.slice(1)).toEqual(THEME_COLORS.dark.series.slice(1));
    expect(colors.text).toBeTruthy();
    document.documentElement.style.removeProperty('--color-accent');
  });
});
