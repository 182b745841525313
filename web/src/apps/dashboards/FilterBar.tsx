import type { DashboardSummary } from '@hangar/contract';
import type { DashboardFilters } from './api';
import { DASHBOARD_TEXTS as T } from './texts';

export const NO_FILTERS: DashboardFilters = { from: '', to: '', bu: '', airport: '' };

const field = 'rounded-lg border border-line bg-page px-2 py-1 text-sm text-fg';

/**
 * The filters at the top of a builtin dashboard: the period (months), the BU among those the numbers
 * come from, and the airport only where it applies (the dashboard takes it and the user's token
 * names one). The server narrows any of them to the user's scope, never widens.
 */
export function FilterBar({
  dashboard,
  filters,
  bus,
  airport,
  onChange,
}: {
  dashboard: DashboardSummary;
  filters: DashboardFilters;
  bus: readonly string[];
  airport: string | null;
  onChange: (filters: DashboardFilters) => void;
}) {
  const has = (f: DashboardSummary['filters'][number]) => dashboard.filters.includes(f);
  if (dashboard.filters.length === 0) return null;
  const set = (key: keyof DashboardFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value });
  const changed = Object.values(filters).some(Boolean);
  return (
    <fieldset className="flex flex-wrap items-end gap-3" data-testid="dashboard-filters">
      <legend className="sr-only">{T.filters}</legend>
      {has('period') && (
        <>
          <label className="flex flex-col gap-0.5 text-fg-muted text-xs">
            {T.from}
            <input type="month" className={field} value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </label>
          <label className="flex flex-col gap-0.5 text-fg-muted text-xs">
            {T.to}
            <input type="month" className={field} value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </label>
        </>
      )}
      {has('bu') && bus.length > 1 && (
        <label className="flex flex-col gap-0.5 text-fg-muted text-xs">
          {T.bu}
          <select className={field} value={filters.bu} onChange={set('bu')}>
            <option value="">{T.allBus}</option>
            {bus.map((bu) => (
              <option key={bu} value={bu}>
                {bu}
              </option>
            ))}
          </select>
        </label>
      )}
      {has('airport') && airport && (
        <label className="flex flex-col gap-0.5 text-fg-muted text-xs">
          {T.airport}
          <select className={field} value={filters.airport} onChange={set('airport')}>
            <option value="">{T.allAirports}</option>
            <option value={airport}>{airport}</option>
          </select>
        </label>
      )}
      {changed && (
        <button type="button" className="rounded-lg px-2 py-1 text-accent text-sm hover:bg-surface" onClick={() => onChange(NO_FILTERS)}>
          {T.reset}
        </button>
      )}
    </fieldset>
  );
}
