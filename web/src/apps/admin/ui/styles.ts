/** Class names shared by the admin screens, on the portal's palette (both themes). */

export type ButtonTone = 'primary' | 'secondary' | 'danger' | 'ghost' | 'success';

const BUTTON_BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-xl font-medium text-sm transition disabled:cursor-not-allowed disabled:opacity-50';

const BUTTON_TONES: Record<ButtonTone, string> = {
  primary: 'bg-accent px-4 py-2 font-semibold text-accent-fg hover:opacity-90',
  secondary: 'border border-line bg-page px-4 py-2 hover:bg-surface',
  danger: 'bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500',
  success: 'bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-600 dark:hover:bg-emerald-500',
  ghost: 'px-2.5 py-1.5 text-fg-muted hover:bg-surface hover:text-fg',
};

export const buttonClass = (tone: ButtonTone = 'secondary', extra = '') => `${BUTTON_BASE} ${BUTTON_TONES[tone]} ${extra}`.trim();

/** A small button inside table rows. */
export const rowButtonClass = (tone: 'default' | 'danger' = 'default') =>
  `inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-xs font-medium transition disabled:cursor-not-allowed disabled:opacity-50 ${
    tone === 'danger'
      ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950'
      : 'text-fg-muted hover:bg-surface-strong hover:text-fg'
  }`;

export const fieldClass =
  'w-full rounded-lg border border-line bg-page px-3 py-2 text-fg text-sm placeholder:text-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60';

export const labelClass = 'mb-1.5 block font-medium text-sm';

export const cardClass = 'rounded-2xl border border-line bg-page';
