import type { StageStatus } from '@hangar/contract';

/** Class names of the governance screens, on the portal's palette (both themes). */

const BUTTON_BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl font-medium text-sm transition disabled:cursor-not-allowed disabled:opacity-60';

const TONES = {
  primary: 'bg-accent px-4 py-2 font-semibold text-accent-fg hover:opacity-90',
  secondary: 'border border-line bg-page px-4 py-2 hover:bg-surface',
  danger: 'bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500',
  success: 'bg-emerald-700 px-4 py-2 font-semibold text-white dark:bg-emerald-600',
  ghost: 'px-2 py-1.5 text-fg-muted hover:bg-surface hover:text-fg',
} as const;

export type ButtonTone = keyof typeof TONES;

export const buttonClass = (tone: ButtonTone = 'secondary', extra = '') => `${BUTTON_BASE} ${TONES[tone]} ${extra}`.trim();

export const fieldClass =
  'w-full min-w-0 rounded-lg border border-line bg-page px-2.5 py-1.5 text-fg text-sm focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60';

export const thClass = 'border-line border-b bg-surface px-3 py-2.5 font-semibold text-fg-muted text-xs uppercase tracking-wide';
export const tdClass = 'border-line border-b px-3 py-2.5 align-middle';
export const cardClass = 'rounded-2xl border border-line bg-page';

/** Grey pending, orange running, green finished, red error (spec section 4). */
export const STAGE_DOT: Record<StageStatus, string> = {
  pending: 'bg-gray-400 dark:bg-gray-500',
  running: 'bg-orange-500 animate-pulse',
  finished: 'bg-emerald-600 dark:bg-emerald-500',
  error: 'bg-red-600 dark:bg-red-500',
};

export const STAGE_TEXT: Record<StageStatus, string> = {
  pending: 'text-fg-muted',
  running: 'text-orange-700 dark:text-orange-300',
  finished: 'text-emerald-700 dark:text-emerald-300',
  error: 'text-red-700 dark:text-red-300',
};
