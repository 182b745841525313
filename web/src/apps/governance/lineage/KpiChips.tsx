import type { LineageEntry } from './api';

interface KpiChipsProps {
  label: string;
  entries: readonly LineageEntry[];
  selected: string | null;
  onSelect: (entry: LineageEntry) => void;
}

export function KpiChips({ label, entries, selected, onSelect }: KpiChipsProps) {
  return (
    <ul aria-label={label} className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
      {entries.map((entry) => {
        const on = entry.kpi_name === selected;
        return (
          <li key={entry.kpi_name}>
            <button
              type="button"
              aria-pressed={on}
              title={entry.definition || undefined}
              onClick={() => onSelect(entry)}
              className={`rounded-full border px-3 py-1 text-sm transition focus-visible:outline-2 focus-visible:outline-accent ${
                on ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-page text-fg hover:bg-surface'
              }`}
            >
              {entry.kpi_name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
