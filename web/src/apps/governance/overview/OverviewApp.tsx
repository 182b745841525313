import { type CheckName, GOV_TAB_IDS, GOV_TEXTS, GOVERNANCE, type GovUseCase, TAB_BY_ID } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { Inbox, LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { useTabs } from '../../../shell/tabs/TabsProvider';
import { useClaims } from '../../../shell/token/useClaims';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import type { AppProps } from '../../registry';
import { fetchOverview, fetchYears, govKeys } from '../api';
import { BuSelector } from '../BuPicker';
import { DemoNotice } from '../DemoNotice';
import { focusToParams } from '../quality-link';
import { fieldClass } from '../ui/styles';
import { OverviewCard } from './OverviewCard';
import {
  OVERVIEW_TAB_IDS,
  type OverviewTable,
  type OverviewVariant,
  overviewBus,
  overviewSource,
  tabBuFor,
  type UseCaseCard,
  useCaseCards,
  yearChoices,
} from './overview-model';

/** Tabs 50 (Overview) and 49 (Overview HQ): one card per use case of the chosen BU and year. */
export function OverviewApp({ tab }: AppProps) {
  const variant: OverviewVariant = tab.id === OVERVIEW_TAB_IDS.hq ? 'hq' : 'bu';
  const overview = useQuery({ queryKey: govKeys.overview, queryFn: fetchOverview, staleTime: 60_000 });
  const years = useQuery({ queryKey: govKeys.years, queryFn: fetchYears, staleTime: 5 * 60_000 });
  const claims = useClaims();
  const { openTab } = useTabs();
  const [chosenBu, setChosenBu] = useState<string | null>(null);
  const [chosenYear, setChosenYear] = useState<number | null>(null);

  const source = overviewSource(overview.data, variant);
  const yearList = yearChoices(years.data ?? [], source);
  const year = chosenYear !== null && yearList.includes(chosenYear) ? chosenYear : (yearList[0] ?? null);
  const buList = overviewBus(source, year);
  // A BU the newly chosen year does not have is no choice at all.
  const bu = chosenBu && buList.includes(chosenBu) ? chosenBu : null;
  const cards = useCaseCards(source, year, bu, claims?.apps ?? [], variant);

  function openQuality(useCase: GovUseCase, check: CheckName, table: OverviewTable) {
    const id = GOV_TAB_IDS[useCase];
    const definition = TAB_BY_ID.get(id);
    openTab({
      id,
      appId: `Data_gov/${useCase}`,
      title: definition?.title ?? useCase,
      icon: definition?.icon ?? 'shield-check',
      externalLink: null,
      // The row's own BU travels too: a merged SSA/AMA tab shows AMA's results for AMA's row.
      params: focusToParams({ check, table: table.row.name, bu: tabBuFor(table.bu, useCase), unit: table.bu, year }),
    });
  }

  const loading = overview.isLoading || years.isLoading;
  const title = bu ? `Data Governance - ${bu}` : !loading && buList.length > 0 ? GOV_TEXTS.chooseBu : 'Data Governance';
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white dark:bg-surface-strong dark:text-accent">
            <LayoutDashboard className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-fg-muted text-sm">{variant === 'hq' ? 'Overview HQ' : 'Overview'}</p>
            <h1 className="truncate font-semibold text-2xl tracking-tight">{title}</h1>
          </div>
        </div>
        {!loading && buList.length > 0 && (
          <div className="flex flex-wrap items-center gap-4">
            <BuSelector choices={buList} value={bu} locked={false} onChange={setChosenBu} />
            <label className="flex items-center gap-2 text-sm">
              <span className="font-medium">Year:</span>
              <select value={year ?? ''} onChange={(event) => setChosenYear(Number(event.target.value))} className={`${fieldClass} w-auto`}>
                {yearList.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
      </header>
      <DemoNotice />
      {loading ? (
        <div className="flex justify-center py-10">
          <Spinner label={GOV_TEXTS.loadingOverview} />
        </div>
      ) : buList.length === 0 || (bu && cards.length === 0) ? (
        <EmptyState icon={Inbox} title={GOV_TEXTS.noData} />
      ) : bu ? (
        <OverviewCards cards={cards} variant={variant} onOpen={openQuality} />
      ) : null}
    </div>
  );
}

function OverviewCards({
  cards,
  variant,
  onOpen,
}: {
  cards: UseCaseCard[];
  variant: OverviewVariant;
  onOpen: (useCase: GovUseCase, check: CheckName, table: OverviewTable) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const first = GOVERNANCE.overviewCards;
  const hidden = cards.length - first;
  const shown = showAll || hidden <= 0 ? cards : cards.slice(0, first);
  const cardOf = (card: UseCaseCard) => (
    <OverviewCard
      key={card.useCase}
      card={card}
      variant={variant}
      onOpen={card.tabUseCase ? (check, table) => onOpen(card.tabUseCase as GovUseCase, check, table) : undefined}
    />
  );
  return (
    <div className="space-y-5">
      <p className="text-fg-muted text-sm">
        {cards.length} {cards.length === 1 ? 'use case' : 'use cases'}
      </p>
      <div className="grid gap-5">{shown.map(cardOf)}</div>
      {!showAll && hidden > 0 && (
        <div className="flex items-center gap-3">
          <span className="h-px flex-1 bg-line" aria-hidden />
          <button
            type="button"
            onClick={() => setShowAll(true)}
            className="rounded-full border border-line px-4 py-1.5 font-medium text-sm hover:bg-surface"
          >
            {hidden} more
          </button>
          <span className="h-px flex-1 bg-line" aria-hidden />
        </div>
      )}
    </div>
  );
}
