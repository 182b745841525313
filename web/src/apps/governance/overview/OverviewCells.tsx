import { type CoverageColour, coverageColour, GOV_TEXTS, GOVERNANCE } from '@hangar/contract';
import { CircleCheck, CircleMinus, CircleX, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { formatPercent } from '../ui/format';
import { thClass } from '../ui/styles';

/**
 * A column header whose explanation shows on hover and on keyboard focus, at most 200 px wide.
 * Placed with fixed coordinates so the card's scrolling table does not clip it.
 */
export function ColumnHeader({ label, tip }: { label: string; tip: string }) {
  const tipId = useId();
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const show = (target: HTMLElement) => {
    const box = target.getBoundingClientRect();
    const width = GOVERNANCE.tooltipMaxWidthPx;
    setAt({ top: box.bottom + 6, left: Math.max(8, Math.min(box.left, window.innerWidth - width - 8)) });
  };
  const hide = () => setAt(null);
  return (
    <th scope="col" className={thClass}>
      <span className="inline-flex items-center gap-1">
        {label}
        <button
          type="button"
          aria-label={`About ${label}`}
          aria-describedby={tipId}
          onMouseEnter={(event) => show(event.currentTarget)}
          onMouseLeave={hide}
          onFocus={(event) => show(event.currentTarget)}
          onBlur={hide}
          onKeyDown={(event) => event.key === 'Escape' && hide()}
          className="rounded text-fg-subtle hover:text-fg focus-visible:text-fg"
        >
          <Info className="size-3.5" aria-hidden />
        </button>
        <span
          id={tipId}
          role="tooltip"
          hidden={!at}
          style={{ maxWidth: GOVERNANCE.tooltipMaxWidthPx, top: at?.top, left: at?.left }}
          className="pointer-events-none fixed z-50 w-max rounded-lg bg-gray-900 px-2.5 py-1.5 font-normal text-white text-xs normal-case tracking-normal shadow-lg dark:bg-gray-100 dark:text-gray-900"
        >
          {tip}
        </span>
      </span>
    </th>
  );
}

const FLAGS = {
  1: { label: 'Passed', Icon: CircleCheck, tone: 'text-emerald-700 dark:text-emerald-400' },
  0: { label: 'Not checked', Icon: CircleMinus, tone: 'text-fg-subtle' },
  [-1]: { label: 'Failed', Icon: CircleX, tone: 'text-red-700 dark:text-red-400' },
} as const;

interface CellProps {
  /** What the cell checks and for which table, for the accessible name of its link. */
  what: string;
  message: string | null;
  /** Absent when there is no Quality tab to open (a use case without a tab of its own). */
  onOpen?: () => void;
}

/** A check result 1 / 0 / -1; a failure opens the Quality tab on it. */
export function FlagCell({ value, what, message, onOpen }: CellProps & { value: number }) {
  const flag = FLAGS[value as keyof typeof FLAGS];
  if (!flag) return <span title={message ?? undefined}>{value}</span>;
  const { Icon, label, tone } = flag;
  const content = (
    <>
      <Icon className="size-4 shrink-0" aria-hidden />
      <span>{label}</span>
    </>
  );
  const title = message || label;
  if (value !== GOVERNANCE.failureFlag || !onOpen) {
    return (
      <span className={`inline-flex items-center gap-1.5 text-xs ${tone}`} title={title}>
        {content}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      title={title}
      aria-label={`${what}: failed. Open in Quality`}
      className={`inline-flex items-center gap-1.5 rounded-md px-1.5 py-0.5 font-semibold text-xs underline-offset-2 hover:underline ${tone}`}
    >
      {content}
    </button>
  );
}

const COVERAGE_TONES: Record<CoverageColour, string> = {
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  'light-green': 'bg-lime-100 text-lime-800 dark:bg-lime-950 dark:text-lime-200',
  'dark-green': 'bg-emerald-700 text-white dark:bg-emerald-600',
};

/** A mapping coverage percent, coloured by its threshold; it always opens the Quality tab's Referential view. */
export function CoverageCell({ value, what, message, onOpen }: CellProps & { value: number | null }) {
  if (value === null) return <span className="text-fg-subtle text-xs">{GOV_TEXTS.notAvailable}</span>;
  const colour = coverageColour(value);
  const tone = `rounded-md px-2 py-0.5 font-semibold text-xs tabular-nums ${COVERAGE_TONES[colour]}`;
  if (!onOpen) {
    return (
      <span data-colour={colour} title={message || undefined} className={tone}>
        {formatPercent(value)}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      title={message || undefined}
      data-colour={colour}
      aria-label={`${what}: ${formatPercent(value)}. Open in Quality`}
      className={`${tone} hover:opacity-80`}
    >
      {formatPercent(value)}
    </button>
  );
}
