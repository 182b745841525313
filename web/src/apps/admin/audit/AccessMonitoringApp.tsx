import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Activity, ChevronDown, ChevronRight, Download, FilterX, LoaderCircle, ScrollText } from 'lucide-react';
import { type FormEvent, Fragment, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import type { AppProps } from '../../registry';
import { useAdminAccess } from '../access';
import { type AuditEntry, type AuditFilters, adminErrorText, adminKeys, exportAudit, listAudit } from '../api';
import { AdminPage, ErrorPanel, Field, formatDateTime, Pager, Pill, TableFrame, Truncated, tdClass, thClass } from '../ui/parts';
import { buttonClass, fieldClass, rowButtonClass } from '../ui/styles';

export const ACCESS_MONITORING_TITLE = 'Access Monitoring';
const PAGE_SIZE = 50;

/** The actions the server records, grouped for the filter. The server matches an action by prefix. */
export const AUDIT_ACTIONS: readonly { group: string; prefix: string; actions: readonly string[] }[] = [
  {
    group: 'Authentication',
    prefix: 'auth.',
    actions: ['auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'auth.refresh_reuse', 'auth.user_provisioned'],
  },
  { group: 'Access', prefix: 'access.', actions: ['access.denied'] },
  { group: 'Files', prefix: 'file.', actions: ['file.read', 'file.denied'] },
  { group: 'Refusals', prefix: '', actions: ['outbound.refused', 'upload.rejected', 'quota.upload_exceeded', 'quota.credit_refused'] },
  { group: 'Changes', prefix: '', actions: ['permission.change', 'credit.change'] },
];

interface Draft {
  user: string;
  action: string;
  from: string;
  to: string;
}
const EMPTY: Draft = { user: '', action: '', from: '', to: '' };

/** The server records success, failure or denied. */
function outcomeTone(entry: AuditEntry): 'green' | 'red' | 'amber' | 'neutral' {
  if (entry.outcome === 'denied') return 'red';
  if (entry.outcome === 'failure') return 'amber';
  if (entry.outcome === 'success') return 'green';
  return 'neutral';
}

function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <p className="text-fg-subtle text-sm">No details recorded.</p>;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {entries.map(([key, value]) => (
        <Fragment key={key}>
          <dt className="font-medium text-fg-muted">{key}</dt>
          <dd className="min-w-0 break-words font-mono text-xs">{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Tab 72: the audit log, filtered by actor, action and day, paged, with a CSV export of the filtered log. */
export function AccessMonitoringApp(_props: AppProps) {
  const access = useAdminAccess();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<Draft>(EMPTY);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);

  const filters: AuditFilters = { ...applied, page, pageSize: PAGE_SIZE };
  const log = useQuery({ queryKey: adminKeys.audit(filters), queryFn: () => listAudit(filters), placeholderData: keepPreviousData });
  const download = useMutation({
    mutationFn: () => exportAudit(applied),
    onSuccess: () => toast.success('hangar-audit.csv is downloading.'),
    onError: (error) => toast.error(adminErrorText(error)),
  });

  const datesInverted = Boolean(draft.from && draft.to && draft.from > draft.to);
  function apply(event: FormEvent) {
    event.preventDefault();
    if (datesInverted) return;
    setApplied({ user: draft.user.trim(), action: draft.action, from: draft.from, to: draft.to });
    setPage(1);
    setOpen(null);
  }
  function reset() {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  }
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const filtered = Object.values(applied).some(Boolean);
  const data = log.data;

  return (
    <AdminPage
      title={ACCESS_MONITORING_TITLE}
      icon={Activity}
      description={`Sign-ins, denied access, file reads, permission and credit changes${access.isSuper ? '' : ' of your business unit'}, newest first.`}
      actions={
        <button type="button" onClick={() => download.mutate()} disabled={download.isPending} className={buttonClass('secondary')}>
          {download.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
          Export CSV
        </button>
      }
    >
      <form
        onSubmit={apply}
        aria-label="Audit filters"
        className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[1.4fr_1.2fr_1fr_1fr_auto]"
      >
        <Field label="User">
          {(id) => (
            <input
              id={id}
              type="search"
              value={draft.user}
              onChange={(event) => set('user')(event.target.value)}
              placeholder="Email contains..."
              className={fieldClass}
            />
          )}
        </Field>
        <Field label="Action">
          {(id) => (
            <select id={id} value={draft.action} onChange={(event) => set('action')(event.target.value)} className={fieldClass}>
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((group) => (
                <optgroup key={group.group} label={group.group}>
                  {group.prefix && group.actions.length > 1 && <option value={group.prefix}>All {group.group.toLowerCase()} events</option>}
                  {group.actions.map((action) => (
                    <option key={action} value={action}>
                      {action}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        <Field label="From">
          {(id) => (
            <input
              id={id}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => set('from')(event.target.value)}
              className={fieldClass}
            />
          )}
        </Field>
        <Field label="To">
          {(id) => (
            <input
              id={id}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => set('to')(event.target.value)}
              className={fieldClass}
            />
          )}
        </Field>
        <div className="flex items-end gap-2">
          <button type="submit" disabled={datesInverted} className={buttonClass('primary')}>
            Apply filters
          </button>
          <button type="button" onClick={reset} className={buttonClass('ghost', 'py-2')} aria-label="Clear filters" title="Clear filters">
            <FilterX className="size-4" aria-hidden />
          </button>
        </div>
        {datesInverted && (
          <p role="alert" className="text-red-700 text-sm sm:col-span-2 lg:col-span-5 dark:text-red-300">
            “From” must be on or before “To”.
          </p>
        )}
      </form>

      {log.isError && !data ? (
        <ErrorPanel error={log.error} onRetry={() => void log.refetch()} title="The audit log could not be loaded" />
      ) : (
        <>
          {log.isError && <ErrorPanel error={log.error} onRetry={() => void log.refetch()} title="The audit log could not be refreshed" />}
          <TableFrame label="Audit log">
            <thead>
              <tr>
                <th scope="col" className={`${thClass} w-8`}>
                  <span className="sr-only">Details</span>
                </th>
                <th scope="col" className={thClass}>
                  When
                </th>
                <th scope="col" className={thClass}>
                  Actor
                </th>
                <th scope="col" className={thClass}>
                  Action
                </th>
                <th scope="col" className={thClass}>
                  Target
                </th>
                <th scope="col" className={thClass}>
                  Outcome
                </th>
                <th scope="col" className={thClass}>
                  IP
                </th>
              </tr>
            </thead>
            <tbody aria-busy={log.isFetching}>
              {!data ? (
                <tr>
                  <td colSpan={7} className={`${tdClass} py-10 text-center`}>
                    <Spinner label="Loading the audit log..." />
                  </td>
                </tr>
              ) : data.entries.length === 0 ? (
                <tr>
                  <td colSpan={7} className="p-4">
                    <EmptyState icon={ScrollText} title={filtered ? 'No event matches these filters' : 'No events recorded yet'}>
                      {filtered ? 'Widen the period or clear a filter.' : 'Sign-ins and changes appear here as they happen.'}
                    </EmptyState>
                  </td>
                </tr>
              ) : (
                data.entries.map((entry) => {
                  const expanded = open === entry.id;
                  return (
                    <Fragment key={entry.id}>
                      <tr className="hover:bg-surface">
                        <td className={`${tdClass} w-8 pr-0`}>
                          <button
                            type="button"
                            onClick={() => setOpen(expanded ? null : entry.id)}
                            aria-expanded={expanded}
                            aria-label={`${expanded ? 'Hide' : 'Show'} details of event ${entry.id}`}
                            className={rowButtonClass()}
                          >
                            {expanded ? <ChevronDown className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
                          </button>
                        </td>
                        <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatDateTime(entry.at)}</td>
                        <td className={`${tdClass} max-w-56`}>
                          {entry.actorEmail ? <Truncated text={entry.actorEmail} /> : <span className="text-fg-subtle">system</span>}
                        </td>
                        <td className={`${tdClass} whitespace-nowrap font-mono text-xs`}>{entry.action}</td>
                        <td className={`${tdClass} max-w-56`}>
                          {entry.target ? <Truncated text={entry.target} /> : <span className="text-fg-subtle">—</span>}
                        </td>
                        <td className={tdClass}>
                          <Pill tone={outcomeTone(entry)}>{entry.outcome}</Pill>
                        </td>
                        <td className={`${tdClass} whitespace-nowrap font-mono text-xs`}>{entry.ip ?? '—'}</td>
                      </tr>
                      {expanded && (
                        <tr className="bg-surface">
                          <td />
                          <td colSpan={6} className={`${tdClass} pt-2`}>
                            <Details details={entry.details} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })
              )}
            </tbody>
          </TableFrame>
          {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} noun="events" />}
        </>
      )}
    </AdminPage>
  );
}
