import { GOV_TEXTS } from '@hangar/contract';
import { Building2 } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import { fieldClass } from './ui/styles';

/** With no BU chosen yet: the BUs of this use case as buttons, or why there are none. */
export function BuPicker({ useCase, choices, onPick }: { useCase: string; choices: readonly string[]; onPick: (bu: string) => void }) {
  if (choices.length === 0) return <EmptyState icon={Building2} title={GOV_TEXTS.noBu(useCase)} />;
  return (
    <section aria-label="BU choice" className="space-y-4 rounded-2xl border border-line bg-page px-5 py-6">
      <p className="font-medium">{GOV_TEXTS.pickBu(useCase)}</p>
      <ul className="flex flex-wrap gap-3">
        {choices.map((bu) => (
          <li key={bu}>
            <button
              type="button"
              onClick={() => onPick(bu)}
              className="inline-flex min-w-24 items-center justify-center gap-2 rounded-xl border border-line bg-surface px-4 py-3 font-semibold transition hover:border-accent hover:bg-surface-strong"
            >
              <Building2 className="size-4 text-fg-muted" aria-hidden />
              {bu}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Once a BU is chosen (the overview also shows it before); locked while ingestion or referential data loads. */
export function BuSelector({
  choices,
  value,
  locked,
  onChange,
}: {
  choices: readonly string[];
  value: string | null;
  locked: boolean;
  onChange: (bu: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="whitespace-nowrap font-medium">{GOV_TEXTS.buSelection}</span>
      <select
        value={value ?? ''}
        disabled={locked}
        title={locked ? 'Wait until the data has loaded' : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${fieldClass} w-auto`}
      >
        {value === null && (
          <option value="" disabled>
            Choose a BU
          </option>
        )}
        {choices.map((bu) => (
          <option key={bu} value={bu}>
            {bu}
          </option>
        ))}
      </select>
    </label>
  );
}
