import { useQuery } from '@tanstack/react-query';
import { AppWindow, Building2, Mail, MapPin, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { fetchMe, queryKeys } from '../../api/shell';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import type { AppProps } from '../registry';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl border border-line bg-page p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-strong text-brand dark:text-fg">{icon}</span>
      <div className="min-w-0">
        <dt className="text-fg-subtle text-xs uppercase tracking-wide">{label}</dt>
        <dd className="truncate font-medium" title={value ?? undefined}>
          {value ?? <span className="font-normal text-fg-subtle">Not set</span>}
        </dd>
      </div>
    </div>
  );
}

function Chips({ values }: { values: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {[...values].sort().map((value) => (
        <li key={value} title={value} className="max-w-full truncate rounded-full border border-line bg-surface px-3 py-1 text-sm">
          {value}
        </li>
      ))}
    </ul>
  );
}

export function UserRightsApp(_props: AppProps) {
  const { data: me, isPending, isError, error, refetch } = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe });

  if (isPending) {
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner label="Loading your rights..." />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="mx-auto max-w-lg p-8">
        <div
          role="alert"
          className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">Your rights could not be loaded</p>
          <p className="mt-1 text-sm">{error.message}</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-medium text-sm text-white"
          >
            Try again
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-6 py-8 lg:px-10">
      <header className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white text-xl dark:bg-surface-strong">
          {(me.name.trim()[0] ?? 'P').toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 className="truncate font-semibold text-2xl" title={me.name}>
            {me.name}
          </h1>
          <p className="text-fg-muted text-sm">Your applications, business unit and airport, as your access token carries them.</p>
        </div>
      </header>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact icon={<Mail className="size-4.5" aria-hidden />} label="Email" value={me.email} />
        <Fact icon={<Building2 className="size-4.5" aria-hidden />} label="Business unit" value={me.bu} />
        <Fact icon={<MapPin className="size-4.5" aria-hidden />} label="Airport" value={me.airport} />
      </dl>
      <section aria-labelledby="rights-apps" className="space-y-3">
        <h2 id="rights-apps" className="font-semibold text-lg">
          Applications <span className="font-normal text-fg-subtle">({me.apps.length})</span>
        </h2>
        {me.apps.length ? (
          <Chips values={me.apps} />
        ) : (
          <EmptyState icon={AppWindow} title="No applications yet">
            Applications are granted by the platform team once your permissions are validated.
          </EmptyState>
        )}
      </section>
      <section aria-labelledby="rights-groups" className="space-y-3">
        <h2 id="rights-groups" className="font-semibold text-lg">
          Groups <span className="font-normal text-fg-subtle">({me.groups.length})</span>
        </h2>
        {me.groups.length ? (
          <Chips values={me.groups} />
        ) : (
          <EmptyState icon={UsersRound} title="You are not in any group">
            Your applications were granted to you directly.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
