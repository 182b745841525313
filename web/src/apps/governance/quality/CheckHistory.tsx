import type { MonthResult } from './quality-history';
import { STATUS_LABELS, STATUS_SQUARE } from './status';

/** A compact trend: one coloured square per month, newest on the right. */
export function CheckHistory({ label, history }: { label: string; history: readonly MonthResult[] }) {
  return (
    <ol aria-label={label} className="flex items-center gap-0.5">
      {history.map((month) => (
        <li
          key={month.period}
          data-status={month.status}
          title={`${month.period}: ${STATUS_LABELS[month.status]}`}
          className={`size-3 rounded-[3px] ${STATUS_SQUARE[month.status]}`}
        >
          <span className="sr-only">
            {month.period}: {STATUS_LABELS[month.status]}
          </span>
        </li>
      ))}
    </ol>
  );
}
