import type { WidgetData } from '@hangar/contract';
import type { ECharts } from 'echarts/core';
import { useMemo } from 'react';
import type { ThemeName } from '../../shell/theme/theme';
import { EChart } from '../admin/analytics/EChart';
import { AnswerTable, type ChartColors, chartOption, formatValue } from '../analytics';
import { DASHBOARD_TEXTS as T } from './texts';

/** The figures of a card: each measure's value in the one row a card query returns. */
export function cardFigures(widget: Pick<WidgetData, 'columns' | 'rows'>) {
  const row = widget.rows[0] ?? [];
  return widget.columns
    .map((column, i) => ({ column, value: row[i] ?? null }))
    .filter(({ column }) => column.kind === 'measure')
    .map(({ column, value }) => ({ label: column.label, text: formatValue(value, column.unit) }));
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
  const option = useMemo(() => (charted ? chartOption(charted, widget, theme, colors) : null), [charted, widget, theme, colors]);
  if (widget.rows.length === 0) return <p className="px-1 py-6 text-center text-fg-muted text-sm">{T.noRows}</p>;
  if (widget.kind === 'card') {
    return (
      <div className="flex flex-wrap gap-x-6 gap-y-1 px-1" data-testid="widget-card">
        {cardFigures(widget).map((figure) => (
          <p key={figure.label} className="font-semibold text-3xl tabular-nums" title={figure.label}>
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
