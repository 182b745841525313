import type { PeriodOption } from '@hangar/contract';

/** The periods of the use case; a choice made while the data loads is ignored. */
export function MonthSelector({
  options,
  selected,
  loading,
  onSelect,
}: {
  options: readonly PeriodOption[];
  selected: number;
  loading: boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Period</legend>
      {options.map((option, index) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={index === selected}
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) onSelect(index);
          }}
          className={`rounded-xl border px-3.5 py-1.5 font-medium text-sm transition aria-disabled:cursor-wait ${
            index === selected ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-page hover:bg-surface'
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
