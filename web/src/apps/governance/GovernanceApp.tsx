import { GOV_TEXTS, type GovApp, type GovUseCase, QUALITY_TABS } from '@hangar/contract';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { NotAvailableApp } from '../NotAvailableApp';
import type { AppProps } from '../registry';
import { busForUseCase, GOV_APP_LABELS, govAppsFor, hasHelp, unitsFor, useCaseForTab } from './access';
import { fetchAuthorizedBus, govKeys } from './api';
import { BuPicker, BuSelector } from './BuPicker';
import { DemoNotice } from './DemoNotice';
import { HelpButton } from './HelpPopup';
import { IngestionTab } from './ingestion/IngestionTab';
import { LineageTab } from './lineage/LineageTab';
import { prepareLayout } from './lineage/layout';
import { QualityTab } from './quality/QualityTab';
import { focusFromParams, type KpiLink, kpiLinkFromParams, type QualityFocus } from './quality-link';
import { ReferentialTab } from './referential/ReferentialTab';

/** Tabs 51–57: one use case's data governance, per BU. */
export function GovernanceApp({ tab }: AppProps) {
  const useCase = useCaseForTab(tab.id);
  return useCase ? <UseCaseGovernance useCase={useCase} params={tab.params} /> : <NotAvailableApp tab={tab} />;
}

function UseCaseGovernance({ useCase, params }: { useCase: GovUseCase; params: Record<string, string> | undefined }) {
  const access = useQuery({ queryKey: govKeys.authorizedBus, queryFn: fetchAuthorizedBus, staleTime: 5 * 60_000 });
  const choices = busForUseCase(access.data ?? null, useCase);
  const [bu, setBu] = useState<string | null>(null);
  // The overview opens this tab on a quality filter; each new set of params moves to its BU once.
  const [focus, setFocus] = useState<{ params: Record<string, string> | undefined; focus: QualityFocus | null }>({
    params: undefined,
    focus: null,
  });
  // Talk to my data opens this tab on a KPI's lineage or quality: kept until a BU shows it.
  const [link, setLink] = useState<KpiLink | null>(null);
  if (params !== focus.params) {
    const next = focusFromParams(params);
    setFocus({ params, focus: next });
    if (next) setBu(next.bu);
    setLink(kpiLinkFromParams(params));
  }
  // A link carries no BU: with a single BU to choose from, there is nothing to ask.
  if (link && !bu && choices.length === 1) setBu(choices[0]!);
  // A BU the user picks leaves the overview's filter behind, even on coming back to its BU.
  const chooseBu = (choice: string) => {
    setBu(choice);
    setFocus((current) => ({ ...current, focus: null }));
  };
  const locked = useIsFetching({ queryKey: govKeys.data(useCase), predicate: (query) => query.state.data === undefined }) > 0;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white dark:bg-surface-strong dark:text-accent">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-fg-muted text-sm">Data Governance</p>
            <h1 className="truncate font-semibold text-2xl tracking-tight">{bu ? `${useCase} - ${bu}` : useCase}</h1>
          </div>
        </div>
        {bu && <BuSelector choices={choices} value={bu} locked={locked} onChange={chooseBu} />}
      </header>
      <DemoNotice />
      {access.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label={GOV_TEXTS.loading} />
        </div>
      ) : bu ? (
        <BuGovernance
          useCase={useCase}
          bu={bu}
          apps={govAppsFor(access.data ?? null, bu, useCase)}
          qualityUnits={unitsFor(access.data ?? null, bu, useCase, 'Quality')}
          focus={focus.focus?.bu === bu ? focus.focus : null}
          link={link}
        />
      ) : (
        <BuPicker useCase={useCase} choices={choices} onPick={setBu} />
      )}
    </div>
  );
}

/**
 * The sub-tabs the BU is authorised for; the first one is the default, Quality when a quality
 * filter is asked for, and the linked view (Data Lineage on the KPI, Quality on its table) for a KPI link.
 */
function BuGovernance({
  useCase,
  bu,
  apps,
  qualityUnits,
  focus,
  link,
}: {
  useCase: GovUseCase;
  bu: string;
  apps: readonly GovApp[];
  qualityUnits: readonly string[];
  focus: QualityFocus | null;
  link: KpiLink | null;
}) {
  const [chosen, setChosen] = useState<GovApp | null>(null);
  const [seenFocus, setSeenFocus] = useState<QualityFocus | null>(null);
  // Counts the filters asked for, so asking again (even for the same one) starts the Quality view over on it.
  const [focusRound, setFocusRound] = useState(0);
  const [seenLink, setSeenLink] = useState<KpiLink | null>(null);
  if (focus !== seenFocus) {
    setSeenFocus(focus);
    if (focus) {
      setChosen('Quality');
      setFocusRound((round) => round + 1);
    }
  }
  if (link !== seenLink) {
    setSeenLink(link);
    if (link) {
      setChosen(link.view);
      setFocusRound((round) => round + 1);
    }
  }
  // The quality filter of a KPI link: its table, on the first check's results of the latest year.
  const linkFocus: QualityFocus | null =
    link?.view === 'Quality' && link.table ? { check: QUALITY_TABS[0]!.key, table: link.table, bu, unit: null, year: null } : null;
  const lineageKpi = link?.view === 'Lineage' ? link.kpi : null;
  const active = chosen && apps.includes(chosen) ? chosen : (apps[0] ?? null);
  const baseId = useId();
  const canSeeLineage = apps.includes('Lineage');
  useEffect(() => {
    if (!canSeeLineage) return;
    // The graph's code (React Flow) and the layout worker load while the user is elsewhere.
    prepareLayout();
    void import('./lineage/LineageGraph').catch(() => {});
  }, [canSeeLineage]);

  if (!active) return <EmptyState icon={ShieldCheck} title={`You have no data-governance application for ${bu} - ${useCase}.`} />;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = apps[(apps.indexOf(active!) + step + apps.length) % apps.length]!;
    setChosen(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3 border-line border-b">
        <div role="tablist" aria-label="Data governance" className="-mb-px flex flex-wrap gap-1" onKeyDown={onKeyDown}>
          {apps.map((app) => (
            <button
              key={app}
              id={`${baseId}-${app}`}
              type="button"
              role="tab"
              aria-selected={app === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={app === active ? 0 : -1}
              onClick={() => setChosen(app)}
              className={`border-b-2 px-4 py-2 font-medium text-sm transition ${
                app === active ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:text-fg'
              }`}
            >
              {GOV_APP_LABELS[app]}
            </button>
          ))}
        </div>
        {hasHelp(useCase, active) && (
          <div className="pb-2">
            <HelpButton useCase={useCase} />
          </div>
        )}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${active}`}>
        {active === 'Ingestion' && <IngestionTab useCase={useCase} bu={bu} />}
        {active === 'Referentiel' && <ReferentialTab key={bu} useCase={useCase} bu={bu} />}
        {active === 'Quality' && (
          <QualityTab key={`${bu}-${focusRound}`} useCase={useCase} bu={bu} units={qualityUnits} focus={focus ?? linkFocus} />
        )}
        {active === 'Lineage' && <LineageTab key={focusRound} useCase={useCase} bu={bu} kpi={lineageKpi} />}
      </div>
    </div>
  );
}
