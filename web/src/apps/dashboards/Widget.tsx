import type { DashboardWidgetSummary, WidgetData } from '@hangar/contract';
import type { ECharts } from 'echarts/core';
import { Download, Image, Info } from 'lucide-react';
import { type CSSProperties, useCallback, useRef, useState } from 'react';
import { saveBlob } from '../../pages/download/download-file';
import type { ThemeName } from '../../shell/theme/theme';
import { type ChartColors, dataUrlToBlob, exportName, resultCsv } from '../analytics';
import { SourcePopover } from './SourcePopover';
import { DASHBOARD_TEXTS as T } from './texts';
import { emptyReason, WidgetBody } from './WidgetBody';

const iconButton = 'rounded-md p-1.5 text-fg-muted hover:bg-surface hover:text-fg disabled:opacity-40';

/** Whether a widget kind is drawn on a canvas (so it is "rendered" once ECharts has drawn it, and exports as PNG). */
export const isCharted = (kind: WidgetData['kind']) => kind === 'line' || kind === 'bar' || kind === 'donut';

/**
 * One widget on the 12-column grid: its title, notices, what it draws, and its actions — where the
 * numbers come from, the rows as CSV, and for charts the picture as PNG. Cards and tables have no
 * PNG: a card is one number and a table is its CSV.
 */
export function Widget({
  widget,
  at,
  theme,
  colors,
  onDrawn,
  lifted,
}: {
  widget: WidgetData;
  at: Pick<DashboardWidgetSummary, 'x' | 'y' | 'w' | 'h'> | undefined;
  theme: ThemeName;
  colors: ChartColors;
  onDrawn: (id: string) => void;
  /** Notices the dashboard says once for all its widgets (the caller's scope): not repeated here. */
  lifted?: (notice: string) => boolean;
}) {
  const chartRef = useRef<ECharts | null>(null);
  const [chartReady, setChartReady] = useState(false);
  const [sourceOpen, setSourceOpen] = useState(false);
  // The reason an empty widget gives is its body: not said twice.
  const reason = widget.rows.length === 0 ? emptyReason(widget) : null;
  const notices = widget.notices.filter((n) => n !== reason && !lifted?.(n));
  const sourceButton = useRef<HTMLButtonElement>(null);
  const closeSource = useCallback(() => setSourceOpen(false), []);
  const charted = isCharted(widget.kind) && widget.rows.length > 0;

  const onChart = useCallback(
    (chart: ECharts | null) => {
      chartRef.current = chart;
      setChartReady(chart !== null);
      if (chart) onDrawn(widget.id);
    },
    [onDrawn, widget.id],
  );

  function exportCsv() {
    saveBlob(new Blob([`\uFEFF${resultCsv(widget)}\r\n`], { type: 'text/csv;charset=utf-8' }), exportName(widget.title, 'csv'));
  }
  function exportPng() {
    const chart = chartRef.current;
    if (!chart) return;
    const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: colors.background });
    saveBlob(dataUrlToBlob(url), exportName(widget.title, 'png'));
  }

  // Grid placement where the grid has its 12 columns; narrower, the widgets flow in catalogue order.
  const style = at ? ({ '--col': `${at.x + 1} / span ${at.w}`, '--row': `${at.y + 1} / span ${at.h}` } as CSSProperties) : undefined;
  return (
    <article
      style={style}
      aria-label={widget.title}
      data-testid="dashboard-widget"
      data-widget={widget.id}
      className={`flex min-w-0 flex-col rounded-2xl border border-line bg-page p-3 @3xl:[grid-column:var(--col)] @3xl:[grid-row:var(--row)] ${
        widget.kind === 'card' ? '' : 'min-h-72 @md:col-span-2 @3xl:min-h-0'
      }`}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold text-sm leading-6">{widget.title}</h2>
          {widget.period && (
            <p className="text-fg-muted text-xs" data-testid="widget-period">
              {T.period(widget.period)}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center">
          <button
            ref={sourceButton}
            type="button"
            className={iconButton}
            aria-label={T.whereFrom}
            title={T.whereFrom}
            aria-expanded={sourceOpen}
            onClick={() => setSourceOpen((open) => !open)}
          >
            <Info className="size-4" aria-hidden />
          </button>
          <button type="button" className={iconButton} aria-label={T.exportCsv} title={T.exportCsv} onClick={exportCsv}>
            <Download className="size-4" aria-hidden />
          </button>
          {charted && (
            <button
              type="button"
              className={iconButton}
              aria-label={T.exportPng}
              title={T.exportPng}
              onClick={exportPng}
              disabled={!chartReady}
            >
              <Image className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </header>
      {sourceOpen && sourceButton.current && <SourcePopover widget={widget} anchor={sourceButton.current} onClose={closeSource} />}
      <div className="min-h-0 flex-1 overflow-auto">
        <WidgetBody widget={widget} theme={theme} colors={colors} onChart={onChart} />
      </div>
      {notices.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-amber-800 text-xs dark:text-amber-300" data-testid="widget-notices">
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
