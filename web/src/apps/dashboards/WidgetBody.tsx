import type { WidgetData } from '@hangar/contract';
import type { ECharts } from 'echarts/core';
import { useMemo } from 'react';
import type { ThemeName } from '../../shell/theme/theme';
import { EChart } from '../admin/analytics/EChart';
import { AnswerTable, type ChartColors, chartOption, formatValue } from '../analytics';
import { DASHBOARD_TEXTS as T } from './texts';

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/**
 * The figures of a card: each measure's value in the one row a card query returns. From a million
 * up the card shows it compact (12.35M EUR) so it fits a quarter row; the exact value is its title.
 */
export function cardFigures(widget: Pick<WidgetData, 'columns' | 'rows'>) {
  const row = widget.rows[0] ?? [];
  return widget.columns
    .map((column, i) => ({ column, value: row[i] ?? null }))
    .filter(({ column }) => column.kind === 'measure')
    .map(({ column, value }) => {
      const exact = formatValue(value, column.unit);
      const big = typeof value === 'number' && Math.abs(value) >= 1e6;
      const text = big ? formatValue(COMPACT.format(value), null) + (column.unit ? ` ${column.unit}` : '') : exact;
      return { label: column.label, text, exact };
    });
}

/** What a widget draws: a card's number, a chart (line, bar, donut) or a table. */
export function WidgetBody({
  widget,
  theme,
  colors,
  onChart,
}: {
  widget: WidgetData;
  theme: ThemeName;
  colors: ChartColors;
  onChart: (chart: ECharts | null) => void;
}) {
  const charted = widget.kind === 'line' || widget.kind === 'bar' || widget.kind === 'donut' ? widget.kind : null;
  const option = useMemo(() => {
    if (!charted) return null;
    const drawn = chartOption(charted, widget, theme, colors);
    // A donut's slices carry their names: in a widget's height the legend would only overlap them.
    return charted === 'donut' ? { ...drawn, legend: { show: false } } : drawn;
  }, [charted, widget, theme, colors]);
  if (widget.rows.length === 0) {
    // The server's reason (no right to the data, nothing delivered, nothing in the period), else a neutral word.
    return (
      <p className="px-1 py-6 text-center text-fg-muted text-sm" data-testid="widget-empty">
        {emptyReason(widget) ?? T.noRows}
      </p>
    );
  }
  if (widget.kind === 'card') {
    return (
      <div className="flex flex-wrap gap-x-6 gap-y-1 px-1" data-testid="widget-card">
        {cardFigures(widget).map((figure) => (
          <p key={figure.label} className="font-semibold text-2xl tabular-nums" title={`${figure.label}: ${figure.exact}`}>
            {figure.text}
          </p>
        ))}
      </div>
    );
  }
  if (widget.kind === 'table') return <AnswerTable result={widget} testId="widget-table" />;
  return option ? (
    <EChart option={option} label={T.chartLabel(widget.title)} onChart={onChart} testId="widget-chart" className="h-full min-h-56 w-full" />
  ) : null;
}

/** Why a widget has no rows, when the server said so (its notice starting "No … data"). */
export const emptyReason = (widget: WidgetData): string | null => widget.notices.find((n) => /^No .* data in your scope/.test(n)) ?? null;
