import { GOV_TEXTS, type ReferentialItem } from '@hangar/contract';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorDetails } from '../ui/ErrorDetails';
import { RowMenu } from '../ui/RowMenu';
import { StatusDot } from '../ui/StageDots';
import { buttonClass, tdClass, thClass } from '../ui/styles';

interface ReferentialTableProps {
  items: readonly ReferentialItem[];
  completed: ReadonlySet<string>;
  onUpdate: (item: ReferentialItem) => void;
  onDownloadTemplate: (item: ReferentialItem) => void;
  onDownloadFile: (item: ReferentialItem) => void;
}

/** 'dd / mm / yyyy', read from the date's own digits so no time zone moves the day. */
export function formatLastModified(value: string | null): string {
  if (!value) return '—';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[3]} / ${iso[2]} / ${iso[1]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())} / ${pad(date.getMonth() + 1)} / ${date.getFullYear()}`;
}

const STATUS_LABELS = { pending: 'Pending', running: 'Processing', finished: 'Finished', error: 'Error' } as const;

export function ReferentialTable({ items, ...actions }: ReferentialTableProps) {
  return (
    <div className="@container overflow-x-auto rounded-2xl border border-line bg-page">
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm" aria-label="Referential files">
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              File Type
            </th>
            <th scope="col" className={thClass}>
              Last Modified
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <ReferentialRow key={item.file_type} item={item} {...actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReferentialRow({
  item,
  completed,
  onUpdate,
  onDownloadTemplate,
  onDownloadFile,
}: Omit<ReferentialTableProps, 'items'> & { item: ReferentialItem }) {
  const [showError, setShowError] = useState(false);
  const errorId = useId();
  const labels = GOV_TEXTS.buttons;
  const small = 'px-3 py-1.5 text-xs';
  const menu = [
    ...(item.template ? [{ label: labels.downloadTemplate, onSelect: () => onDownloadTemplate(item) }] : []),
    { label: labels.downloadFile, onSelect: () => onDownloadFile(item), disabled: !item.file_url },
  ];

  let action = (
    <button type="button" onClick={() => onUpdate(item)} className={buttonClass(item.status === 'error' ? 'danger' : 'secondary', small)}>
      {labels.updateRef}
    </button>
  );
  if (item.status === 'running') {
    action = (
      <button type="button" disabled className={buttonClass('secondary', small)}>
        <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
        {labels.processing}
      </button>
    );
  } else if (item.status === 'finished' && completed.has(item.file_type)) {
    action = (
      <button type="button" disabled className={buttonClass('success', `${small} disabled:opacity-100`)}>
        {labels.complete}
      </button>
    );
  }

  return (
    <>
      <tr aria-label={item.file_type}>
        <td className={`${tdClass} max-w-[16rem] font-medium`}>
          <span className="block truncate" title={item.file_type}>
            {item.file_type}
          </span>
        </td>
        <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{formatLastModified(item.last_modified)}</td>
        <td className={tdClass}>
          <StatusDot status={item.status} label={STATUS_LABELS[item.status]} />
        </td>
        <td className={tdClass}>
          <div className="flex items-center justify-end gap-1.5">
            {action}
            {item.status === 'error' && item.error && (
              <button
                type="button"
                aria-expanded={showError}
                aria-controls={errorId}
                onClick={() => setShowError((s) => !s)}
                className="rounded-lg px-2 py-1.5 font-medium text-red-700 text-xs underline-offset-2 hover:underline dark:text-red-300"
              >
                {labels.seeError}
              </button>
            )}
            <RowMenu label={`Actions for ${item.file_type}`} items={menu} />
          </div>
        </td>
      </tr>
      {showError && item.status === 'error' && item.error && (
        <tr>
          <td colSpan={4} className={tdClass}>
            <ErrorDetails id={errorId} error={item.error} />
          </td>
        </tr>
      )}
    </>
  );
}
