import type { QualityDetailRow } from '@hangar/contract';

export type QualityStatus = QualityDetailRow['status'];

export const STATUS_LABELS: Record<QualityStatus, string> = {
  success: 'Success',
  failed: 'Failed',
  pending: 'Pending',
  running: 'Running',
  delayed: 'Delayed',
};

/** A month's square in a history. */
export const STATUS_SQUARE: Record<QualityStatus, string> = {
  success: 'bg-emerald-600 dark:bg-emerald-500',
  failed: 'bg-red-600 dark:bg-red-500',
  pending: 'bg-gray-400 dark:bg-gray-500',
  running: 'bg-orange-500',
  delayed: 'bg-amber-400 dark:bg-amber-300',
};

export const STATUS_BADGE: Record<QualityStatus, string> = {
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  pending: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200',
  running: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
  delayed: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
};

/** When one month holds several results, the worst one speaks for it. */
const SEVERITY: Record<QualityStatus, number> = { failed: 4, delayed: 3, running: 2, pending: 1, success: 0 };
export const worseStatus = (a: QualityStatus, b: QualityStatus): QualityStatus => (SEVERITY[b] > SEVERITY[a] ? b : a);

export function StatusBadge({ status }: { status: QualityStatus }) {
  return <span className={`rounded-full px-2 py-0.5 font-semibold text-xs ${STATUS_BADGE[status]}`}>{STATUS_LABELS[status]}</span>;
}
