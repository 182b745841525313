import type { Stage, StageStatus } from '@hangar/contract';
import { STAGE_DOT, STAGE_TEXT } from './styles';

const STAGE_LABELS: Record<Stage, string> = {
  loaded: 'Loaded',
  checkfile: 'File check',
  checkKpis: 'KPI check',
  processed: 'Processed',
};

export function StatusDot({ status, label }: { status: StageStatus; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-xs" title={`${label}: ${status}`}>
      <span className={`size-2.5 shrink-0 rounded-full ${STAGE_DOT[status]}`} aria-hidden />
      <span className={STAGE_TEXT[status]}>{label}</span>
      <span className="sr-only">: {status}</span>
    </span>
  );
}

/** One dot per stage the use case runs, in order. */
export function StageDots({ stages, status }: { stages: readonly Stage[]; status: Partial<Record<Stage, StageStatus>> }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Stages">
      {stages.map((stage) => (
        <li key={stage} data-stage={stage} data-status={status[stage] ?? 'pending'}>
          <StatusDot status={status[stage] ?? 'pending'} label={STAGE_LABELS[stage]} />
        </li>
      ))}
    </ul>
  );
}
