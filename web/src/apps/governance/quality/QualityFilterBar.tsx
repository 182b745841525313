import { QUALITY_STATUSES } from '@hangar/contract';
import { FileDown, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass, fieldClass } from '../ui/styles';
import { type FilterOptions, MONTH_NAMES, type QualityFilters } from './quality-filters';
import { STATUS_LABELS } from './status';

interface FilterBarProps {
  filters: QualityFilters;
  options: FilterOptions;
  onChange: (filters: QualityFilters) => void;
  onExport: () => void;
  canExport: boolean;
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs">
      <span className="font-medium text-fg-muted">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} className={fieldClass}>
        <option value="">All</option>
        {children}
      </select>
    </label>
  );
}

const orNull = (value: string) => (value === '' ? null : value);
const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/** Table name, status, year and month dropdowns, the text search, and the CSV export of what they leave. */
export function QualityFilterBar({ filters, options, onChange, onExport, canExport }: FilterBarProps) {
  const set = (patch: Partial<QualityFilters>) => onChange({ ...filters, ...patch });
  // A value passed in from the overview stays selectable even when no row carries it.
  const tables = filters.table && !options.tables.includes(filters.table) ? [filters.table, ...options.tables] : options.tables;
  const years = filters.year !== null && !options.years.includes(filters.year) ? [filters.year, ...options.years] : options.years;
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4 lg:grid-cols-[repeat(4,minmax(0,10rem))_1fr_auto]">
      <FilterSelect label="Table name" value={filters.table ?? ''} onChange={(v) => set({ table: orNull(v) })}>
        {tables.map((table) => (
          <option key={table} value={table}>
            {table}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Status"
        value={filters.status ?? ''}
        onChange={(v) => set({ status: QUALITY_STATUSES.find((s) => s === v) ?? null })}
      >
        {QUALITY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Year" value={filters.year === null ? '' : String(filters.year)} onChange={(v) => set({ year: numberOrNull(v) })}>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Month"
        value={filters.month === null ? '' : String(filters.month)}
        onChange={(v) => set({ month: numberOrNull(v) })}
      >
        {options.months.map((month) => (
          <option key={month} value={month}>
            {MONTH_NAMES[month - 1] ?? month}
          </option>
        ))}
      </FilterSelect>
      <label className="col-span-2 flex min-w-0 flex-col gap-1 text-xs sm:col-span-3 lg:col-span-1">
        <span className="font-medium text-fg-muted">Search</span>
        <span className="relative">
          <Search className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-fg-subtle" aria-hidden />
          <input
            type="search"
            value={filters.search}
            placeholder="Any field"
            onChange={(event) => set({ search: event.target.value })}
            className={`${fieldClass} pl-8`}
          />
        </span>
      </label>
      <button type="button" onClick={onExport} disabled={!canExport} className={buttonClass('secondary')}>
        <FileDown className="size-4" aria-hidden />
        Export CSV
      </button>
    </div>
  );
}
