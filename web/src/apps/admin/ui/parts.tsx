import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, type LucideIcon, Search, ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { adminErrorText } from '../api';
import { buttonClass, fieldClass, labelClass } from './styles';

// ---------------------------------------------------------------------------------------------
// Page frame
// ---------------------------------------------------------------------------------------------

interface AdminPageProps {
  title: string;
  description: string;
  icon: LucideIcon;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** Every admin tab: a visible heading equal to the tab title, a line of context, then the content. */
export function AdminPage({ title, description, icon: Icon, actions, children, wide = true }: AdminPageProps) {
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-5xl'} space-y-6 px-6 py-8 lg:px-10`}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white dark:bg-surface-strong dark:text-accent">
            <Icon className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
            <p className="text-fg-muted text-sm">{description}</p>
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** Shown instead of a super-administrator screen to a local administrator. */
export function SuperAdminOnly({ title }: { title: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-line border-dashed px-6 py-12 text-center">
      <ShieldAlert className="size-8 text-fg-subtle" aria-hidden />
      <p className="font-medium">{title} is for super administrators</p>
      <p className="max-w-md text-fg-muted text-sm">
        Your account manages the users of its business unit. Ask a super administrator (Admin/SuperAdmin) for changes here.
      </p>
    </div>
  );
}

export function Section({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="font-semibold text-lg">
            {title}
          </h2>
          {description && <p className="text-fg-muted text-sm">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder ?? label}
          className={`${fieldClass} pl-9`}
          autoComplete="off"
        />
      </div>
    </div>
  );
}

/** A labelled field: `children` receives the generated id for its input. */
export function Field({
  label,
  hint,
  children,
  className = '',
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id)}
      {hint && <p className="mt-1 text-fg-subtle text-xs">{hint}</p>}
    </div>
  );
}

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

export function TableFrame({ children, label }: { children: ReactNode; label: string }) {
  return (
    // Focusable so a keyboard can scroll a table wider than the screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section tabIndex={0} aria-label={label} className="overflow-x-auto rounded-2xl border border-line bg-page">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm" aria-label={label}>
        {children}
      </table>
    </section>
  );
}

export const thClass = 'border-line border-b bg-surface px-4 py-2.5 font-semibold text-fg-muted text-xs uppercase tracking-wide';
export const tdClass = 'border-line border-b px-4 py-3 align-middle';

export type SortOrder = 'asc' | 'desc';

/** A column header that sorts: a real button, with aria-sort on the header cell. */
export function SortHeader<K extends string>({
  label,
  column,
  sort,
  order,
  onSort,
  className = '',
}: {
  label: string;
  column: K;
  sort: K;
  order: SortOrder;
  onSort: (column: K, order: SortOrder) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'} className={`${thClass} ${className}`}>
      <button
        type="button"
        onClick={() => onSort(column, active && order === 'asc' ? 'desc' : 'asc')}
        className={`inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-fg ${active ? 'text-fg' : ''}`}
      >
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </th>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  noun = 'results',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  noun?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-fg-muted text-sm">
      <p aria-live="polite">
        {total === 0 ? `No ${noun}` : `${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${total.toLocaleString('en')} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className={buttonClass('secondary', 'px-3 py-1.5')}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </button>
        <span className="tabular-nums">
          Page {page} of {pages}
        </span>
        <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages} className={buttonClass('secondary', 'px-3 py-1.5')}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
    </nav>
  );
}

// ---------------------------------------------------------------------------------------------
// Small pieces
// ---------------------------------------------------------------------------------------------

/** Long emails (and other identifiers) are cut with an ellipsis; the whole text is in the tooltip. */
export function Truncated({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span className={`block max-w-full truncate ${className}`} title={text}>
      {text}
    </span>
  );
}

type PillTone = 'neutral' | 'green' | 'red' | 'amber' | 'blue';
const PILL_TONES: Record<PillTone, string> = {
  neutral: 'bg-surface-strong text-fg',
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  blue: 'bg-brand-soft text-brand dark:bg-surface-strong dark:text-accent',
};

export function Pill({ tone = 'neutral', children, title }: { tone?: PillTone; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={`inline-flex max-w-full items-center gap-1 truncate rounded-full px-2.5 py-0.5 font-medium text-xs ${PILL_TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function ErrorPanel({
  error,
  onRetry,
  title = 'This could not be loaded',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-red-300 bg-red-50 px-5 py-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{adminErrorText(error)}</p>
      </div>
      {onRetry && (
        <button type="button" onClick={onRetry} className="rounded-lg bg-red-700 px-4 py-2 font-medium text-sm text-white hover:bg-red-800">
          Try again
        </button>
      )}
    </div>
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center rounded-2xl border border-line px-6 py-12">
      <Spinner label={label} />
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

export const formatNumber = (n: number) => Math.round(n).toLocaleString('en');
