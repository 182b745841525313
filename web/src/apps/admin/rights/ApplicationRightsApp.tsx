import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppWindow, KeyRound, LoaderCircle, Plus, Trash2, UserRound, UsersRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '../../../ui/EmptyState';
import type { AppProps } from '../../registry';
import { useAdminAccess } from '../access';
import {
  type AdminUserView,
  type Application,
  adminErrorText,
  adminKeys,
  type GrantTarget,
  grantApplication,
  type Holder,
  listApplications,
  listGroups,
  revokeGrant,
} from '../api';
import { useConfirm } from '../ui/Dialog';
import {
  AdminPage,
  ErrorPanel,
  Field,
  LoadingBlock,
  Pill,
  SearchBox,
  SuperAdminOnly,
  TableFrame,
  Truncated,
  tdClass,
  thClass,
} from '../ui/parts';
import { buttonClass, cardClass, fieldClass, rowButtonClass } from '../ui/styles';
import { UserPicker } from '../ui/UserPicker';

export const APPLICATION_RIGHTS_TITLE = 'Application Rights';

/** "Dashboard/Finance" -> "Dashboard". */
const familyOf = (appId: string) => appId.split('/')[0] ?? appId;
const holderName = (h: Holder) => (h.groupId ? (h.group ?? 'Unnamed group') : (h.email ?? 'Unknown user'));

function GrantForm({ app, onGranted }: { app: Application; onGranted: () => void }) {
  const [kind, setKind] = useState<'user' | 'group'>('user');
  const [user, setUser] = useState<AdminUserView | null>(null);
  const [groupId, setGroupId] = useState('');
  const groups = useQuery({ queryKey: adminKeys.groups, queryFn: listGroups, enabled: kind === 'group' });
  const grant = useMutation({
    mutationFn: (target: GrantTarget) => grantApplication(app.appId, target),
    onSuccess: () => {
      toast.success(`${app.appId} granted to ${kind === 'user' ? user?.email : groups.data?.find((g) => g.id === groupId)?.name}.`);
      setUser(null);
      setGroupId('');
      onGranted();
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });
  const heldBy = new Set(app.holders.map((h) => h.userId ?? h.groupId));
  const target: GrantTarget | null = kind === 'user' ? (user ? { userId: user.id } : null) : groupId ? { groupId } : null;
  const already = kind === 'user' ? Boolean(user && heldBy.has(user.id)) : Boolean(groupId && heldBy.has(groupId));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (target && !already) grant.mutate(target);
  }

  return (
    <form onSubmit={submit} aria-label={`Grant ${app.appId}`} className="space-y-4 rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">Grant {app.appId}</h3>
        <fieldset className="flex rounded-xl border border-line bg-page p-1">
          <legend className="sr-only">Grant to</legend>
          {(['user', 'group'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={kind === option}
              onClick={() => setKind(option)}
              className={`flex items-center gap-1.5 rounded-lg px-3 py-1 font-medium text-sm ${kind === option ? 'bg-surface-strong text-fg' : 'text-fg-muted hover:text-fg'}`}
            >
              {option === 'user' ? <UserRound className="size-3.5" aria-hidden /> : <UsersRound className="size-3.5" aria-hidden />}
              {option === 'user' ? 'A user' : 'A group'}
            </button>
          ))}
        </fieldset>
      </div>
      {kind === 'user' ? (
        <UserPicker label="User" selected={user} onSelect={setUser} />
      ) : (
        <Field label="Group">
          {(id) => (
            <select
              id={id}
              value={groupId}
              onChange={(event) => setGroupId(event.target.value)}
              className={fieldClass}
              disabled={groups.isPending}
            >
              <option value="">{groups.isPending ? 'Loading groups...' : 'Choose a group'}</option>
              {groups.data?.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name} ({group.members.length} members)
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {groups.isError && kind === 'group' && (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {adminErrorText(groups.error)}
        </p>
      )}
      {already && <p className="text-fg-muted text-sm">Already holds {app.appId}.</p>}
      <div className="flex justify-end">
        <button type="submit" disabled={!target || already || grant.isPending} className={buttonClass('primary')}>
          {grant.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Plus className="size-4" aria-hidden />}
          Grant
        </button>
      </div>
    </form>
  );
}

function ApplicationDetail({ app }: { app: Application }) {
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const headingId = useId();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.applications });
    void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'rights', 'user'] });
  };
  const revoke = useMutation({
    mutationFn: (holder: Holder) => revokeGrant(holder.grantId),
    onSuccess: (_void, holder) => {
      toast.success(`${app.appId} revoked from ${holderName(holder)}. It takes effect at their next token refresh.`);
      refresh();
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });

  async function askRevoke(holder: Holder) {
    const ok = await confirm({
      title: `Revoke ${app.appId}?`,
      body: (
        <>
          <span className="font-semibold text-fg">{holderName(holder)}</span>
          {holder.groupId ? ' (a group: every member loses it unless they hold it otherwise)' : ''} will no longer hold{' '}
          <span className="font-semibold text-fg">{app.appId}</span>. The change takes effect at the next token refresh.
        </>
      ),
      confirmLabel: 'Revoke',
    });
    if (ok) revoke.mutate(holder);
  }

  const users = app.holders.filter((h) => !h.groupId);
  const groups = app.holders.filter((h) => h.groupId);
  const byName = (a: Holder, b: Holder) => holderName(a).localeCompare(holderName(b));
  const ordered = [...groups.sort(byName), ...users.sort(byName)];

  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-5 p-5`}>
      <header className="space-y-2">
        <h2 id={headingId} className="break-all font-semibold text-xl">
          {app.appId}
        </h2>
        <p className="text-fg-muted text-sm">
          {users.length} {users.length === 1 ? 'user' : 'users'} and {groups.length} {groups.length === 1 ? 'group' : 'groups'} hold it
          directly.
        </p>
        {app.tabs.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-fg-muted">Opens:</span>
            {app.tabs.map((tab) => (
              <Pill key={tab.id} tone="blue" title={`Tab ${tab.id}`}>
                {tab.title}
              </Pill>
            ))}
          </div>
        ) : (
          <p className="text-fg-subtle text-sm">No portal tab needs this application (it is a platform right).</p>
        )}
      </header>

      {ordered.length === 0 ? (
        <EmptyState icon={KeyRound} title="Nobody holds this application">
          Grant it to a user or a group below.
        </EmptyState>
      ) : (
        <TableFrame label={`Holders of ${app.appId}`}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Holder
              </th>
              <th scope="col" className={thClass}>
                Kind
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {ordered.map((holder) => (
              <tr key={holder.grantId} className="hover:bg-surface">
                <td className={`${tdClass} max-w-80`}>
                  <span className="flex min-w-0 items-center gap-2">
                    {holder.groupId ? (
                      <UsersRound className="size-4 shrink-0 text-fg-subtle" aria-hidden />
                    ) : (
                      <UserRound className="size-4 shrink-0 text-fg-subtle" aria-hidden />
                    )}
                    <Truncated text={holderName(holder)} className="font-medium" />
                  </span>
                </td>
                <td className={tdClass}>{holder.groupId ? <Pill tone="blue">Group</Pill> : <Pill>User</Pill>}</td>
                <td className={`${tdClass} text-right`}>
                  <button
                    type="button"
                    onClick={() => void askRevoke(holder)}
                    disabled={revoke.isPending && revoke.variables?.grantId === holder.grantId}
                    className={rowButtonClass('danger')}
                    aria-label={`Revoke ${app.appId} from ${holderName(holder)}`}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      <GrantForm key={app.appId} app={app} onGranted={refresh} />
      {confirmDialog}
    </section>
  );
}

/** Tab 69 (super administrators): every application, who holds it, grant and revoke. */
export function ApplicationRightsApp(_props: AppProps) {
  const { isSuper, loading } = useAdminAccess();
  const [text, setText] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const apps = useQuery({ queryKey: adminKeys.applications, queryFn: listApplications, enabled: isSuper });

  const page = (children: ReactNode) => (
    <AdminPage
      title={APPLICATION_RIGHTS_TITLE}
      icon={KeyRound}
      description="Who holds each application, directly or through a group; grant and revoke."
    >
      {children}
    </AdminPage>
  );
  if (loading) return page(<LoadingBlock label="Loading applications..." />);
  if (!isSuper) return page(<SuperAdminOnly title={APPLICATION_RIGHTS_TITLE} />);
  if (apps.isPending) return page(<LoadingBlock label="Loading applications..." />);
  if (apps.isError)
    return page(<ErrorPanel error={apps.error} onRetry={() => void apps.refetch()} title="The applications could not be loaded" />);

  const needle = text.trim().toLowerCase();
  const visible = apps.data.filter(
    (app) =>
      !needle ||
      app.appId.toLowerCase().includes(needle) ||
      app.tabs.some((t) => t.title.toLowerCase().includes(needle)) ||
      app.holders.some((h) => holderName(h).toLowerCase().includes(needle)),
  );
  const families = [...new Set(visible.map((a) => familyOf(a.appId)))];
  const selected = apps.data.find((a) => a.appId === selectedId) ?? visible[0] ?? null;

  return page(
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="space-y-3 lg:sticky lg:top-4">
        <SearchBox label="Search applications" placeholder="Application, tab or holder" value={text} onChange={setText} />
        <p className="text-fg-subtle text-xs">
          {visible.length} of {apps.data.length} applications
        </p>
        {visible.length === 0 ? (
          <EmptyState icon={AppWindow} title="No application matches">
            Try another word.
          </EmptyState>
        ) : (
          <nav aria-label="Application list" className="max-h-[70vh] space-y-4 overflow-y-auto rounded-2xl border border-line bg-page p-2">
            {families.map((family) => (
              <div key={family}>
                <p className="px-2 pt-1 pb-1.5 font-semibold text-fg-subtle text-xs uppercase tracking-wide">{family}</p>
                <ul className="space-y-0.5">
                  {visible
                    .filter((a) => familyOf(a.appId) === family)
                    .map((app) => {
                      const active = selected?.appId === app.appId;
                      return (
                        <li key={app.appId}>
                          <button
                            type="button"
                            onClick={() => setSelectedId(app.appId)}
                            aria-current={active ? 'true' : undefined}
                            className={`flex w-full min-w-0 items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-left text-sm ${
                              active ? 'bg-surface-strong font-semibold' : 'hover:bg-surface'
                            }`}
                          >
                            <span className="truncate" title={app.appId}>
                              {app.appId.slice(family.length + 1) || app.appId}
                            </span>
                            <span
                              className="shrink-0 rounded-full bg-surface px-2 text-fg-muted text-xs tabular-nums"
                              title={`${app.holders.length} holders`}
                            >
                              {app.holders.length}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                </ul>
              </div>
            ))}
          </nav>
        )}
      </div>
      {selected ? <ApplicationDetail key={selected.appId} app={selected} /> : null}
    </div>,
  );
}
