import { DASHBOARD_APPS_GRANTING_OVERVIEW } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { AppWindow, Building2, IdCard, Mail, MapPin, Search, UsersRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { fetchMe, queryKeys } from '../../api/shell';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useAdminAccess } from '../admin/access';
import { type AdminUserView, adminKeys, fetchUserRights, type UserRights } from '../admin/api';
import { ErrorPanel, formatNumber, Pill, SearchBox, TableFrame, Truncated, tdClass, thClass } from '../admin/ui/parts';
import { UserPicker } from '../admin/ui/UserPicker';
import type { AppProps } from '../registry';

export const USER_RIGHTS_TITLE = 'User Rights';

type Source = UserRights['rights'][number]['sources'][number];

/** How a right came to the user, in words (tab 75). */
export function sourceLabel(source: Source): string {
  if (source.kind === 'direct') return 'Direct grant';
  if (source.kind === 'group') return `Through group ${source.group ?? '(unnamed)'}`;
  return 'Derived: dashboard holders get Data_gov/Overview';
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-xl border border-line bg-page p-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-strong text-brand dark:text-fg">{icon}</span>
      <dl className="min-w-0">
        <dt className="text-fg-subtle text-xs uppercase tracking-wide">{label}</dt>
        <dd className="truncate font-medium" title={value ?? undefined}>
          {value ?? <span className="font-normal text-fg-subtle">Not set</span>}
        </dd>
      </dl>
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

function Avatar({ name }: { name: string }) {
  return (
    <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white text-xl dark:bg-surface-strong">
      {(name.trim()[0] ?? 'P').toUpperCase()}
    </span>
  );
}

/** What the signed-in user holds, as /api/shell/me reports it (every user sees this). */
function MyRights() {
  const { data: me, isPending, isError, error, refetch } = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe });

  if (isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading your rights..." />
      </div>
    );
  }
  if (isError) {
    return (
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
    );
  }

  return (
    <div className="space-y-8">
      <div className="flex items-center gap-4">
        <Avatar name={me.name} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-xl" title={me.name}>
            {me.name}
          </h2>
          <p className="text-fg-muted text-sm">Your applications, business unit and airport, as your access token carries them.</p>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Fact icon={<Mail className="size-4.5" aria-hidden />} label="Email" value={me.email} />
        <Fact icon={<Building2 className="size-4.5" aria-hidden />} label="Business unit" value={me.bu} />
        <Fact icon={<MapPin className="size-4.5" aria-hidden />} label="Airport" value={me.airport} />
      </div>
      <section aria-labelledby="rights-apps" className="space-y-3">
        <h3 id="rights-apps" className="font-semibold text-lg">
          Applications <span className="font-normal text-fg-subtle">({me.apps.length})</span>
        </h3>
        {me.apps.length ? (
          <Chips values={me.apps} />
        ) : (
          <EmptyState icon={AppWindow} title="No applications yet">
            Applications are granted by the platform team once your permissions are validated.
          </EmptyState>
        )}
      </section>
      <section aria-labelledby="rights-groups" className="space-y-3">
        <h3 id="rights-groups" className="font-semibold text-lg">
          Groups <span className="font-normal text-fg-subtle">({me.groups.length})</span>
        </h3>
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

function sourceTone(source: Source): 'blue' | 'green' | 'amber' {
  if (source.kind === 'direct') return 'green';
  if (source.kind === 'group') return 'blue';
  return 'amber';
}

/** One user's effective rights and where each comes from (administrators). */
function RightsOfUser({ userId }: { userId: string }) {
  const [text, setText] = useState('');
  const rights = useQuery({ queryKey: adminKeys.userRights(userId), queryFn: () => fetchUserRights(userId) });

  if (rights.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading this user's rights..." />
      </div>
    );
  }
  if (rights.isError)
    return <ErrorPanel error={rights.error} onRetry={() => void rights.refetch()} title="These rights could not be loaded" />;

  const { user, groups } = rights.data;
  const needle = text.trim().toLowerCase();
  const list = rights.data.rights.filter(
    (r) => !needle || r.appId.toLowerCase().includes(needle) || r.sources.some((s) => sourceLabel(s).toLowerCase().includes(needle)),
  );
  const derivedHint = DASHBOARD_APPS_GRANTING_OVERVIEW.join(', ');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.name} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-xl" title={user.name}>
            {user.name}
          </h3>
          <Truncated text={user.email} className="text-fg-muted text-sm" />
        </div>
        {user.disabled ? <Pill tone="red">Disabled</Pill> : <Pill tone="green">Active</Pill>}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Fact icon={<Building2 className="size-4.5" aria-hidden />} label="Business unit" value={user.bu} />
        <Fact icon={<MapPin className="size-4.5" aria-hidden />} label="Airport" value={user.airport} />
        <Fact
          icon={<IdCard className="size-4.5" aria-hidden />}
          label="GenAI credits"
          value={`${formatNumber(user.remainingCredit)} / ${formatNumber(user.creditLimit)}`}
        />
      </div>
      <section aria-label="Groups of this user" className="space-y-2">
        <h4 className="font-semibold">
          Groups <span className="font-normal text-fg-subtle">({groups.length})</span>
        </h4>
        {groups.length ? <Chips values={groups.map((g) => g.name)} /> : <p className="text-fg-muted text-sm">Not in any group.</p>}
      </section>
      <section aria-label="Rights of this user" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h4 className="font-semibold">
            Applications <span className="font-normal text-fg-subtle">({rights.data.rights.length})</span>
          </h4>
          {rights.data.rights.length > 6 && (
            <SearchBox label="Filter applications" placeholder="Filter applications" value={text} onChange={setText} className="w-64" />
          )}
        </div>
        {rights.data.rights.length === 0 ? (
          <EmptyState icon={AppWindow} title="No applications">
            This user holds no application yet.
          </EmptyState>
        ) : (
          <TableFrame label={`Applications of ${user.email}`}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Application
                </th>
                <th scope="col" className={thClass}>
                  Comes from
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((right) => (
                <tr key={right.appId} className="hover:bg-surface">
                  <td className={`${tdClass} max-w-72 font-medium`}>
                    <Truncated text={right.appId} />
                  </td>
                  <td className={tdClass}>
                    <ul className="flex flex-wrap gap-1.5">
                      {right.sources.map((source, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: sources have no id; the list is fixed per render
                        <li key={index}>
                          <Pill
                            tone={sourceTone(source)}
                            title={source.kind === 'derived' ? `Holders of ${derivedHint} get Data_gov/Overview` : undefined}
                          >
                            {sourceLabel(source)}
                          </Pill>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
              {list.length === 0 && (
                <tr>
                  <td colSpan={2} className={`${tdClass} text-center text-fg-muted`}>
                    No application matches “{text.trim()}”.
                  </td>
                </tr>
              )}
            </tbody>
          </TableFrame>
        )}
      </section>
    </div>
  );
}

function LookUpUser() {
  const [user, setUser] = useState<AdminUserView | null>(null);
  return (
    <div className="space-y-6">
      <div className="max-w-xl">
        <UserPicker label="User" selected={user} onSelect={setUser} />
      </div>
      {user ? (
        <RightsOfUser key={user.id} userId={user.id} />
      ) : (
        <EmptyState icon={Search} title="Pick a user">
          Search a user by email or name to see their applications and where each comes from: a direct grant, a group, or a rule.
        </EmptyState>
      )}
    </div>
  );
}

/** Tab 75: the signed-in user's rights; administrators can also look up any user they manage. */
export function UserRightsApp(_props: AppProps) {
  const { isAdmin } = useAdminAccess();
  const [view, setView] = useState<'mine' | 'user'>('mine');

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-6 py-8 lg:px-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white dark:bg-surface-strong dark:text-accent">
            <IdCard className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="font-semibold text-2xl tracking-tight">{USER_RIGHTS_TITLE}</h1>
            <p className="text-fg-muted text-sm">
              {isAdmin ? 'Your rights, or those of a user you manage and where each comes from.' : 'The applications and groups you hold.'}
            </p>
          </div>
        </div>
        {isAdmin && (
          <fieldset className="flex rounded-xl border border-line bg-surface p-1">
            <legend className="sr-only">Whose rights</legend>
            {(
              [
                ['mine', 'My rights'],
                ['user', "A user's rights"],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className={`rounded-lg px-3 py-1.5 font-medium text-sm ${view === value ? 'bg-page text-fg shadow-sm' : 'text-fg-muted hover:text-fg'}`}
              >
                {label}
              </button>
            ))}
          </fieldset>
        )}
      </header>
      {/* Both stay mounted so switching back keeps the picked user. */}
      <div hidden={view !== 'mine'}>
        <MyRights />
      </div>
      {isAdmin && (
        <div hidden={view !== 'user'}>
          <LookUpUser />
        </div>
      )}
    </div>
  );
}
