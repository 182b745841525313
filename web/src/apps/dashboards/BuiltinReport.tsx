import type { DashboardSummary, WidgetData } from '@hangar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTheme } from '../../shell/theme/ThemeProvider';
import { Spinner } from '../../ui/Spinner';
import { type DashboardFilters, fetchReport, fetchWidgetData, postRendered } from './api';
import { themeChartColors } from './chart-colors';
import { DASHBOARD_TEXTS as T } from './texts';
import { isCharted, Widget } from './Widget';

/** The embed token lives 10 minutes (DASHBOARD_TOKEN_SECONDS); a fresh report response before then. */
const REPORT_STALE_MS = 5 * 60_000;

/**
 * A builtin dashboard: the report response (embed URL and token) for the session, then the widget
 * data for the filters, drawn on the 12-column grid. The screen is `loading` until every widget is
 * drawn (charts once ECharts has drawn them), then `rendered`; the first render time of the session
 * is posted to report-rendered, in seconds (spec section 7).
 */
export function BuiltinReport({
  dashboard,
  sessionId,
  filters,
  onBus,
}: {
  dashboard: DashboardSummary;
  sessionId: string;
  filters: DashboardFilters;
  /** The BUs the unfiltered numbers come from: the choices of the BU filter. */
  onBus: (bus: string[]) => void;
}) {
  const { theme } = useTheme();
  const startedAt = useRef(performance.now());
  const posted = useRef(false);
  const report = useQuery({
    queryKey: ['dashboards', 'report', dashboard.key, sessionId],
    queryFn: () => fetchReport(dashboard.key, sessionId),
    staleTime: REPORT_STALE_MS,
    refetchInterval: REPORT_STALE_MS,
  });
  const data = useQuery({
    queryKey: ['dashboards', 'data', dashboard.key, sessionId, filters],
    queryFn: () => fetchWidgetData(report.data!, filters),
    enabled: Boolean(report.data),
    placeholderData: keepPreviousData,
  });
  // Colours are read again when the theme changes: the variables have switched by then.
  const colors = useMemo(() => themeChartColors(theme), [theme]);
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(new Set());
  const onDrawn = useCallback((id: string) => setDrawn((s) => (s.has(id) ? s : new Set(s).add(id))), []);

  const widgets = data.data?.widgets;
  const awaited = widgets?.filter((w) => isCharted(w.kind) && w.rows.length > 0).map((w) => w.id) ?? [];
  const rendered = Boolean(widgets) && !data.isFetching && awaited.every((id) => drawn.has(id));

  useEffect(() => {
    if (!widgets) return;
    const bus = new Set(widgets.flatMap((w) => w.source.quality.flatMap((q) => q.months.map((m) => m.bu))));
    if (bus.size) onBus([...bus].sort());
  }, [widgets, onBus]);

  useEffect(() => {
    if (!rendered || posted.current) return;
    posted.current = true;
    const seconds = Math.round(performance.now() - startedAt.current) / 1000;
    postRendered(sessionId, seconds).catch((error: unknown) => console.warn('The render time was not recorded.', error));
  }, [rendered, sessionId]);

  const failure = report.error ?? data.error;
  if (failure) {
    return (
      <div
        role="alert"
        className="m-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
      >
        <p className="font-semibold">{T.loadFailed}</p>
        <p>{failure.message}</p>
      </div>
    );
  }
  const byId = new Map(dashboard.widgets.map((w) => [w.id, w]));
  return (
    <div
      data-testid="dashboard-report"
      data-state={rendered ? 'rendered' : 'loading'}
      aria-busy={!rendered}
      className="@container relative"
    >
      {!widgets ? (
        <div className="flex justify-center p-10">
          <Spinner label={T.loading(dashboard.title)} />
        </div>
      ) : (
        // The grid follows the width it has (the assistant panel takes 512 px), not the window's:
        // 12 columns from 48rem, two below (cards side by side, the rest full width), one on a phone.
        <>
          <DifferentPeriods widgets={widgets} />
          {scopeNotes(widgets).map((note) => (
            <p key={note} className="mb-3 text-amber-800 text-xs dark:text-amber-300" data-testid="dashboard-scope">
              {note}
            </p>
          ))}
          <div
            className={`grid grid-cols-1 gap-3 @md:grid-cols-2 @3xl:auto-rows-[4.25rem] @3xl:grid-cols-12 ${data.isFetching ? 'opacity-60' : ''}`}
          >
            {widgets.map((w) => (
              <Widget key={w.id} widget={w} at={byId.get(w.id)} theme={theme} colors={colors} onDrawn={onDrawn} lifted={isScopeNote} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** Cards of different periods side by side (2025 traffic beside a 2026 budget) are said to be so, once. */
function DifferentPeriods({ widgets }: { widgets: readonly WidgetData[] }) {
  const cards = widgets.filter((w) => w.kind === 'card' && w.period);
  const spans = cards.map((w) => spanOf(w.period!));
  // A month-end figure (a stock) read at the last month of the others' period is of that period.
  const ends = new Set(spans.filter((s) => s.from !== s.to).map((s) => s.to));
  const distinct = new Set(spans.filter((s) => !(s.from === s.to && ends.has(s.to))).map((s) => `${s.from}|${s.to}`));
  if (distinct.size < 2) return null;
  const periods = [...new Set(cards.map((w) => `${w.title} ${w.period}`))];
  return (
    <p className="mb-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm" role="note" data-testid="different-periods">
      {T.differentPeriods(periods.join(', '))}
    </p>
  );
}

/** "2026-08 to 2026-10" or "2026-10" as a span (a label naming several measures counts as its whole text). */
function spanOf(period: string): { from: string; to: string } {
  const m = /^(\d{4}-\d{2})(?: to (\d{4}-\d{2}))?$/.exec(period);
  return m ? { from: m[1]!, to: m[2] ?? m[1]! } : { from: period, to: `${period}~` };
}

/**
 * Notes that say the same of every widget are said once, above them: the caller's scope ("Revenue:
 * answered within your access, SSA, AMA only.") and the conversion of other currencies to EUR (each
 * widget's sources list the rates files it read).
 */
const isScopeNote = (notice: string) => /: answered within your access, .* only\.$/.test(notice) || isRatesNote(notice);
const isRatesNote = (notice: string) => notice.startsWith('Amounts in other currencies converted to EUR');

function scopeNotes(widgets: readonly WidgetData[]): string[] {
  const all = widgets.flatMap((w) => w.notices);
  const scopes = new Set(all.filter((n) => !isRatesNote(n) && isScopeNote(n)).map((n) => n.slice(n.indexOf(': ') + 2)));
  const notes = [...scopes].map((scope) => `Every figure on this page is ${scope.charAt(0).toLowerCase()}${scope.slice(1)}`);
  if (all.some(isRatesNote)) notes.push(T.ratesNote);
  return notes;
}
