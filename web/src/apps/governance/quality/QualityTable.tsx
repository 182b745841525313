import { type CheckName, GOV_TEXTS, GOVERNANCE, QUALITY_TABS, type QualityDetailRow, type QualityResponse } from '@hangar/contract';
import { Inbox } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import type { QualityFocus } from '../quality-link';
import { tdClass, thClass } from '../ui/styles';
import { downloadCsv, toCsv } from './csv';
import { ErrorDetailsModal } from './ErrorDetailsModal';
import { Pagination } from './Pagination';
import { QualityFilterBar } from './QualityFilterBar';
import { csvColumns, periodOf, qualityColumns } from './quality-columns';
import { emptyMessage, filterOptions, filterRows, NO_FILTERS, type QualityFilters } from './quality-filters';
import { StatusBadge } from './status';

/** Dates, periods and statuses read badly when wrapped in a narrow window. */
const NO_WRAP = new Set(['Period', 'Received', 'Status', 'Coverage']);

interface QualityTableProps {
  data: QualityResponse;
  focus: QualityFocus | null;
  /** Names the exported file. */
  exportName: string;
}

/** The table view: one tab per check, filters, search, 10 rows a page; a row opens its error details. */
export function QualityTable({ data, focus, exportName }: QualityTableProps) {
  const [check, setCheck] = useState<CheckName>(focus?.check ?? QUALITY_TABS[0]!.key);
  const [filters, setFilters] = useState<QualityFilters>({ ...NO_FILTERS, table: focus?.table ?? null, year: focus?.year ?? null });
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<QualityDetailRow | null>(null);
  const baseId = useId();

  const label = QUALITY_TABS.find((t) => t.key === check)?.label ?? check;
  const allRows = QUALITY_TABS.flatMap((t) => data[t.key]);
  const tabRows = data[check];
  const shown = filterRows(tabRows, filters);
  const size = GOVERNANCE.qualityPageSize;
  const pageCount = Math.max(1, Math.ceil(shown.length / size));
  const current = Math.min(page, pageCount);
  const pageRows = shown.slice((current - 1) * size, current * size);
  const columns = qualityColumns(check);
  const empty = emptyMessage(allRows.length, tabRows.length, shown.length, label, filters);

  function changeFilters(next: QualityFilters) {
    setFilters(next);
    setPage(1);
  }

  function chooseCheck(next: CheckName) {
    setCheck(next);
    setPage(1);
    document.getElementById(`${baseId}-${next}`)?.focus();
  }

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = QUALITY_TABS.findIndex((t) => t.key === check);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    chooseCheck(QUALITY_TABS[(index + step + QUALITY_TABS.length) % QUALITY_TABS.length]!.key);
  }

  function exportCsv() {
    const exported = csvColumns(check);
    const csv = toCsv(
      exported.map((c) => c.label),
      shown.map((row) => exported.map((c) => c.text(row))),
    );
    downloadCsv(`${exportName}-${check}.csv`, csv);
  }

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="Quality checks" className="flex flex-wrap gap-1 border-line border-b" onKeyDown={onTabKey}>
        {QUALITY_TABS.map((tab) => (
          <button
            key={tab.key}
            id={`${baseId}-${tab.key}`}
            type="button"
            role="tab"
            aria-selected={tab.key === check}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === check ? 0 : -1}
            onClick={() => chooseCheck(tab.key)}
            className={`-mb-px border-b-2 px-3 py-2 font-medium text-sm transition ${
              tab.key === check ? 'border-accent text-fg' : 'border-transparent text-fg-muted hover:text-fg'
            }`}
          >
            {tab.label} <span className="text-fg-subtle text-xs tabular-nums">({data[tab.key].length})</span>
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${check}`} className="space-y-4">
        <QualityFilterBar
          filters={filters}
          options={filterOptions(allRows)}
          onChange={changeFilters}
          onExport={exportCsv}
          canExport={shown.length > 0}
        />
        {empty ? (
          <EmptyState icon={Inbox} title={empty} />
        ) : (
          <>
            <div className="overflow-x-auto rounded-2xl border border-line bg-page">
              <table className="w-full min-w-[48rem] border-collapse text-left text-sm" aria-label={`${label} results`}>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.label} scope="col" className={thClass}>
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {pageRows.map((row, index) => (
                    // The table-name button is the keyboard way in; a click anywhere on the row is a pointer shortcut.
                    <tr
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows carry no id; the page slice is stable while shown
                      key={`${row.table_name}-${row.year}-${row.month}-${index}`}
                      onClick={() => setOpened(row)}
                      className="cursor-pointer hover:bg-surface"
                    >
                      {columns.map((column, c) => {
                        const text = column.text(row);
                        return (
                          <td
                            key={column.label}
                            className={`${tdClass} ${NO_WRAP.has(column.label) ? 'whitespace-nowrap' : ''} ${text === null ? 'text-fg-subtle' : ''}`}
                          >
                            {c === 0 ? (
                              <button
                                type="button"
                                aria-label={`Error details of ${row.table_name}, ${periodOf(row)}`}
                                onClick={(event) => {
                                  event.stopPropagation();
                                  setOpened(row);
                                }}
                                className="font-medium text-left underline-offset-2 hover:underline"
                              >
                                {text ?? GOV_TEXTS.notAvailable}
                              </button>
                            ) : column.label === 'Status' ? (
                              <StatusBadge status={row.status} />
                            ) : (
                              (text ?? GOV_TEXTS.notAvailable)
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={current} pageCount={pageCount} onPage={setPage} />
          </>
        )}
      </div>
      {opened && <ErrorDetailsModal row={opened} checkLabel={label} onClose={() => setOpened(null)} />}
    </div>
  );
}
