import { ASSISTANT_DASHBOARD_TAB_ID, DASHBOARD_STRIP_IDS, type DashboardSummary } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { Bot, CircleSlash } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useTabs } from '../../shell/tabs/TabsProvider';
import type { Tab } from '../../shell/tabs/tabs-reducer';
import { useClaims } from '../../shell/token/useClaims';
import { Spinner } from '../../ui/Spinner';
import { preloadCharts } from '../admin/analytics/EChart';
import { setChatMode, useChatMode } from '../chat';
import { AssistantPanel } from './AssistantPanel';
import { type DashboardFilters, dashboardKeys, fetchDashboards } from './api';
import { BuiltinReport } from './BuiltinReport';
import { FilterBar, NO_FILTERS } from './FilterBar';
import { DASHBOARD_TEXTS as T } from './texts';
import { useDashboardSession, useMinutesLeft } from './useDashboardSession';

// powerbi-client is large and only some portals configure Power BI: loaded when one is shown.
const PowerBiReport = lazy(() => import('./PowerBiReport'));

/** Tabs 1 and 2 open the HQ and BU strips; a dashboard's own tab opens on it. */
const STRIP_TABS: Record<number, DashboardSummary['section']> = { 1: 'Dashboards HQ', 2: 'Dashboards BU' };
const inStrip = (d: DashboardSummary) => d.id >= DASHBOARD_STRIP_IDS.from && d.id <= DASHBOARD_STRIP_IDS.to;

/**
 * The dashboard report screen (spec section 2): a strip of the user's dashboards of the section
 * (ids 10 to 49), the chosen one's filters and report, and for tab 1111111 the "Assistant AI"
 * toggle with its side panel. One dashboard session per open tab, checked every 30 seconds; on
 * expiry the tab closes.
 */
export function DashboardScreen({ tab }: { tab: Tab }) {
  const { closeTab } = useTabs();
  const claims = useClaims();
  // The chart library loads while the catalogue, the session, the report and the data are asked for.
  useEffect(preloadCharts, []);
  const catalogue = useQuery({ queryKey: dashboardKeys.catalogue, queryFn: fetchDashboards, staleTime: 5 * 60_000 });
  const dashboards = catalogue.data?.dashboards ?? [];
  const own = dashboards.find((d) => d.id === tab.id);
  const section = STRIP_TABS[tab.id] ?? (own && inStrip(own) ? own.section : null);
  const strip = section ? dashboards.filter((d) => d.section === section && inStrip(d)) : [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const current = dashboards.find((d) => d.id === (chosenId ?? own?.id ?? strip[0]?.id)) ?? null;

  const minutes = catalogue.data?.sessionMinutes;
  const onExpired = useCallback(() => {
    toast.info(T.sessionExpired(tab.title, minutes ?? 35));
    closeTab(tab.id);
  }, [closeTab, tab.id, tab.title, minutes]);
  const session = useDashboardSession(minutes, onExpired);

  const [filters, setFilters] = useState<DashboardFilters>(NO_FILTERS);
  const [bus, setBus] = useState<string[]>([]);
  const onBus = useCallback((seen: string[]) => setBus((known) => [...new Set([...known, ...seen])].sort()), []);
  function choose(id: number) {
    setChosenId(id);
    setFilters(NO_FILTERS);
    setBus([]);
  }

  // The strip scrolls sideways: the chosen dashboard is brought into view.
  const stripRef = useRef<HTMLDivElement>(null);
  const currentId = current?.id;
  const live = session.status === 'live';
  const minutesLeft = useMinutesLeft(session.status === 'live' ? session.endsAt : undefined);
  useEffect(() => {
    if (currentId === undefined || !live) return;
    stripRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentId, live]);

  const mode = useChatMode();
  const withAssistant = current?.id === ASSISTANT_DASHBOARD_TAB_ID;
  const assistantOpen = withAssistant && mode === 'ASSISTANT_OPEN';

  if (catalogue.isPending || session.status === 'starting') {
    return (
      <div className="flex h-full items-center justify-center p-8" data-testid="dashboard-report" data-state="loading">
        <Spinner label={T.loading(tab.title)} />
      </div>
    );
  }
  const failure = catalogue.error?.message ?? (session.status === 'failed' ? `${T.sessionFailed} ${session.message}` : null);
  if (failure || session.status !== 'live') {
    return (
      <div
        role="alert"
        className="m-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
      >
        {failure}
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0">
      <div className="min-w-0 flex-1 space-y-4 overflow-auto p-3 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {strip.length > 0 ? (
            <div ref={stripRef} role="tablist" aria-label={T.strip} className="-mx-1 flex max-w-full gap-1 overflow-x-auto px-1 pb-1">
              {strip.map((d) => (
                <button
                  key={d.id}
                  type="button"
                  role="tab"
                  aria-selected={d.id === current?.id}
                  onClick={() => choose(d.id)}
                  className={`shrink-0 rounded-lg px-3 py-1.5 text-sm ${
                    d.id === current?.id ? 'bg-accent text-accent-fg' : 'hover:bg-surface'
                  } ${d.available ? '' : 'opacity-70'}`}
                >
                  {d.title}
                </button>
              ))}
            </div>
          ) : (
            <h1 className="font-semibold text-lg">{current?.title ?? tab.title}</h1>
          )}
          {withAssistant && (
            <button
              type="button"
              aria-pressed={assistantOpen}
              onClick={() => setChatMode(assistantOpen ? 'ASSISTANT_CLOSE' : 'ASSISTANT_OPEN')}
              className={`inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm ${
                assistantOpen ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-surface'
              }`}
            >
              <Bot className="size-4" aria-hidden />
              {T.assistant}
            </button>
          )}
        </div>
        {minutesLeft !== null && (
          <p
            role="status"
            data-testid="session-ending"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {T.sessionEnding(minutesLeft, minutes ?? 35)}
          </p>
        )}
        {!current ? (
          <p className="text-fg-muted">{T.noDashboards}</p>
        ) : !current.available ? (
          <Unavailable dashboard={current} />
        ) : current.provider === 'powerbi' ? (
          <Suspense fallback={<Spinner label={T.loading(current.title)} />}>
            <PowerBiReport key={current.id} reportKey={current.key} title={current.title} sessionId={session.id} />
          </Suspense>
        ) : (
          <>
            <FilterBar dashboard={current} filters={filters} bus={bus} airport={claims?.airport ?? null} onChange={setFilters} />
            <BuiltinReport key={current.id} dashboard={current} sessionId={session.id} filters={filters} onBus={onBus} />
          </>
        )}
      </div>
      {assistantOpen && <AssistantPanel uc="Traffic" onClose={() => setChatMode('ASSISTANT_CLOSE')} />}
    </div>
  );
}

/** Spec/issue: a dashboard that cannot be shown says why, never an empty frame. */
function Unavailable({ dashboard }: { dashboard: DashboardSummary }) {
  return (
    <div className="mx-auto mt-6 max-w-lg rounded-2xl border border-line bg-surface p-6 text-center" data-testid="dashboard-unavailable">
      <CircleSlash className="mx-auto mb-3 size-8 text-fg-subtle" aria-hidden />
      <h2 className="font-semibold">{T.unavailableTitle(dashboard.title)}</h2>
      <p className="mt-2 text-fg-muted text-sm">{dashboard.unavailableReason}</p>
    </div>
  );
}
