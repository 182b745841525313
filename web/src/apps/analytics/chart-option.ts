import type { AnswerChart, SemanticResult } from '@hangar/contract';
import type { EChartsOption } from 'echarts';
import type { ThemeName } from '../../shell/theme/theme';

/** The colours a chart is drawn with: a canvas takes plain colours, never CSS variables or color-mix(). */
export interface ChartColors {
  text: string;
  muted: string;
  line: string;
  /** Behind the chart, for the donut's slice borders. */
  background: string;
  series: string[];
}

// The portal's two themes, as plain colours.
export const THEME_COLORS: Record<ThemeName, ChartColors> = {
  light: {
    text: '#1f2937',
    muted: '#6b7280',
    line: '#e5e7eb',
    background: '#ffffff',
    series: ['#2563eb', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#0891b2', '#db2777', '#65a30d'],
  },
  dark: {
    text: '#e5e7eb',
    muted: '#9ca3af',
    line: '#374151',
    background: '#111827',
    series: ['#60a5fa', '#fbbf24', '#34d399', '#f87171', '#a78bfa', '#22d3ee', '#f472b6', '#a3e635'],
  },
};

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

type Rows = Pick<SemanticResult, 'columns' | 'rows'>;

/**
 * The chart for line, bar and donut answers: first dimension as categories, each measure a series.
 * `colors` replaces the theme's fixed palette (the dashboards pass the theme's CSS variables, resolved).
 */
export function chartOption(chart: AnswerChart, result: Rows, theme: ThemeName, colors: ChartColors = THEME_COLORS[theme]): EChartsOption {
  const dimIndex = result.columns.findIndex((c) => c.kind === 'dimension');
  const measures = result.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.kind === 'measure');
  const categories = result.rows.map((row) => String(row[dimIndex] ?? '–'));
  const numberAt = (row: (string | number | null)[], i: number) => (typeof row[i] === 'number' ? (row[i] as number) : null);
  const base: EChartsOption = {
    backgroundColor: 'transparent',
    color: colors.series,
    textStyle: { color: colors.text },
    tooltip: {
      trigger: chart === 'donut' ? 'item' : 'axis',
      valueFormatter: (v) => (typeof v === 'number' ? NUMBER.format(v) : String(v)),
    },
    legend: { show: measures.length > 1 || chart === 'donut', bottom: 0, textStyle: { color: colors.text } },
    aria: { enabled: true },
  };
  const byIndex = result.columns.findIndex((c, i) => c.kind === 'dimension' && i !== dimIndex);
  if (chart === 'line' && byIndex >= 0) return breakdownLines(result, dimIndex, byIndex, base, colors);
  if (chart === 'donut') {
    const measure = measures[0]!;
    return {
      ...base,
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          name: measure.c.label,
          label: { color: colors.text },
          itemStyle: { borderColor: colors.background, borderWidth: 2 },
          data: result.rows.map((row, r) => ({ name: categories[r]!, value: numberAt(row, measure.i) ?? 0 })),
        },
      ],
    };
  }
  return {
    ...base,
    grid: { left: 8, right: 16, top: 24, bottom: measures.length > 1 ? 40 : 16, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { color: colors.muted },
      axisLine: { lineStyle: { color: colors.line } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: colors.muted, formatter: (v: number) => NUMBER.format(v) },
      splitLine: { lineStyle: { color: colors.line } },
    },
    series: measures.map(({ c, i }) => ({
      type: chart === 'line' ? 'line' : 'bar',
      name: c.unit ? `${c.label} (${c.unit})` : c.label,
      smooth: false,
      showSymbol: result.rows.length <= 36,
      data: result.rows.map((row) => numberAt(row, i)),
    })),
  };
}

/** A time line broken down by a second dimension: one line per member, of the first measure. */
function breakdownLines(result: Rows, timeIndex: number, byIndex: number, base: EChartsOption, colors: ChartColors) {
  const measure = result.columns.findIndex((c) => c.kind === 'measure');
  const periods = [...new Set(result.rows.map((row) => String(row[timeIndex] ?? '–')))].sort();
  const members = [...new Set(result.rows.map((row) => String(row[byIndex] ?? '–')))];
  const value = new Map(
    result.rows.map((row) => [`${row[timeIndex]}|${row[byIndex]}`, typeof row[measure] === 'number' ? (row[measure] as number) : null]),
  );
  return {
    ...base,
    legend: { show: true, type: 'scroll' as const, bottom: 0, textStyle: { color: colors.text } },
    grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: {
      type: 'category' as const,
      data: periods,
      axisLabel: { color: colors.muted },
      axisLine: { lineStyle: { color: colors.line } },
    },
    yAxis: {
      type: 'value' as const,
      axisLabel: { color: colors.muted, formatter: (v: number) => NUMBER.format(v) },
      splitLine: { lineStyle: { color: colors.line } },
    },
    series: members.map((member) => ({
      type: 'line' as const,
      name: member,
      showSymbol: periods.length <= 36,
      data: periods.map((p) => value.get(`${p}|${member}`) ?? null),
    })),
  } satisfies EChartsOption;
}
