import { GOV_TEXTS, type LineageNode } from '@hangar/contract';
import { FileDown } from 'lucide-react';
import { buttonClass, cardClass } from '../ui/styles';
import type { LineageEntry } from './api';

interface KpiDetailsProps {
  entry: LineageEntry;
  node: LineageNode | undefined;
  onDownloadCsv: (() => void) | null;
}

/** The definition box (name, format) and the Explanation box of the selected KPI. */
export function KpiDetails({ entry, node, onDownloadCsv }: KpiDetailsProps) {
  const definition = entry.definition || node?.description;
  return (
    <div className="space-y-4">
      <section aria-label="Definition" className={`${cardClass} space-y-2 p-4`}>
        <h3 className="break-words font-semibold">{entry.kpi_name}</h3>
        {definition && <p className="text-fg-muted text-sm">{definition}</p>}
        <p className="text-sm">
          <span className="text-fg-muted">Format: </span>
          {node?.format ?? '—'}
        </p>
        {onDownloadCsv && (
          <button type="button" className={buttonClass('secondary', 'w-full')} onClick={onDownloadCsv}>
            <FileDown className="size-4" aria-hidden />
            Download upstream CSV
          </button>
        )}
      </section>
      <section aria-label="Explanation" className={`${cardClass} space-y-2 p-4`}>
        <h3 className="font-semibold">Explanation</h3>
        <p className="whitespace-pre-line text-sm">{node?.explanation?.trim() || GOV_TEXTS.noExplanation}</p>
      </section>
    </div>
  );
}
