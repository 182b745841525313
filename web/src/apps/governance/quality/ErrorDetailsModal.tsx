import { GOV_TEXTS, type QualityDetailRow } from '@hangar/contract';
import { Download, TriangleAlert } from 'lucide-react';
import { openStoredFile } from '../api';
import { formatDay } from '../ui/format';
import { Modal } from '../ui/Modal';
import { buttonClass, tdClass, thClass } from '../ui/styles';
import { periodOf } from './quality-columns';
import { StatusBadge } from './status';

const orNotAvailable = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? GOV_TEXTS.notAvailable : String(value);

/** Why a check failed on a file, how to fix it, the failing rows, and the file itself. */
export function ErrorDetailsModal({ row, checkLabel, onClose }: { row: QualityDetailRow; checkLabel: string; onClose: () => void }) {
  const facts: [string, string][] = [
    ['Period', periodOf(row)],
    ['File name', orNotAvailable(row.file_name_sftp)],
    ['Received', orNotAvailable(formatDay(row.reception_time))],
    ['Cause', orNotAvailable(row.cause)],
    ['Detailed cause', orNotAvailable(row.detailed_cause)],
    ['Fix', orNotAvailable(row.detailed_cause_fix)],
  ];
  return (
    <Modal
      title={`${checkLabel} - ${row.table_name}`}
      onClose={onClose}
      wide
      icon={<TriangleAlert className="size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden />}
    >
      <div className="space-y-5 px-5 py-4 text-sm">
        <div className="flex items-center gap-2">
          <StatusBadge status={row.status} />
          {row.message && <span className="text-fg-muted">{row.message}</span>}
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-fg-muted">{term}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-label="Failing rows" className="space-y-2">
          <h3 className="font-semibold">
            Failing rows{' '}
            {row.failing_count > row.sample.length && (
              <span className="font-normal text-fg-muted">({row.failing_count} in all, a sample below)</span>
            )}
          </h3>
          {row.sample.length === 0 ? (
            <p className="text-fg-muted">{GOV_TEXTS.notAvailable}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-line">
              <table className="w-full border-collapse text-left text-sm" aria-label="Failing rows sample">
                <thead>
                  <tr>
                    {['Line', 'Column', 'Value', 'Problem'].map((label) => (
                      <th key={label} scope="col" className={thClass}>
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {row.sample.map((sample, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the sample is fixed for the modal's life
                    <tr key={index}>
                      <td className={`${tdClass} tabular-nums`}>{orNotAvailable(sample.line)}</td>
                      <td className={tdClass}>{orNotAvailable(sample.column)}</td>
                      <td className={`${tdClass} font-mono text-xs`}>{orNotAvailable(sample.value)}</td>
                      <td className={tdClass}>{orNotAvailable(sample.problem)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
      {row.url && (
        <footer className="flex justify-end border-line border-t px-5 py-4">
          <button type="button" className={buttonClass('primary')} onClick={() => row.url && void openStoredFile(row.url)}>
            <Download className="size-4" aria-hidden />
            Download file
          </button>
        </footer>
      )}
    </Modal>
  );
}
