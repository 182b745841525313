import type { WidgetData } from '@hangar/contract';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { KpiLinks } from '../analytics';
import { DASHBOARD_TEXTS as T } from './texts';

/**
 * "Where do these numbers come from": the KPI definitions, the delivery months and files read, and
 * each KPI's quality per BU and month with its Lineage and Quality links (Talk to my data's, so both
 * screens open the governance tab the same way). Escape or a click outside closes it.
 */
export function SourcePopover({ widget, onClose }: { widget: WidgetData; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const { kpis, deliveries, quality } = widget.source;
  const label = T.whereFromTitle(widget.title);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      data-testid="widget-source"
      className="absolute top-11 right-2 left-2 z-20 max-h-[26rem] space-y-3 overflow-auto rounded-xl border border-line bg-page p-3 text-sm shadow-xl sm:left-auto sm:w-[26rem]"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{label}</p>
        <button type="button" onClick={onClose} aria-label={T.close} className="rounded p-0.5 hover:bg-surface">
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <section className="space-y-1">
        <h3 className="font-medium text-fg-muted">{T.kpis}</h3>
        <ul className="space-y-1">
          {kpis.map((k) => (
            <li key={`${k.useCase}/${k.kpi}`}>
              <span className="font-medium">{k.kpi}</span>{' '}
              <span className="text-fg-muted">
                ({k.useCase}, {k.table})
              </span>
              : {k.definition}
            </li>
          ))}
        </ul>
      </section>
      <section className="space-y-1">
        <h3 className="font-medium text-fg-muted">{T.deliveries}</h3>
        {deliveries.length === 0 ? (
          <p className="text-fg-muted">{T.noDeliveries}</p>
        ) : (
          <ul className="max-h-32 space-y-0.5 overflow-auto" data-testid="widget-deliveries">
            {deliveries.map((d) => (
              <li key={d.file} className="flex gap-2">
                <span className="shrink-0 tabular-nums">{d.month}</span>
                <span className="truncate text-fg-muted" title={d.file}>
                  {d.file}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <KpiLinks kpis={kpis} quality={quality} />
    </div>
  );
}
