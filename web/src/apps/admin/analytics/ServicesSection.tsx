import { SERVICE_GROUPS } from '@hangar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, LoaderCircle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { adminKeys, fetchServices, type Service } from '../api';
import { ErrorPanel, formatDateTime, LoadingBlock, Pill, Section, TableFrame, tdClass, thClass } from '../ui/parts';
import { buttonClass, cardClass } from '../ui/styles';

// Tab 74, Services (issue 33 item 6): what employees see as "not set up (ask your administrator)"
// is explained here: each engine, whether it is configured, whether it answers, and what to set.

const REACH = {
  yes: { tone: 'green', text: 'Answers' },
  no: { tone: 'red', text: 'Not answering' },
  unknown: { tone: 'neutral', text: 'Not checked' },
} as const;

function Settings({ service }: { service: Service }) {
  if (!service.settings.length && !service.install) return <span className="text-fg-subtle">Nothing to set</span>;
  return (
    <div className="space-y-1.5">
      {service.settings.length > 0 && (
        <ul className="space-y-1" aria-label={`Configuration keys of ${service.name}`}>
          {service.settings.map((s) => (
            <li key={s.key} className="flex flex-wrap items-center gap-1.5">
              {s.set ? (
                <CircleCheck className="size-3.5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-label="set" />
              ) : (
                <CircleX
                  className={`size-3.5 shrink-0 ${s.required ? 'text-red-600 dark:text-red-400' : 'text-fg-subtle'}`}
                  aria-label="not set"
                />
              )}
              <code className="rounded bg-surface-strong px-1.5 py-0.5 text-xs">{s.key}</code>
              <span className="text-fg-subtle text-xs">{s.required ? 'required' : 'optional'}</span>
            </li>
          ))}
        </ul>
      )}
      {service.install && (
        <p className="text-xs">
          Install: <code className="rounded bg-surface-strong px-1.5 py-0.5">{service.install}</code>
        </p>
      )}
      <p className="text-fg-subtle text-xs">See {service.docs}.</p>
    </div>
  );
}

function GroupTable({ group, services }: { group: string; services: Service[] }) {
  return (
    <TableFrame label={group}>
      <thead>
        <tr>
          <th scope="col" className={thClass}>
            Service
          </th>
          <th scope="col" className={thClass}>
            Configured
          </th>
          <th scope="col" className={thClass}>
            Reachable
          </th>
          <th scope="col" className={thClass}>
            What to set
          </th>
        </tr>
      </thead>
      <tbody>
        {services.map((s) => (
          <tr key={s.id} data-testid={`service-${s.id}`} className="align-top hover:bg-surface">
            <td className={`${tdClass} max-w-72 align-top`}>
              <p className="font-medium">{s.name}</p>
              <p className="text-fg-muted text-xs">{s.usedBy}</p>
            </td>
            <td className={`${tdClass} align-top`}>
              <Pill tone={s.configured ? 'green' : 'amber'}>{s.configured ? 'Yes' : 'No'}</Pill>
            </td>
            <td className={`${tdClass} max-w-72 align-top`}>
              <Pill tone={REACH[s.reachable].tone}>{REACH[s.reachable].text}</Pill>
              {s.detail && <p className="mt-1 text-fg-muted text-xs [overflow-wrap:anywhere]">{s.detail}</p>}
            </td>
            <td className={`${tdClass} align-top`}>
              <Settings service={s} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

/** Each engine the portal can use, by group, with a summary and a "Check again". */
export function ServicesSection() {
  const client = useQueryClient();
  const [checking, setChecking] = useState(false);
  const services = useQuery({ queryKey: adminKeys.services, queryFn: () => fetchServices(), staleTime: 15_000 });

  async function checkAgain() {
    setChecking(true);
    try {
      client.setQueryData(adminKeys.services, await fetchServices(true));
    } catch {
      await services.refetch();
    } finally {
      setChecking(false);
    }
  }

  if (services.isError && !services.data) {
    return <ErrorPanel error={services.error} onRetry={() => void services.refetch()} title="The services could not be checked" />;
  }
  if (!services.data) return <LoadingBlock label="Checking the services (a few seconds)..." />;
  const all = services.data.services;
  const configured = all.filter((s) => s.configured).length;
  const down = all.filter((s) => s.configured && s.reachable === 'no');
  return (
    <div className="space-y-6">
      <div className={`${cardClass} flex flex-wrap items-center justify-between gap-3 p-4`}>
        <div>
          <p className="font-semibold" data-testid="services-summary">
            {configured} of {all.length} services configured
            {down.length > 0 ? ` · ${down.length} not answering: ${down.map((s) => s.name).join(', ')}` : ' · every configured one answers'}
          </p>
          <p className="text-fg-muted text-sm">
            Checked {formatDateTime(services.data.checkedAt)}. A service counts as not answering after{' '}
            {(services.data.timeoutMs / 1000).toLocaleString('en')} s. Values are never shown, only whether each key is set.
          </p>
        </div>
        <button type="button" onClick={() => void checkAgain()} disabled={checking} className={buttonClass('secondary')}>
          {checking ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />}
          Check again
        </button>
      </div>
      {SERVICE_GROUPS.map((group) => {
        const inGroup = all.filter((s) => s.group === group);
        return inGroup.length ? (
          <Section key={group} title={group}>
            <GroupTable group={group} services={inGroup} />
          </Section>
        ) : null;
      })}
    </div>
  );
}
