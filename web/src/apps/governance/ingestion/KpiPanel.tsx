import { GOV_TEXTS, type IngestionItem } from '@hangar/contract';
import { TriangleAlert } from 'lucide-react';
import { useRef } from 'react';
import { Modal } from '../ui/Modal';
import { buttonClass, cardClass, tdClass, thClass } from '../ui/styles';

export const KPI_PANEL_ID = 'governance-kpi-review';

interface KpiPanelProps {
  items: readonly IngestionItem[];
  periodLabel: string;
  validating: boolean;
  disabled: boolean;
  onValidate: () => void;
  onReject: () => void;
}

/** Shown while KPIs wait for review: what validating means, the KPI tables, and the two decisions. */
export function KpiPanel({ items, periodLabel, validating, disabled, onValidate, onReject }: KpiPanelProps) {
  return (
    <section id={KPI_PANEL_ID} tabIndex={-1} aria-label="KPI review" className={`${cardClass} space-y-4 p-4 focus:outline-none sm:p-5`}>
      <div
        role="note"
        className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">{GOV_TEXTS.importantNotice}</p>
          <p>
            Validating sends the file to the data warehouse and replaces the data already stored for {periodLabel}. Check the KPIs below
            first; if they look wrong, reject them and the uploaded file is discarded.
          </p>
        </div>
      </div>
      {items.map((item) => (
        <div key={`${item.file_type}-${item.version ?? ''}`} className="space-y-3">
          <h3 className="font-semibold">
            {item.file_type}
            {item.version ? ` · ${item.version}` : ''}
          </h3>
          {Object.entries(item.kpis ?? {}).map(([name, rows]) => (
            <KpiTable key={name} name={name} rows={rows} />
          ))}
        </div>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onReject} disabled={disabled || validating} className={buttonClass('secondary')}>
          {GOV_TEXTS.buttons.reject}
        </button>
        <button type="button" onClick={onValidate} disabled={disabled || validating} className={buttonClass('primary')}>
          {validating ? GOV_TEXTS.buttons.validating : GOV_TEXTS.buttons.validate}
        </button>
      </div>
    </section>
  );
}

/** A KPI's table: its first row is the header. */
function KpiTable({ name, rows }: { name: string; rows: readonly (readonly string[])[] }) {
  const [header = [], ...body] = rows;
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full border-collapse text-left text-sm" aria-label={name}>
        <caption className="bg-surface px-3 py-2 text-left font-medium">{name}</caption>
        <thead>
          <tr>
            {header.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: header cells have no identity but their position
              <th key={index} scope="col" className={thClass}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: KPI rows have no identity but their position
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their position
                <td key={c} className={`${tdClass} tabular-nums`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Validating the current month replaces data of a month that is not over: asked first. */
export function ConfirmCurrentMonth({ periodLabel, onAnswer }: { periodLabel: string; onAnswer: (ok: boolean) => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      title={GOV_TEXTS.confirmationRequired}
      onClose={() => onAnswer(false)}
      initialFocus={cancel}
      icon={<TriangleAlert className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />}
    >
      <div className="space-y-5 px-5 py-5">
        <p className="text-fg-muted text-sm">
          {periodLabel} is the current month. Validating now sends the file to the data warehouse and replaces the data stored for this
          month, although the month is not over yet. Do you want to continue?
        </p>
        <div className="flex justify-end gap-2">
          <button ref={cancel} type="button" onClick={() => onAnswer(false)} className={buttonClass('secondary')}>
            Cancel
          </button>
          <button type="button" onClick={() => onAnswer(true)} className={buttonClass('primary')}>
            Validate
          </button>
        </div>
      </div>
    </Modal>
  );
}
