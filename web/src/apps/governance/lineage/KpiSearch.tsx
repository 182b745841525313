import { Search, X } from 'lucide-react';
import { fieldClass } from '../ui/styles';

export function KpiSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-fg-subtle" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.stopPropagation();
            onChange('');
          }
        }}
        placeholder="Search a KPI"
        aria-label="Search KPIs"
        className={`${fieldClass} py-2 pr-9 pl-8 [&::-webkit-search-cancel-button]:hidden`}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Clear search"
          className="-translate-y-1/2 absolute top-1/2 right-1.5 rounded-md p-1 text-fg-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
