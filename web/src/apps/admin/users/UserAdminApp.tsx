import { BUSINESS_UNITS } from '@hangar/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, Pencil, UserCheck, UserPlus, Users, UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import type { AppProps } from '../../registry';
import { useAdminAccess } from '../access';
import {
  type AdminUserView,
  adjustCredits,
  adminErrorText,
  adminKeys,
  createUser,
  listUsers,
  type NewUser,
  type UserListParams,
  type UserPatch,
  type UserSortKey,
  updateUser,
} from '../api';
import { useConfirm } from '../ui/Dialog';
import {
  AdminPage,
  ErrorPanel,
  Field,
  formatDate,
  formatNumber,
  Pager,
  Pill,
  SearchBox,
  SortHeader,
  type SortOrder,
  TableFrame,
  Truncated,
  tdClass,
  thClass,
  useDebounced,
} from '../ui/parts';
import { buttonClass, fieldClass, rowButtonClass } from '../ui/styles';
import { CreditsDialog, UserFormDialog } from './UserDialogs';

export const USER_TITLE = 'User';
const PAGE_SIZES = [25, 50, 100] as const;

type Editing = { kind: 'create' } | { kind: 'edit'; user: AdminUserView } | { kind: 'credits'; user: AdminUserView } | null;

function CreditCell({ user }: { user: AdminUserView }) {
  const pct = user.creditLimit > 0 ? Math.max(0, Math.min(1, user.remainingCredit / user.creditLimit)) : 0;
  const low = pct <= 0.2;
  return (
    <div className="min-w-32">
      <p className="text-sm tabular-nums">
        <span className="font-medium">{formatNumber(user.remainingCredit)}</span>
        <span className="text-fg-subtle"> / {formatNumber(user.creditLimit)}</span>
      </p>
      <div className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-surface-strong" aria-hidden>
        <div className={`h-full rounded-full ${low ? 'bg-red-600' : 'bg-emerald-600'}`} style={{ width: `${pct * 100}%` }} />
      </div>
    </div>
  );
}

/** Tab 70: search, sort and page users; create, edit, disable and adjust credits. */
export function UserAdminApp(_props: AppProps) {
  const access = useAdminAccess();
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const [text, setText] = useState('');
  const [bu, setBu] = useState('');
  const [sort, setSort] = useState<UserSortKey>('email');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(25);
  const [editing, setEditing] = useState<Editing>(null);
  const q = useDebounced(text.trim(), 300);

  // A new search or filter starts at the first page.
  const [lastFilter, setLastFilter] = useState({ q, bu, pageSize });
  if (lastFilter.q !== q || lastFilter.bu !== bu || lastFilter.pageSize !== pageSize) {
    setLastFilter({ q, bu, pageSize });
    setPage(1);
  }

  const params: UserListParams = { q: q || undefined, bu: bu || undefined, sort, order, page, pageSize };
  const list = useQuery({ queryKey: adminKeys.userList(params), queryFn: () => listUsers(params), placeholderData: keepPreviousData });

  const refreshUsers = () => queryClient.invalidateQueries({ queryKey: adminKeys.users });

  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatch }) => updateUser(id, patch),
    onSuccess: (user, { patch }) => {
      void refreshUsers();
      setEditing(null);
      if (patch.disabled === true) toast.success(`${user.email} is disabled and signed out.`);
      else if (patch.disabled === false) toast.success(`${user.email} can sign in again.`);
      else toast.success(`${user.email} is updated.`);
    },
    onError: (error, { patch }) => {
      // Disable/enable have no dialog to show the error in.
      if (patch.disabled !== undefined) toast.error(adminErrorText(error));
    },
  });
  const create = useMutation({
    mutationFn: (user: NewUser) => createUser(user),
    onSuccess: (user) => {
      void refreshUsers();
      setEditing(null);
      toast.success(`${user.email} is created.`);
    },
  });
  const credits = useMutation({
    mutationFn: ({ id, delta, reason }: { id: string; delta: number; reason: string }) => adjustCredits(id, delta, reason),
    onSuccess: (user) => {
      void refreshUsers();
      setEditing(null);
      toast.success(`${user.email} now has ${formatNumber(user.remainingCredit)} credits.`);
    },
  });

  async function toggleDisabled(user: AdminUserView) {
    if (!user.disabled) {
      const ok = await confirm({
        title: 'Disable this user?',
        body: (
          <>
            <span className="font-semibold text-fg">{user.email}</span> is signed out at once and cannot sign in until the account is
            enabled again.
          </>
        ),
        confirmLabel: 'Disable user',
      });
      if (!ok) return;
    }
    update.mutate({ id: user.id, patch: { disabled: !user.disabled } });
  }

  function onSort(column: UserSortKey, next: SortOrder) {
    setSort(column);
    setOrder(next);
    setPage(1);
  }

  function openDialog(next: Editing) {
    update.reset();
    create.reset();
    credits.reset();
    setEditing(next);
  }
  const closeDialog = () => openDialog(null);

  const data = list.data;
  const sortProps = { sort, order, onSort };

  return (
    <AdminPage
      title={USER_TITLE}
      icon={Users}
      description={
        access.isSuper
          ? 'Every user of the group: business unit, airport, account state and GenAI credits.'
          : `The users of your business unit${access.bu ? ` (${access.bu})` : ''}: account state and GenAI credits.`
      }
      actions={
        <button type="button" onClick={() => openDialog({ kind: 'create' })} className={buttonClass('primary')}>
          <UserPlus className="size-4" aria-hidden />
          New user
        </button>
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox label="Search users" placeholder="Search by email or name" value={text} onChange={setText} className="min-w-64 flex-1" />
        {access.isSuper ? (
          <Field label="Business unit" className="w-44">
            {(id) => (
              <select id={id} value={bu} onChange={(event) => setBu(event.target.value)} className={fieldClass}>
                <option value="">All business units</option>
                {BUSINESS_UNITS.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          access.bu && <Pill tone="blue">Business unit {access.bu}</Pill>
        )}
        <Field label="Per page" className="w-28">
          {(id) => (
            <select id={id} value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))} className={fieldClass}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      {list.isError && !data ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} title="The users could not be loaded" />
      ) : (
        <>
          {list.isError && <ErrorPanel error={list.error} onRetry={() => void list.refetch()} title="The list could not be refreshed" />}
          <TableFrame label="Users">
            <thead>
              <tr>
                <SortHeader label="Name" column="name" {...sortProps} />
                <SortHeader label="Email" column="email" {...sortProps} />
                <SortHeader label="BU" column="bu" {...sortProps} />
                <th scope="col" className={thClass}>
                  Airport
                </th>
                <SortHeader label="Credits" column="remainingCredit" {...sortProps} />
                <th scope="col" className={thClass}>
                  Status
                </th>
                <SortHeader label="Created" column="createdAt" {...sortProps} />
                <th scope="col" className={`${thClass} text-right`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody aria-busy={list.isFetching}>
              {!data ? (
                <tr>
                  <td colSpan={8} className={`${tdClass} py-10 text-center`}>
                    <Spinner label="Loading users..." />
                  </td>
                </tr>
              ) : data.users.length === 0 ? (
                <tr>
                  <td colSpan={8} className="p-4">
                    <EmptyState icon={Users} title={q || bu ? 'No user matches these filters' : 'No users yet'}>
                      {q || bu ? 'Try another search or business unit.' : 'Create the first user with the New user button.'}
                    </EmptyState>
                  </td>
                </tr>
              ) : (
                data.users.map((user) => (
                  <tr key={user.id} className={`hover:bg-surface ${user.disabled ? 'text-fg-muted' : ''}`}>
                    <td className={`${tdClass} max-w-48 font-medium`}>
                      <Truncated text={user.name} />
                    </td>
                    <td className={`${tdClass} max-w-64`}>
                      <Truncated text={user.email} />
                    </td>
                    <td className={tdClass}>{user.bu ?? <span className="text-fg-subtle">HQ</span>}</td>
                    <td className={tdClass}>{user.airport ?? <span className="text-fg-subtle">—</span>}</td>
                    <td className={tdClass}>
                      <CreditCell user={user} />
                    </td>
                    <td className={tdClass}>{user.disabled ? <Pill tone="red">Disabled</Pill> : <Pill tone="green">Active</Pill>}</td>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
                    <td className={`${tdClass} whitespace-nowrap text-right`}>
                      <button
                        type="button"
                        onClick={() => openDialog({ kind: 'edit', user })}
                        disabled={!user.can.edit}
                        className={rowButtonClass()}
                        aria-label={`Edit ${user.email}`}
                        title={user.can.edit ? 'Edit' : (user.can.why ?? 'Edit')}
                      >
                        <Pencil className="size-4" aria-hidden />
                      </button>
                      <button
                        type="button"
                        onClick={() => openDialog({ kind: 'credits', user })}
                        disabled={!user.can.credits}
                        className={rowButtonClass()}
                        aria-label={`Adjust credits of ${user.email}`}
                        title={user.can.credits ? 'Adjust credits' : (user.can.why ?? 'Adjust credits')}
                      >
                        <Coins className="size-4" aria-hidden />
                      </button>
                      <button
                        type="button"
                        onClick={() => void toggleDisabled(user)}
                        disabled={!user.can.disable || (update.isPending && update.variables?.id === user.id)}
                        className={rowButtonClass(user.disabled ? 'default' : 'danger')}
                        aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.email}`}
                        title={user.can.disable ? (user.disabled ? 'Enable' : 'Disable') : (user.can.why ?? '')}
                      >
                        {user.disabled ? <UserCheck className="size-3.5" aria-hidden /> : <UserX className="size-3.5" aria-hidden />}
                        {user.disabled ? 'Enable' : 'Disable'}
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
          {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} noun="users" />}
        </>
      )}

      {(editing?.kind === 'create' || editing?.kind === 'edit') && (
        <UserFormDialog
          user={editing.kind === 'edit' ? editing.user : null}
          lockedBu={access.isSuper ? null : access.bu}
          busy={create.isPending || update.isPending}
          error={editing.kind === 'edit' ? update.error : create.error}
          onCreate={(user) => create.mutate(user)}
          onUpdate={(id, patch) => update.mutate({ id, patch })}
          onClose={closeDialog}
        />
      )}
      {editing?.kind === 'credits' && (
        <CreditsDialog
          user={editing.user}
          busy={credits.isPending}
          error={credits.error}
          onSubmit={(delta, reason) => credits.mutate({ id: editing.user.id, delta, reason })}
          onClose={closeDialog}
        />
      )}
      {confirmDialog}
    </AdminPage>
  );
}
