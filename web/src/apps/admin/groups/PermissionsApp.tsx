import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Lock, Plus, Trash2, UserMinus, UserPlus, UsersRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '../../../ui/EmptyState';
import type { AppProps } from '../../registry';
import { useAdminAccess } from '../access';
import {
  type AdminUserView,
  addGroupMember,
  adminErrorText,
  adminKeys,
  createGroup,
  deleteGroup,
  type Group,
  listGroups,
  removeGroupMember,
} from '../api';
import { Dialog, useConfirm } from '../ui/Dialog';
import {
  AdminPage,
  ErrorPanel,
  Field,
  LoadingBlock,
  Pill,
  SearchBox,
  Section,
  SuperAdminOnly,
  TableFrame,
  Truncated,
  tdClass,
  thClass,
} from '../ui/parts';
import { buttonClass, cardClass, fieldClass, rowButtonClass } from '../ui/styles';
import { UserPicker } from '../ui/UserPicker';
import { DgPermissionsMap } from './DgPermissionsMap';

export const PERMISSIONS_TITLE = 'Permissions';

function NewGroupDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (name: string) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () => createGroup(name.trim(), description.trim()),
    onSuccess: () => onCreated(name.trim()),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim().length >= 2) create.mutate();
  }
  return (
    <Dialog title="New group" onClose={onClose} icon={<UsersRound className="size-5 shrink-0 text-brand dark:text-accent" aria-hidden />}>
      <form onSubmit={submit} className="space-y-4 px-6 py-5">
        <Field label="Name" hint="At least 2 characters; unique.">
          {(id) => (
            <input
              id={id}
              required
              minLength={2}
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={fieldClass}
            />
          )}
        </Field>
        <Field label="Description">
          {(id) => (
            <textarea
              id={id}
              rows={3}
              maxLength={500}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              className={`${fieldClass} resize-y`}
            />
          )}
        </Field>
        {create.isError && (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900 text-sm dark:border-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {adminErrorText(create.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonClass('secondary')}>
            Cancel
          </button>
          <button type="submit" disabled={name.trim().length < 2 || create.isPending} className={buttonClass('primary')}>
            {create.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            Create group
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function GroupDetail({ group, onDeleted }: { group: Group; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const [user, setUser] = useState<AdminUserView | null>(null);
  const headingId = useId();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.groups });
    void queryClient.invalidateQueries({ queryKey: adminKeys.applications });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'rights', 'user'] });
  };

  const addMember = useMutation({
    mutationFn: (u: AdminUserView) => addGroupMember(group.id, u.id),
    onSuccess: (_v, u) => {
      toast.success(`${u.email} added to ${group.name}.`);
      setUser(null);
      refresh();
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });
  const removeMember = useMutation({
    mutationFn: (member: Group['members'][number]) => removeGroupMember(group.id, member.id),
    onSuccess: (_v, member) => {
      toast.success(`${member.email} removed from ${group.name}.`);
      refresh();
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteGroup(group.id),
    onSuccess: () => {
      toast.success(`Group ${group.name} deleted.`);
      onDeleted();
      refresh();
      void queryClient.invalidateQueries({ queryKey: adminKeys.dg });
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });

  async function askDelete() {
    const ok = await confirm({
      title: `Delete group ${group.name}?`,
      body: (
        <>
          Its {group.members.length} {group.members.length === 1 ? 'member loses' : 'members lose'} what the group granted
          {group.apps.length ? ` (${group.apps.join(', ')})` : ''} and its data-governance permissions go too. This cannot be undone.
        </>
      ),
      confirmLabel: 'Delete group',
    });
    if (ok) remove.mutate();
  }

  async function askRemoveMember(member: Group['members'][number]) {
    const ok = await confirm({
      title: 'Remove this member?',
      body: (
        <>
          <span className="font-semibold text-fg">{member.email}</span> leaves {group.name} and loses what it grants.
        </>
      ),
      confirmLabel: 'Remove member',
    });
    if (ok) removeMember.mutate(member);
  }

  const isMember = Boolean(user && group.members.some((m) => m.id === user.id));
  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-5 p-5`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words font-semibold text-xl">
            {group.name}
          </h2>
          <p className="text-fg-muted text-sm">{group.description || 'No description.'}</p>
        </div>
        <button
          type="button"
          onClick={() => void askDelete()}
          disabled={remove.isPending}
          className={buttonClass('secondary', 'text-red-700 dark:text-red-300')}
        >
          {remove.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Trash2 className="size-4" aria-hidden />}
          Delete group
        </button>
      </header>
      <div className="space-y-2">
        <h3 className="font-semibold text-sm">Applications granted to the group</h3>
        {group.apps.length ? (
          <ul className="flex flex-wrap gap-1.5">
            {group.apps.map((app) => (
              <li key={app}>
                <Pill tone="blue" title={app}>
                  {app}
                </Pill>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-fg-subtle text-sm">None yet: grant applications to this group in Application Rights.</p>
        )}
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold text-sm">Members ({group.members.length})</h3>
        {group.members.length === 0 ? (
          <EmptyState icon={UsersRound} title="No members yet">
            Add users below.
          </EmptyState>
        ) : (
          <TableFrame label={`Members of ${group.name}`}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  Name
                </th>
                <th scope="col" className={thClass}>
                  Email
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {[...group.members]
                .sort((a, b) => a.email.localeCompare(b.email))
                .map((member) => (
                  <tr key={member.id} className="hover:bg-surface">
                    <td className={`${tdClass} max-w-48 font-medium`}>
                      <Truncated text={member.name} />
                    </td>
                    <td className={`${tdClass} max-w-64`}>
                      <Truncated text={member.email} />
                    </td>
                    <td className={`${tdClass} text-right`}>
                      <button
                        type="button"
                        onClick={() => void askRemoveMember(member)}
                        className={rowButtonClass('danger')}
                        aria-label={`Remove ${member.email} from ${group.name}`}
                      >
                        <UserMinus className="size-3.5" aria-hidden />
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
            </tbody>
          </TableFrame>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (user && !isMember) addMember.mutate(user);
          }}
          aria-label={`Add a member to ${group.name}`}
          className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface p-4"
        >
          <div className="min-w-64 flex-1">
            <UserPicker label="Add a member" selected={user} onSelect={setUser} />
          </div>
          <button type="submit" disabled={!user || isMember || addMember.isPending} className={buttonClass('primary')}>
            {addMember.isPending ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <UserPlus className="size-4" aria-hidden />
            )}
            Add
          </button>
          {isMember && <p className="w-full text-fg-muted text-sm">Already a member.</p>}
        </form>
      </div>
      {confirmDialog}
    </section>
  );
}

/** Tab 71 (super administrators): groups and their members, and the data-governance permission map. */
export function PermissionsApp(_props: AppProps) {
  const { isSuper, loading } = useAdminAccess();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const groups = useQuery({ queryKey: adminKeys.groups, queryFn: listGroups, enabled: isSuper });

  const newGroup = (
    <button type="button" onClick={() => setCreating(true)} className={buttonClass('primary')}>
      <Plus className="size-4" aria-hidden />
      New group
    </button>
  );
  const dialog = creating && (
    <NewGroupDialog
      onClose={() => setCreating(false)}
      onCreated={(name) => {
        setCreating(false);
        toast.success(`Group ${name} created.`);
        void queryClient.invalidateQueries({ queryKey: adminKeys.groups }).then(() => {
          const created = queryClient.getQueryData<Group[]>(adminKeys.groups)?.find((g) => g.name === name);
          if (created) setSelectedId(created.id);
        });
      }}
    />
  );

  const page = (children: ReactNode, actions?: ReactNode) => (
    <AdminPage
      title={PERMISSIONS_TITLE}
      icon={Lock}
      description="Groups, their members and applications, and who holds data governance per business unit."
      actions={actions}
    >
      {children}
      {dialog}
    </AdminPage>
  );
  if (loading) return page(<LoadingBlock label="Loading groups..." />, newGroup);
  if (!isSuper) return page(<SuperAdminOnly title={PERMISSIONS_TITLE} />);
  if (groups.isPending) return page(<LoadingBlock label="Loading groups..." />, newGroup);
  if (groups.isError)
    return page(<ErrorPanel error={groups.error} onRetry={() => void groups.refetch()} title="The groups could not be loaded" />, newGroup);

  const needle = text.trim().toLowerCase();
  const visible = groups.data.filter(
    (g) =>
      !needle ||
      g.name.toLowerCase().includes(needle) ||
      g.description.toLowerCase().includes(needle) ||
      g.members.some((m) => m.email.toLowerCase().includes(needle)),
  );
  const selected = groups.data.find((g) => g.id === selectedId) ?? visible[0] ?? null;

  return page(
    <>
      <Section title="Groups" description="Members of a group hold every application granted to it.">
        {groups.data.length === 0 ? (
          <EmptyState icon={UsersRound} title="No groups yet">
            Create a group, add members, then grant it applications in Application Rights.
          </EmptyState>
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
            <div className="space-y-3">
              <SearchBox label="Search groups" placeholder="Group, description or member" value={text} onChange={setText} />
              {visible.length === 0 ? (
                <EmptyState icon={UsersRound} title="No group matches" />
              ) : (
                <ul aria-label="Groups" className="max-h-[60vh] space-y-1 overflow-y-auto rounded-2xl border border-line bg-page p-2">
                  {visible.map((group) => {
                    const active = selected?.id === group.id;
                    return (
                      <li key={group.id}>
                        <button
                          type="button"
                          onClick={() => setSelectedId(group.id)}
                          aria-current={active ? 'true' : undefined}
                          className={`w-full rounded-lg px-3 py-2 text-left ${active ? 'bg-surface-strong' : 'hover:bg-surface'}`}
                        >
                          <span className="block truncate font-medium text-sm" title={group.name}>
                            {group.name}
                          </span>
                          <span className="block text-fg-muted text-xs">
                            {group.members.length} {group.members.length === 1 ? 'member' : 'members'} · {group.apps.length}{' '}
                            {group.apps.length === 1 ? 'application' : 'applications'}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
            {selected && <GroupDetail key={selected.id} group={selected} onDeleted={() => setSelectedId(null)} />}
          </div>
        )}
      </Section>
      <DgPermissionsMap groups={groups.data} />
    </>,
    newGroup,
  );
}
