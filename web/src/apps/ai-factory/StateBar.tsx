import type { AiFactoryState } from '@hangar/contract';
import { AlertTriangle, CircleDot, Loader2, Moon } from 'lucide-react';

export type BarState = AiFactoryState | 'starting';

const LOOK: Record<BarState, { label: string; className: string }> = {
  starting: { label: 'Starting', className: 'bg-surface text-fg-muted' },
  running: { label: 'Running', className: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' },
  sleeping: { label: 'Sleeping', className: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  down: { label: 'Down', className: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' },
  not_deployed: { label: 'Not deployed', className: 'bg-surface text-fg-muted' },
};

/** The line above an AI Factory app: its state, why it is not running, and the wake button when it sleeps. */
export function StateBar(props: { title: string; state: BarState; reason: string | null; onWake?: () => void; waking?: boolean }) {
  const look = LOOK[props.state];
  const Icon =
    props.state === 'starting' ? Loader2 : props.state === 'sleeping' ? Moon : props.state === 'running' ? CircleDot : AlertTriangle;
  return (
    <output aria-live="polite" className={`flex min-h-10 items-center gap-3 border-line border-b px-4 py-2 text-sm ${look.className}`}>
      <Icon className={`size-4 shrink-0 ${props.state === 'starting' ? 'animate-spin' : ''}`} aria-hidden />
      <span className="shrink-0 whitespace-nowrap font-medium">
        {props.title}: {look.label}
      </span>
      {props.reason && props.state !== 'running' && props.state !== 'not_deployed' && (
        <span className="min-w-0 truncate" title={props.reason}>
          {props.reason}
        </span>
      )}
      {props.state === 'sleeping' && props.onWake && (
        <button
          type="button"
          onClick={props.onWake}
          disabled={props.waking}
          className="ml-auto shrink-0 rounded-lg bg-brand px-3 py-1 font-medium text-white disabled:opacity-60 dark:bg-accent dark:text-page"
        >
          {props.waking ? 'Waking…' : 'Wake'}
        </button>
      )}
    </output>
  );
}
