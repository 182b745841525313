import {
  buSentAs,
  detectFileType,
  GOV_TEXTS,
  GOVERNANCE,
  type IngestionItem,
  linkedGroupOf,
  type PeriodOption,
  selectableTypes,
  versionsFor,
} from '@hangar/contract';
import { Inbox } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { downloadTemplate, openStoredFile } from '../api';
import { FileLoader } from '../loader/FileLoader';
import { type DroppedFile, useDroppedFiles } from '../loader/useDroppedFiles';
import { FileChecksTable } from './FileChecksTable';
import { ConfirmCurrentMonth, KPI_PANEL_ID, KpiPanel } from './KpiPanel';
import { awaitingReview, isCurrentMonth } from './rows';
import { useBlinkingRows } from './useBlinkingRows';
import { useIngestion } from './useIngestion';

interface IngestionPeriodProps {
  useCase: string;
  /** The BU as chosen ('SSA/AMA' included); sent as buSentAs(bu). */
  bu: string;
  period: PeriodOption;
}

export function IngestionPeriod({ useCase, bu, period }: IngestionPeriodProps) {
  const sentBu = buSentAs(bu);
  const ingestion = useIngestion(useCase, sentBu, period);
  const { items, kpiReview, review } = ingestion;
  const types = useMemo(() => selectableTypes(items), [items]);
  const detect = useCallback((name: string) => detectFileType(name, types), [types]);
  const versionsOf = useCallback((type: string) => versionsFor(type, sentBu), [sentBu]);
  const dropped = useDroppedFiles({ multiple: true, accept: GOVERNANCE.acceptedExtensions, detect, versionsOf });
  const blinking = useBlinkingRows(items);
  const [confirming, setConfirming] = useState(false);
  const rowPicker = useRef<HTMLInputElement>(null);
  const rowTarget = useRef<IngestionItem | null>(null);

  const underReview = review?.items ?? items.filter(awaitingReview);

  function confirm(row: DroppedFile) {
    if (!sentBu || !row.type) return;
    const groupOf = (type: string) =>
      linkedGroupOf({ file_type: type, linked: items.find((i) => i.file_type === type)?.linked ?? null }, items, sentBu);
    const group = groupOf(row.type);
    // A linked group travels in one request: every dropped file of the group goes with the confirmed one.
    const rows = group ? dropped.rows.filter((r) => r.type && groupOf(r.type) === group) : [row];
    dropped.remove(rows.map((r) => r.id));
    void ingestion.upload(rows.map((r) => ({ file: r.file, fileType: r.type!, version: r.version })));
  }

  function validate() {
    if (isCurrentMonth(period, new Date())) setConfirming(true);
    else void ingestion.validate(underReview);
  }

  function focusKpis() {
    const panel = document.getElementById(KPI_PANEL_ID);
    panel?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    panel?.focus();
  }

  return (
    <div className="space-y-5">
      <FileLoader
        dropped={dropped}
        multiple
        accept={GOVERNANCE.acceptedExtensions}
        types={types}
        versionsOf={versionsOf}
        onConfirm={confirm}
      />
      {/* The rows' 'Load File' picks a file for that row; it joins the loader above, typed, to be confirmed. */}
      <input
        ref={rowPicker}
        type="file"
        hidden
        aria-label="Choose the file for this row"
        accept={GOVERNANCE.acceptedExtensions.map((ext) => `.${ext}`).join(',')}
        onChange={(event) => {
          const target = rowTarget.current;
          if (target) dropped.add([...(event.target.files ?? [])], { type: target.file_type, version: target.version });
          event.target.value = '';
        }}
      />
      {underReview.length > 0 && (
        <KpiPanel
          items={underReview}
          periodLabel={period.label}
          validating={review !== null}
          disabled={ingestion.uploading}
          onValidate={validate}
          onReject={() => void ingestion.reject(underReview)}
        />
      )}
      {ingestion.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label={GOV_TEXTS.loading} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={Inbox} title={GOV_TEXTS.noIngestion(bu, useCase)} />
      ) : (
        <FileChecksTable
          items={items}
          bu={sentBu}
          kpiReview={kpiReview}
          showVersion={useCase === 'Finance' || useCase === 'Traffic'}
          validatingKeys={review?.keys ?? new Set()}
          blinking={blinking}
          onLoadFile={(item) => {
            rowTarget.current = item;
            rowPicker.current?.click();
          }}
          onCheckKpis={focusKpis}
          onDownloadTemplate={(item) => void downloadTemplate(sentBu, item.file_type, useCase, item.version)}
          onDownloadFile={(item) => item.file_url && void openStoredFile(item.file_url)}
        />
      )}
      {confirming && (
        <ConfirmCurrentMonth
          periodLabel={period.label}
          onAnswer={(ok) => {
            setConfirming(false);
            if (ok) void ingestion.validate(underReview);
          }}
        />
      )}
    </div>
  );
}
