import { buSentAs, CHECK_EXPLANATIONS, GOV_TEXTS, QUALITY_TABS, type QualityResponse } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { fetchQuality, fetchYears, govKeys } from '../api';
import type { QualityFocus } from '../quality-link';
import { fieldClass } from '../ui/styles';
import { QualityDetail } from './QualityDetail';
import { QualityTable } from './QualityTable';

const NO_RESULTS: QualityResponse = { data_integrity: [], file_integrity: [], file_not_received: [], mapping_coverage: [] };

type View = 'table' | 'detail';
const VIEWS: { key: View; label: string }[] = [
  { key: 'table', label: 'Errors' },
  { key: 'detail', label: 'By check' },
];

/** The Quality sub-tab: the four checks' results for a BU, use case and year, as a table or per check. */
export function QualityTab({
  useCase,
  bu,
  units = [buSentAs(bu)],
  focus,
}: {
  useCase: string;
  bu: string;
  /** The BUs whose results the choice stands for (SSA and AMA under SSA/AMA), each queried on its own. */
  units?: readonly string[];
  focus: QualityFocus | null;
}) {
  const [unit, setUnit] = useState(() => (focus?.unit && units.includes(focus.unit) ? focus.unit : (units[0] ?? buSentAs(bu))));
  const sentBu = units.includes(unit) ? unit : (units[0] ?? buSentAs(bu));
  const years = useQuery({ queryKey: govKeys.years, queryFn: fetchYears, staleTime: 5 * 60_000 });
  const [chosenYear, setChosenYear] = useState<number | null>(focus?.year ?? null);
  const yearList = [...new Set([...(years.data ?? []), ...(chosenYear === null ? [] : [chosenYear])])].sort((a, b) => b - a);
  const year = chosenYear ?? yearList[0] ?? new Date().getFullYear();
  // Wait for the years unless a year was asked for: no request for a year the user never sees.
  const ready = chosenYear !== null || !years.isLoading;
  const quality = useQuery({
    queryKey: govKeys.quality(useCase, sentBu, year),
    queryFn: () => fetchQuality(sentBu, useCase, year),
    enabled: ready,
  });
  const [view, setView] = useState<View>('table');

  return (
    <div className="space-y-5">
      <section aria-label="About the checks" className="space-y-2 text-sm">
        <p>
          Four automated checks run on every file {units.length > 1 ? sentBu : bu} sends for {useCase}. Open a result to see its cause, how
          to fix it, the failing rows and the file.
        </p>
        <ul className="grid gap-x-6 gap-y-1 text-fg-muted sm:grid-cols-2">
          {QUALITY_TABS.map((tab) => (
            <li key={tab.key}>
              <span className="font-medium text-fg">{tab.label}:</span> {CHECK_EXPLANATIONS[tab.key]}
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="inline-flex rounded-xl border border-line p-0.5">
          <legend className="sr-only">View</legend>
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              aria-pressed={view === v.key}
              onClick={() => setView(v.key)}
              className={`rounded-lg px-3 py-1.5 font-medium text-sm transition ${view === v.key ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:text-fg'}`}
            >
              {v.label}
            </button>
          ))}
        </fieldset>
        {units.length > 1 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="whitespace-nowrap font-medium">Business unit</span>
            <select value={sentBu} onChange={(event) => setUnit(event.target.value)} className={`${fieldClass} w-auto`}>
              {units.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex items-center gap-2 text-sm">
          <span className="whitespace-nowrap font-medium">Results of</span>
          <select value={year} onChange={(event) => setChosenYear(Number(event.target.value))} className={`${fieldClass} w-auto`}>
            {(yearList.length > 0 ? yearList : [year]).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!ready || quality.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label={GOV_TEXTS.loading} />
        </div>
      ) : (
        // Both views stay mounted so switching keeps the table's filters and page.
        <>
          <div hidden={view !== 'table'}>
            <QualityTable
              // A new year brings new rows: the table starts over on them, keeping the overview's filter only for its year.
              key={`${sentBu}-${year}`}
              data={quality.data ?? NO_RESULTS}
              focus={focus && (focus.year === null || focus.year === year) && (!focus.unit || focus.unit === sentBu) ? focus : null}
              exportName={`quality-${sentBu}-${useCase}-${year}`}
            />
          </div>
          <div hidden={view !== 'detail'}>
            <QualityDetail data={quality.data ?? NO_RESULTS} />
          </div>
        </>
      )}
    </div>
  );
}
