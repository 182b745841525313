import { BUSINESS_UNITS } from '@hangar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Plus, ShieldCheck, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '../../../ui/EmptyState';
import {
  addDgPermission,
  adminErrorText,
  adminKeys,
  type DgEntry,
  type DgPermissionInput,
  type Group,
  listDgPermissions,
  removeDgPermission,
} from '../api';
import { useConfirm } from '../ui/Dialog';
import { ErrorPanel, Field, LoadingBlock, Section, TableFrame, tdClass, thClass } from '../ui/parts';
import { buttonClass, fieldClass } from '../ui/styles';

export const DG_USE_CASES = ['Traffic', 'Finance', 'Retail', 'Communication', 'Carparks', 'Ops', 'HR'] as const;
export const DG_AREAS = ['Quality', 'Ingestion', 'Referentiel', 'Lineage'] as const;

/** The data-governance permission map as a matrix per BU: use cases × areas, each cell listing its groups. */
export function DgPermissionsMap({ groups }: { groups: readonly Group[] }) {
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const [bu, setBu] = useState<string>(BUSINESS_UNITS[0]);
  const [groupId, setGroupId] = useState('');
  const [useCase, setUseCase] = useState<string>(DG_USE_CASES[0]);
  const [area, setArea] = useState<string>(DG_AREAS[0]);
  const map = useQuery({ queryKey: adminKeys.dg, queryFn: listDgPermissions });

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.dg });
  const add = useMutation({
    mutationFn: (entry: DgPermissionInput) => addDgPermission(entry),
    onSuccess: (_v, entry) => {
      toast.success(`${entry.appName} given to ${groups.find((g) => g.id === entry.groupId)?.name ?? 'the group'} for ${entry.bu}.`);
      void refresh();
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });
  const remove = useMutation({
    mutationFn: (entry: DgPermissionInput) => removeDgPermission(entry),
    onSuccess: (_v, entry) => {
      toast.success(`${entry.appName} taken from the group for ${entry.bu}.`);
      void refresh();
    },
    onError: (error) => toast.error(adminErrorText(error)),
  });

  async function askRemove(entry: DgEntry) {
    const ok = await confirm({
      title: `Remove ${entry.appName}?`,
      body: (
        <>
          Group <span className="font-semibold text-fg">{entry.group}</span> loses{' '}
          <span className="font-semibold text-fg">{entry.appName}</span> for {entry.bu}.
        </>
      ),
      confirmLabel: 'Remove',
    });
    if (ok) remove.mutate({ bu: entry.bu, groupId: entry.groupId, appName: entry.appName });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (groupId) add.mutate({ bu, groupId, appName: `${useCase}/${area}` });
  }

  const entries = map.data ?? [];
  const ofBu = entries.filter((e) => e.bu === bu);
  const appName = `${useCase}/${area}`;
  const exists = ofBu.some((e) => e.groupId === groupId && e.appName === appName);

  return (
    <Section
      title="Data-governance permissions"
      description="Per business unit, which groups hold each data-governance application (use case × area)."
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Business unit</legend>
        {BUSINESS_UNITS.map((value) => {
          const count = entries.filter((e) => e.bu === value).length;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={bu === value}
              onClick={() => setBu(value)}
              className={`flex items-center gap-2 rounded-xl border px-4 py-2 font-medium text-sm transition ${
                bu === value ? 'border-accent bg-brand text-white dark:bg-surface-strong dark:text-fg' : 'border-line hover:bg-surface'
              }`}
            >
              {value}
              <span className={`rounded-full px-1.5 text-xs tabular-nums ${bu === value ? 'bg-white/20' : 'bg-surface-strong'}`}>
                {count}
              </span>
            </button>
          );
        })}
      </fieldset>

      {map.isPending ? (
        <LoadingBlock label="Loading the permission map..." />
      ) : map.isError ? (
        <ErrorPanel error={map.error} onRetry={() => void map.refetch()} title="The permission map could not be loaded" />
      ) : (
        <TableFrame label={`Data-governance permissions of ${bu}`}>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                Use case
              </th>
              {DG_AREAS.map((a) => (
                <th key={a} scope="col" className={thClass}>
                  {a}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DG_USE_CASES.map((uc) => (
              <tr key={uc}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {uc}
                </th>
                {DG_AREAS.map((a) => {
                  const cell = ofBu.filter((e) => e.appName === `${uc}/${a}`);
                  return (
                    <td key={a} className={`${tdClass} align-top`}>
                      {cell.length === 0 ? (
                        <span className="text-fg-subtle" title="No group">
                          —
                        </span>
                      ) : (
                        <ul className="flex flex-wrap gap-1.5">
                          {cell.map((entry) => (
                            <li
                              key={entry.groupId}
                              className="inline-flex max-w-48 items-center gap-1 rounded-full bg-brand-soft py-0.5 pr-1 pl-2.5 text-brand text-xs dark:bg-surface-strong dark:text-fg"
                            >
                              <span className="truncate" title={entry.group}>
                                {entry.group}
                              </span>
                              <button
                                type="button"
                                onClick={() => void askRemove(entry)}
                                aria-label={`Remove ${entry.appName} from ${entry.group} for ${entry.bu}`}
                                title="Remove"
                                className="rounded-full p-0.5 hover:bg-black/10 dark:hover:bg-white/10"
                              >
                                <X className="size-3" aria-hidden />
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}

      {groups.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="Create a group first">
          Data-governance applications are given to groups.
        </EmptyState>
      ) : (
        <form
          onSubmit={submit}
          aria-label="Give a data-governance application"
          className="grid items-end gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[8rem_1fr_1fr_1fr_auto]"
        >
          <Field label="BU">
            {(id) => (
              <select id={id} value={bu} onChange={(event) => setBu(event.target.value)} className={fieldClass}>
                {BUSINESS_UNITS.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Group">
            {(id) => (
              <select id={id} value={groupId} onChange={(event) => setGroupId(event.target.value)} className={fieldClass}>
                <option value="">Choose a group</option>
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Use case">
            {(id) => (
              <select id={id} value={useCase} onChange={(event) => setUseCase(event.target.value)} className={fieldClass}>
                {DG_USE_CASES.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Area">
            {(id) => (
              <select id={id} value={area} onChange={(event) => setArea(event.target.value)} className={fieldClass}>
                {DG_AREAS.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="submit"
            disabled={!groupId || exists || add.isPending}
            className={buttonClass('primary')}
            title={exists ? 'Already given' : undefined}
          >
            {add.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Plus className="size-4" aria-hidden />}
            Give {appName}
          </button>
        </form>
      )}
      {confirmDialog}
    </Section>
  );
}
