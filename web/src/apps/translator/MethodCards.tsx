import type { TranslationMethodInfo } from '@hangar/contract';
import { CloudOff } from 'lucide-react';
import { TRANSLATOR_TEXTS } from './texts';

/** The methods as the welcome text describes them: quality mark, what they suit, and why one is unavailable. */
export function MethodCards({ methods }: { methods: readonly TranslationMethodInfo[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label="Translation methods">
      {methods.map((info) => (
        <li
          key={info.method}
          data-testid={`translator-method-${info.method}`}
          className={`rounded-xl border border-line px-4 py-3 ${info.available ? '' : 'opacity-75'}`}
        >
          <div className="flex flex-wrap items-center gap-2">
            {info.method === 'Offline' && <CloudOff className="size-4 shrink-0 text-fg-muted" aria-hidden />}
            <span className="font-semibold">{info.label}</span>
            <span className="rounded-full bg-surface-strong px-2 py-0.5 font-medium text-fg-muted text-xs">{info.quality}/5</span>
            {info.method === 'Offline' && !/offline/i.test(info.label) && (
              <span className="rounded-full bg-surface-strong px-2 py-0.5 font-medium text-fg-muted text-xs">
                {TRANSLATOR_TEXTS.offlineBadge}
              </span>
            )}
          </div>
          <p className="mt-1 text-fg-muted text-sm">{info.description}</p>
          {info.available ? (
            <p className="mt-1 text-fg-subtle text-xs">
              {info.pricePerPage} credit{info.pricePerPage === 1 ? '' : 's'} per page
            </p>
          ) : (
            <p className="mt-1 font-medium text-red-700 text-xs dark:text-red-300">
              {TRANSLATOR_TEXTS.unavailable}: {info.why ?? 'not configured'}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
