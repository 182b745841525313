import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Check, Coins, History, Inbox, KeyRound, LoaderCircle, RotateCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { creditQueryKeys } from '../../../api/credits';
import { EmptyState } from '../../../ui/EmptyState';
import type { AppProps } from '../../registry';
import { useAdminAccess } from '../access';
import {
  type AccessRequest,
  AdminApiError,
  adminErrorText,
  adminKeys,
  type CreditRequest,
  type DecisionInput,
  decideAccessRequest,
  decideCreditRequest,
  listAccessRequests,
  listCreditRequests,
} from '../api';
import {
  AdminPage,
  ErrorPanel,
  formatDateTime,
  formatNumber,
  LoadingBlock,
  Pill,
  SearchBox,
  Section,
  TableFrame,
  Truncated,
  tdClass,
  thClass,
} from '../ui/parts';
import { buttonClass, cardClass, fieldClass } from '../ui/styles';
import { BADGE_TITLES } from './AdminBadges';
import { COUNTS_POLL_MS } from './useAdminNotificationCounts';

export const NOTIFICATIONS_TITLE = 'Notifications';

type Kind = 'credit' | 'access';

/** A credit or an access request, in the one shape this screen lists. */
interface RequestItem {
  kind: Kind;
  id: string;
  askedBy: string;
  askedByName: string;
  bu: string | null;
  what: string;
  message: string | null;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
  comment: string | null;
  /** Whether the signed-in admin may decide it, as the server says, and why not. */
  can: { decide: boolean; why: string | null };
}

const fromCredit = (r: CreditRequest): RequestItem => ({
  kind: 'credit',
  id: r.id,
  askedBy: r.askedBy,
  askedByName: r.askedByName,
  bu: r.bu,
  what: `${formatNumber(r.creditAsked)} GenAI credits`,
  message: r.message,
  status: r.status,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
  comment: r.comment,
  can: r.can,
});

const fromAccess = (r: AccessRequest): RequestItem => ({
  kind: 'access',
  id: r.id,
  askedBy: r.askedBy,
  askedByName: r.askedByName,
  bu: r.userBu,
  what: r.bu ? `${r.appId} for ${r.bu}` : r.appId,
  message: r.message,
  status: r.status,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
  comment: r.comment,
  can: r.can,
});

const KIND_LABEL: Record<Kind, string> = { credit: 'Credit request', access: 'Access request' };

function KindIcon({ kind }: { kind: Kind }) {
  const Icon = kind === 'credit' ? Coins : KeyRound;
  return (
    <span
      className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-strong text-brand dark:text-accent"
      title={KIND_LABEL[kind]}
    >
      <Icon className="size-4.5" aria-hidden />
    </span>
  );
}

function PendingCard({
  item,
  busy,
  onDecide,
}: {
  item: RequestItem;
  busy: DecisionInput['decision'] | null;
  onDecide: (input: DecisionInput) => void;
}) {
  const [comment, setComment] = useState('');
  const commentId = useId();
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-4 p-4 lg:flex-row lg:items-start`}>
      <div className="flex min-w-0 flex-1 gap-3">
        <KindIcon kind={item.kind} />
        <div className="min-w-0 flex-1 space-y-1">
          <p id={titleId} className="font-semibold">
            {item.what}
          </p>
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-fg-muted text-sm">
            <span className="font-medium text-fg">{item.askedByName}</span>
            <Truncated text={item.askedBy} className="max-w-64" />
            {item.bu && <Pill tone="blue">{item.bu}</Pill>}
          </p>
          <p className="text-fg-subtle text-xs">
            {KIND_LABEL[item.kind]} · asked {formatDateTime(item.createdAt)}
          </p>
          {item.message && (
            <blockquote className="mt-2 border-line border-l-2 pl-3 text-fg-muted text-sm italic">{item.message}</blockquote>
          )}
        </div>
      </div>
      <div className="flex w-full flex-col gap-2 lg:w-80">
        <label htmlFor={commentId} className="font-medium text-sm">
          Comment (optional)
        </label>
        <textarea
          id={commentId}
          rows={2}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder="Sent to the requester with your decision"
          className={`${fieldClass} resize-y`}
          disabled={!item.can.decide}
        />
        {!item.can.decide && item.can.why && <p className="text-fg-muted text-sm">{item.can.why}</p>}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            disabled={busy !== null || !item.can.decide}
            onClick={() => onDecide({ decision: 'reject', comment })}
            className={buttonClass('secondary', 'text-red-700 dark:text-red-300')}
            aria-label={`Reject the request of ${item.askedBy} for ${item.what}`}
          >
            {busy === 'reject' ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <X className="size-4" aria-hidden />}
            Reject
          </button>
          <button
            type="button"
            disabled={busy !== null || !item.can.decide}
            onClick={() => onDecide({ decision: 'approve', comment })}
            className={buttonClass('success')}
            aria-label={`Approve the request of ${item.askedBy} for ${item.what}`}
          >
            {busy === 'approve' ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Check className="size-4" aria-hidden />}
            Approve
          </button>
        </div>
      </div>
    </li>
  );
}

type KindFilter = 'all' | Kind;
const FILTERS: readonly { value: KindFilter; label: string }[] = [
  { value: 'all', label: 'All requests' },
  { value: 'credit', label: 'Credit requests' },
  { value: 'access', label: 'Access requests' },
];

const byCreatedAsc = (a: RequestItem, b: RequestItem) => a.createdAt.localeCompare(b.createdAt);
const byDecidedDesc = (a: RequestItem, b: RequestItem) => (b.decidedAt ?? b.createdAt).localeCompare(a.decidedAt ?? a.createdAt);

/** Tab 73: credit and access requests; pending ones first (oldest first) with approve/reject, then the history. */
export function NotificationsApp(_props: AppProps) {
  const access = useAdminAccess();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<KindFilter>('all');
  const [text, setText] = useState('');
  const [historyLimit, setHistoryLimit] = useState(25);

  const live = { refetchInterval: COUNTS_POLL_MS, refetchOnWindowFocus: true } as const;
  const credits = useQuery({ queryKey: adminKeys.creditRequests, queryFn: listCreditRequests, ...live });
  const accesses = useQuery({ queryKey: adminKeys.accessRequests, queryFn: listAccessRequests, ...live });

  const decide = useMutation({
    mutationFn: async ({ item, input }: { item: RequestItem; input: DecisionInput }) =>
      item.kind === 'credit'
        ? fromCredit(await decideCreditRequest(item.id, input))
        : fromAccess(await decideAccessRequest(item.id, input)),
    onSuccess: (decided, { item }) => {
      // The decided request leaves "Pending" at once; the lists and the badges are then re-read.
      if (item.kind === 'credit') {
        queryClient.setQueryData<CreditRequest[]>(adminKeys.creditRequests, (old) =>
          old?.map((r) =>
            r.id === decided.id ? { ...r, status: decided.status, decidedAt: decided.decidedAt, comment: decided.comment } : r,
          ),
        );
        // An approval may have credited the signed-in admin themselves.
        void queryClient.invalidateQueries({ queryKey: creditQueryKeys.all });
      } else {
        queryClient.setQueryData<AccessRequest[]>(adminKeys.accessRequests, (old) =>
          old?.map((r) =>
            r.id === decided.id ? { ...r, status: decided.status, decidedAt: decided.decidedAt, comment: decided.comment } : r,
          ),
        );
      }
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts });
      toast.success(`${decided.status === 'approved' ? 'Approved' : 'Rejected'}: ${item.what} for ${item.askedBy}.`);
    },
    onError: (error, { item }) => {
      toast.error(adminErrorText(error));
      // 409: someone decided it first; re-read to show their decision.
      if (error instanceof AdminApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: item.kind === 'credit' ? adminKeys.creditRequests : adminKeys.accessRequests });
        void queryClient.invalidateQueries({ queryKey: adminKeys.counts });
      }
    },
  });

  const needle = text.trim().toLowerCase();
  const items = [...(credits.data ?? []).map(fromCredit), ...(accesses.data ?? []).map(fromAccess)].filter(
    (item) =>
      (filter === 'all' || item.kind === filter) &&
      (!needle || `${item.askedBy} ${item.askedByName} ${item.what}`.toLowerCase().includes(needle)),
  );
  const pending = items.filter((i) => i.status === 'pending').sort(byCreatedAsc);
  const decided = items.filter((i) => i.status !== 'pending').sort(byDecidedDesc);
  const pendingOf = (kind: Kind) =>
    new Set(
      [...(kind === 'credit' ? (credits.data ?? []) : (accesses.data ?? []))].filter((r) => r.status === 'pending').map((r) => r.askedBy),
    ).size;

  const loading = credits.isPending || accesses.isPending;
  const busyFor = (item: RequestItem) =>
    decide.isPending && decide.variables?.item.id === item.id && decide.variables.item.kind === item.kind
      ? decide.variables.input.decision
      : null;

  return (
    <AdminPage
      title={NOTIFICATIONS_TITLE}
      icon={Bell}
      description={`Credit and access requests${access.isSuper ? '' : ' from your business unit'} waiting for a decision, then the decided ones.`}
      actions={
        <button
          type="button"
          onClick={() => {
            void credits.refetch();
            void accesses.refetch();
            void queryClient.invalidateQueries({ queryKey: adminKeys.counts });
          }}
          className={buttonClass('secondary')}
        >
          <RotateCw className={`size-4 ${credits.isFetching || accesses.isFetching ? 'animate-spin' : ''}`} aria-hidden />
          Refresh
        </button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {(['credit', 'access'] as const).map((kind) => (
          <div key={kind} className={`${cardClass} flex items-center gap-3 p-4`}>
            <KindIcon kind={kind} />
            <div>
              <p className="text-fg-muted text-sm">{kind === 'credit' ? BADGE_TITLES.ai : BADGE_TITLES.permissions}</p>
              <p className="font-semibold text-xl tabular-nums">
                {loading ? '…' : pendingOf(kind)}{' '}
                <span className="font-normal text-fg-subtle text-sm">
                  {!loading && pendingOf(kind) === 1 ? 'user waiting' : 'users waiting'}
                </span>
              </p>
            </div>
          </div>
        ))}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex rounded-xl border border-line bg-surface p-1">
          <legend className="sr-only">Kind of request</legend>
          {FILTERS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
              className={`rounded-lg px-3 py-1.5 font-medium text-sm transition ${
                filter === option.value ? 'bg-page text-fg shadow-sm' : 'text-fg-muted hover:text-fg'
              }`}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
        <SearchBox
          label="Search requests"
          placeholder="Search by requester or application"
          value={text}
          onChange={setText}
          className="min-w-64 flex-1"
        />
      </div>

      {credits.isError && (
        <ErrorPanel error={credits.error} onRetry={() => void credits.refetch()} title="Credit requests could not be loaded" />
      )}
      {accesses.isError && (
        <ErrorPanel error={accesses.error} onRetry={() => void accesses.refetch()} title="Access requests could not be loaded" />
      )}

      <Section
        title={`Pending (${pending.length})`}
        description="Oldest first. Approving a credit request adds the credits; approving an access request grants the application."
      >
        {loading ? (
          <LoadingBlock label="Loading requests..." />
        ) : pending.length === 0 ? (
          <EmptyState icon={Inbox} title="Nothing waiting">
            {needle || filter !== 'all'
              ? 'No pending request matches this filter.'
              : 'Every request has been decided. New ones appear here within a minute.'}
          </EmptyState>
        ) : (
          <ul aria-label="Pending requests" className="space-y-3">
            {pending.map((item) => (
              <PendingCard
                key={`${item.kind}-${item.id}`}
                item={item}
                busy={busyFor(item)}
                onDecide={(input) => decide.mutate({ item, input })}
              />
            ))}
          </ul>
        )}
      </Section>

      <Section title="History" description="Decided requests, most recent decision first.">
        {loading ? null : decided.length === 0 ? (
          <EmptyState icon={History} title="No decided requests yet" />
        ) : (
          <>
            <TableFrame label="Decided requests">
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    Decided
                  </th>
                  <th scope="col" className={thClass}>
                    Requester
                  </th>
                  <th scope="col" className={thClass}>
                    Request
                  </th>
                  <th scope="col" className={thClass}>
                    Decision
                  </th>
                  <th scope="col" className={thClass}>
                    Comment
                  </th>
                </tr>
              </thead>
              <tbody>
                {decided.slice(0, historyLimit).map((item) => (
                  <tr key={`${item.kind}-${item.id}`} className="hover:bg-surface">
                    <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatDateTime(item.decidedAt)}</td>
                    <td className={`${tdClass} max-w-60`}>
                      <Truncated text={item.askedByName} className="font-medium" />
                      <Truncated text={item.askedBy} className="text-fg-muted text-xs" />
                    </td>
                    <td className={`${tdClass} max-w-72`}>
                      <Truncated text={item.what} />
                      <span className="text-fg-subtle text-xs">{KIND_LABEL[item.kind]}</span>
                    </td>
                    <td className={tdClass}>
                      <Pill tone={item.status === 'approved' ? 'green' : 'red'}>
                        {item.status === 'approved' ? 'Approved' : 'Rejected'}
                      </Pill>
                    </td>
                    <td className={`${tdClass} max-w-72 text-fg-muted`}>{item.comment ? <Truncated text={item.comment} /> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
            {decided.length > historyLimit && (
              <div className="flex justify-center">
                <button type="button" onClick={() => setHistoryLimit((n) => n + 25)} className={buttonClass('secondary')}>
                  Show more ({decided.length - historyLimit} left)
                </button>
              </div>
            )}
          </>
        )}
      </Section>
    </AdminPage>
  );
}
