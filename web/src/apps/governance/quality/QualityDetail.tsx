import { type CheckName, GOV_TEXTS, QUALITY_STATUSES, QUALITY_TABS, type QualityResponse } from '@hangar/contract';
import { useState } from 'react';
import { cardClass, fieldClass } from '../ui/styles';
import { CheckHistory } from './CheckHistory';
import { periodOf } from './quality-columns';
import { tableSummaries } from './quality-history';
import { type QualityStatus, STATUS_LABELS, StatusBadge } from './status';

/** The detail view's groups, in the spec's order. */
const GROUPS: CheckName[] = ['mapping_coverage', 'data_integrity', 'file_integrity', 'file_not_received'];
const labelOf = (check: CheckName) => QUALITY_TABS.find((t) => t.key === check)?.label ?? check;

/** Per check, each table's latest result and its month-by-month trend; the status filter reads the latest result. */
export function QualityDetail({ data }: { data: QualityResponse }) {
  const [status, setStatus] = useState<QualityStatus | null>(null);
  return (
    <div className="space-y-4">
      <label className="flex w-fit items-center gap-2 text-sm">
        <span className="font-medium">Status</span>
        <select
          value={status ?? ''}
          onChange={(event) => setStatus(QUALITY_STATUSES.find((s) => s === event.target.value) ?? null)}
          className={`${fieldClass} w-auto`}
        >
          <option value="">All</option>
          {QUALITY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <div className="grid gap-4 lg:grid-cols-2">
        {GROUPS.map((check) => {
          const tables = tableSummaries(data[check]).filter((t) => status === null || t.latest.status === status);
          return (
            <section key={check} aria-label={labelOf(check)} className={`${cardClass} px-4 py-3`}>
              <h3 className="mb-2 flex items-baseline justify-between gap-2 font-semibold">
                {labelOf(check)}
                <span className="font-normal text-fg-muted text-xs">
                  {tables.length} {tables.length === 1 ? 'table' : 'tables'}
                </span>
              </h3>
              {tables.length === 0 ? (
                <p className="py-2 text-fg-muted text-sm">{GOV_TEXTS.noData}</p>
              ) : (
                <ul className="divide-y divide-line">
                  {tables.map(({ table, latest, history }) => (
                    <li key={table} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                      <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{table}</span>
                      <CheckHistory label={`${labelOf(check)} history of ${table}`} history={history} />
                      <span className="text-fg-muted text-xs tabular-nums">{periodOf(latest)}</span>
                      <StatusBadge status={latest.status} />
                      {latest.message && <p className="w-full text-fg-muted text-xs">{latest.message}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
