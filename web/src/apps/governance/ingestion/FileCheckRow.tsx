import { GOV_TEXTS, type IngestionItem, type Stage, uploadButtonState } from '@hangar/contract';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorDetails } from '../ui/ErrorDetails';
import { RowMenu } from '../ui/RowMenu';
import { SafeHtml } from '../ui/SafeHtml';
import { StageDots } from '../ui/StageDots';
import { buttonClass, tdClass } from '../ui/styles';
import { formatUploadDate } from './rows';

export interface RowActions {
  onLoadFile: (item: IngestionItem) => void;
  onCheckKpis: () => void;
  onDownloadTemplate: (item: IngestionItem) => void;
  onDownloadFile: (item: IngestionItem) => void;
}

interface FileCheckRowProps extends RowActions {
  item: IngestionItem;
  stages: readonly Stage[];
  kpiReview: boolean;
  showVersion: boolean;
  validating: boolean;
  blinking: boolean;
  columns: number;
  /** Members of a linked group are indented under the group's row. */
  nested?: boolean;
}

/** A cell of a phone's card: no table border or padding of its own. */
const NARROW_CELL = '@max-3xl:block @max-3xl:w-auto @max-3xl:border-0 @max-3xl:p-0';

export function FileCheckRow(props: FileCheckRowProps) {
  const { item, stages, kpiReview, showVersion, validating, blinking, columns, nested = false } = props;
  const [showError, setShowError] = useState(false);
  const errorId = useId();
  const name = `${item.file_type}${item.version ? ` ${item.version}` : ''}`;
  const state = uploadButtonState(item.status, kpiReview, validating);
  const fileName = item.final_filename ?? '—';

  return (
    <>
      <tr
        aria-label={name}
        data-blinking={blinking || undefined}
        className={`@max-3xl:grid @max-3xl:grid-cols-1 @max-3xl:gap-y-2 @max-3xl:border-line @max-3xl:border-b @max-3xl:px-3 @max-3xl:py-3 ${blinking ? 'animate-pulse bg-orange-50 dark:bg-orange-950/40' : ''}`}
      >
        <td className={`${tdClass} ${NARROW_CELL} font-medium ${nested ? 'pl-8 @max-3xl:pl-4' : ''}`}>
          <span className="whitespace-nowrap @max-3xl:whitespace-normal @max-3xl:break-all">{item.file_type}</span>
          {/* On a phone the other columns are hidden: their values go under the type. */}
          <span className="mt-1 block space-y-0.5 font-normal text-fg-muted text-xs @3xl:hidden">
            <span className="block truncate" title={fileName}>
              {fileName}
              {showVersion && item.version ? ` · ${item.version}` : ''}
            </span>
            {item.date && (
              <span className="block">
                {formatUploadDate(item.date)}
                {item.uploaded_by ? ` · ${item.uploaded_by}` : ''}
              </span>
            )}
          </span>
        </td>
        <td className={`${tdClass} max-w-[13rem] @max-3xl:hidden`}>
          <span className="block truncate" title={fileName}>
            {fileName}
          </span>
        </td>
        {showVersion && <td className={`${tdClass} @max-3xl:hidden`}>{item.version ?? '—'}</td>}
        <td className={`${tdClass} @max-3xl:hidden`}>
          <span className="whitespace-nowrap">{formatUploadDate(item.date)}</span>
          {item.uploaded_by && (
            <span className="block max-w-[12rem] truncate text-fg-muted text-xs @6xl:hidden" title={item.uploaded_by}>
              {item.uploaded_by}
            </span>
          )}
        </td>
        <td className={`${tdClass} max-w-[12rem] @max-6xl:hidden`}>
          <span className="block truncate" title={item.uploaded_by ?? undefined}>
            {item.uploaded_by ?? '—'}
          </span>
        </td>
        <td className={`${tdClass} ${NARROW_CELL}`}>
          <StageDots stages={stages} status={item.status} />
        </td>
        <td className={`${tdClass} ${NARROW_CELL} w-px whitespace-nowrap`}>
          <div className="flex items-center justify-end gap-1.5 @max-3xl:justify-start [&>*]:shrink-0">
            <ActionButton state={state} onLoad={() => props.onLoadFile(item)} onCheckKpis={props.onCheckKpis} />
            {state === 'error' && item.error && (
              <button
                type="button"
                aria-expanded={showError}
                aria-controls={errorId}
                onClick={() => setShowError((s) => !s)}
                className="whitespace-nowrap rounded-lg px-2 py-1.5 font-medium text-red-700 text-xs underline-offset-2 hover:underline dark:text-red-300"
              >
                {GOV_TEXTS.buttons.seeError}
              </button>
            )}
            <RowMenu
              label={`Actions for ${name}`}
              items={[
                { label: GOV_TEXTS.buttons.downloadTemplate, onSelect: () => props.onDownloadTemplate(item) },
                { label: GOV_TEXTS.buttons.downloadFile, onSelect: () => props.onDownloadFile(item), disabled: !item.file_url },
              ]}
            />
          </div>
        </td>
      </tr>
      {showError && state === 'error' && item.error && (
        <tr className="@max-3xl:block">
          <td colSpan={columns} className={`${tdClass} @max-3xl:block`}>
            <ErrorDetails id={errorId} error={item.error} />
          </td>
        </tr>
      )}
      {item.check_ref_messages && (
        <tr className="@max-3xl:block">
          <td colSpan={columns} className={`${tdClass} text-fg-muted text-sm @max-3xl:block`}>
            <SafeHtml html={item.check_ref_messages} />
          </td>
        </tr>
      )}
    </>
  );
}

function ActionButton({
  state,
  onLoad,
  onCheckKpis,
}: {
  state: ReturnType<typeof uploadButtonState>;
  onLoad: () => void;
  onCheckKpis: () => void;
}) {
  const labels = GOV_TEXTS.buttons;
  switch (state) {
    case 'load':
      return (
        <button type="button" onClick={onLoad} className={buttonClass('secondary', 'px-3 py-1.5 text-xs')}>
          {labels.load}
        </button>
      );
    case 'busy':
      return (
        <button type="button" disabled className={buttonClass('secondary', 'px-3 py-1.5 text-xs')}>
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          {labels.load}
        </button>
      );
    case 'checkKpis':
      return (
        <button type="button" onClick={onCheckKpis} className={buttonClass('primary', 'px-3 py-1.5 text-xs')}>
          {labels.checkKpis}
        </button>
      );
    case 'validating':
      return (
        <button type="button" disabled className={buttonClass('primary', 'px-3 py-1.5 text-xs')}>
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          {labels.validating}
        </button>
      );
    case 'complete':
      return (
        <button type="button" disabled className={buttonClass('success', 'px-3 py-1.5 text-xs disabled:opacity-100')}>
          {labels.complete}
        </button>
      );
    case 'error':
      return (
        <button type="button" onClick={onLoad} className={buttonClass('danger', 'px-3 py-1.5 text-xs')}>
          {labels.load}
        </button>
      );
  }
}
