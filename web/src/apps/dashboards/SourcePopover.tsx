import type { WidgetData } from '@hangar/contract';
import { X } from 'lucide-react';
import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { KpiLinks } from '../analytics';
import { DASHBOARD_TEXTS as T } from './texts';

/**
 * "Where do these numbers come from": the KPI definitions, the delivery months and files read, and
 * each KPI's quality per BU and month with its Lineage and Quality links (Talk to my data's, so both
 * screens open the governance tab the same way). Escape or a click outside closes it.
 */
export function SourcePopover({ widget, anchor, onClose }: { widget: WidgetData; anchor: HTMLElement; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({ visibility: 'hidden' });
  // Fixed under its button and kept inside the window, whichever column the widget sits in.
  useLayoutEffect(() => {
    const measure = () => {
      const at = anchor.getBoundingClientRect();
      const width = Math.min(416, window.innerWidth - 16);
      const left = Math.min(Math.max(8, at.right - width), window.innerWidth - width - 8);
      const top = at.bottom + 4;
      setPlace({ left, top, width, maxHeight: Math.max(160, window.innerHeight - top - 8) });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [anchor]);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const outside = (event: Event) => Boolean(ref.current && !ref.current.contains(event.target as Node));
    const onPointer = (event: PointerEvent) => {
      if (outside(event) && !anchor.contains(event.target as Node)) onClose();
    };
    // The dashboard scrolling away would leave it floating over another widget.
    const onScroll = (event: Event) => {
      if (outside(event)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, [onClose, anchor]);

  const { kpis, deliveries, quality } = widget.source;
  const label = T.whereFromTitle(widget.title);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      data-testid="widget-source"
      style={place}
      className="fixed z-40 space-y-3 overflow-auto rounded-xl border border-line bg-page p-3 text-sm shadow-xl"
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
                {/* Cut at the start: the end of the path (BU, table, month, file) is what tells files apart. */}
                <span className="truncate text-left text-fg-muted [direction:rtl]" title={d.file}>
                  <span dir="ltr">{d.file}</span>
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
