import type { ThemeName } from '../../shell/theme/theme';
import { type ChartColors, THEME_COLORS } from '../analytics';

// Chart colours that follow the theme: the portal's CSS variables, resolved by the browser (they
// hold var() and color-mix(), which a canvas cannot take) and turned into rgb() for ECharts.

/** rgb()/rgba() as given; CSS Color 4's `color(srgb r g b / a)` (what color-mix() computes to) as rgba(). */
export function plainColor(computed: string): string | null {
  const value = computed.trim();
  if (/^rgba?\(/.test(value)) return value;
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.e-]+%?))?\)$/.exec(value);
  if (!srgb) return null;
  const channel = (v: string) => Math.round(Math.min(1, Math.max(0, Number(v))) * 255);
  const alphaText = srgb[4];
  const alpha = alphaText === undefined ? 1 : alphaText.endsWith('%') ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
  return `rgba(${channel(srgb[1]!)}, ${channel(srgb[2]!)}, ${channel(srgb[3]!)}, ${alpha})`;
}

/** The computed colour of a CSS variable, read through a probe element (null when it does not resolve). */
function resolve(variable: string, property: 'color' | 'background-color' = 'color'): string | null {
  if (typeof document === 'undefined') return null;
  const probe = document.createElement('span');
  probe.style.setProperty(property, `var(${variable})`);
  probe.style.display = 'none';
  document.body.append(probe);
  const computed = getComputedStyle(probe).getPropertyValue(property);
  probe.remove();
  return computed ? plainColor(computed) : null;
}

/**
 * The palette of the current theme: text, muted text, grid lines and background from the portal's
 * variables, the first series in the accent colour; the theme's fixed palette for anything that
 * does not resolve (and for the other series, which need hues the portal's two colours do not have).
 */
export function themeChartColors(theme: ThemeName): ChartColors {
  const fallback = THEME_COLORS[theme];
  const accent = resolve('--color-accent');
  return {
    text: resolve('--color-fg') ?? fallback.text,
    muted: resolve('--color-fg-muted') ?? fallback.muted,
    line: resolve('--color-line') ?? fallback.line,
    background: resolve('--color-page', 'background-color') ?? fallback.background,
    series: accent ? [accent, ...fallback.series.slice(1)] : fallback.series,
  };
}
