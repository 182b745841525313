export type CreditTone = 'green' | 'yellow' | 'orange' | 'light-orange' | 'red';

/** Spec section 9: under 10 green, under 50 yellow, under 100 orange, 250 or more red, otherwise light orange. */
export function creditTone(cost: number): CreditTone {
  if (cost < 10) return 'green';
  if (cost < 50) return 'yellow';
  if (cost < 100) return 'orange';
  if (cost >= 250) return 'red';
  return 'light-orange';
}

/** "Credit" pluralised above 1. */
export const creditUnit = (cost: number) => (cost > 1 ? 'Credits' : 'Credit');

export function formatCost(cost: number): string {
  if (cost > 0 && cost < 0.001) return '< 0.001';
  return cost.toLocaleString('en', { maximumFractionDigits: 3 });
}

export const creditLabel = (cost: number) => `${formatCost(cost)} ${creditUnit(cost)}`;

/** Readable in both themes; the dot carries the hue, the text stays legible. */
export const CREDIT_TONE_CLASSES: Record<CreditTone, { badge: string; dot: string }> = {
  green: {
    badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-200 dark:ring-emerald-800',
    dot: 'bg-emerald-500',
  },
  yellow: {
    badge: 'bg-yellow-50 text-yellow-800 ring-yellow-200 dark:bg-yellow-950/50 dark:text-yellow-200 dark:ring-yellow-800',
    dot: 'bg-yellow-400',
  },
  orange: {
    badge: 'bg-orange-50 text-orange-800 ring-orange-300 dark:bg-orange-950/50 dark:text-orange-200 dark:ring-orange-700',
    dot: 'bg-orange-500',
  },
  'light-orange': {
    badge: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-800',
    dot: 'bg-orange-300',
  },
  red: {
    badge: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/50 dark:text-red-200 dark:ring-red-800',
    dot: 'bg-red-500',
  },
};
