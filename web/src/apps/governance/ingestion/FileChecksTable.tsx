import { type IngestionItem, stagesFor } from '@hangar/contract';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { tdClass, thClass } from '../ui/styles';
import { FileCheckRow, type RowActions } from './FileCheckRow';
import { groupRows, rowKey } from './rows';

interface FileChecksTableProps extends RowActions {
  items: readonly IngestionItem[];
  bu: string;
  kpiReview: boolean;
  showVersion: boolean;
  validatingKeys: ReadonlySet<string>;
  blinking: ReadonlySet<string>;
}

/** The 'File Checks' table; files uploaded together sit in an expandable group. */
export function FileChecksTable({ items, bu, kpiReview, showVersion, validatingKeys, blinking, ...actions }: FileChecksTableProps) {
  const stages = stagesFor(kpiReview);
  const columns = showVersion ? 7 : 6;
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (group: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });

  const row = (item: IngestionItem, nested = false) => (
    <FileCheckRow
      key={rowKey(item)}
      item={item}
      stages={stages}
      kpiReview={kpiReview}
      showVersion={showVersion}
      validating={validatingKeys.has(rowKey(item))}
      blinking={blinking.has(rowKey(item))}
      columns={columns}
      nested={nested}
      {...actions}
    />
  );

  return (
    <section aria-label="File Checks" className="space-y-2">
      <h3 className="font-semibold">File Checks</h3>
      {/* Wide: every column. Medium (a 1440 px screen): the uploader goes under the date. Narrow (a phone): one card per file. */}
      <div className="@container overflow-x-auto rounded-2xl border border-line bg-page">
        <table className="w-full border-collapse text-left text-sm @max-3xl:block" aria-label="File Checks">
          <thead className="@max-3xl:hidden">
            <tr>
              <th scope="col" className={thClass}>
                File Type
              </th>
              <th scope="col" className={thClass}>
                File Name
              </th>
              {showVersion && (
                <th scope="col" className={thClass}>
                  Version
                </th>
              )}
              <th scope="col" className={thClass}>
                Date Uploaded
              </th>
              <th scope="col" className={`${thClass} @max-6xl:hidden`}>
                Uploaded By
              </th>
              <th scope="col" className={thClass}>
                Status
              </th>
              <th scope="col" className={`${thClass} w-px whitespace-nowrap text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="@max-3xl:block">
            {groupRows(items, bu).map((entry) => {
              if (entry.kind === 'single') return row(entry.item);
              const expanded = open.has(entry.group);
              return [
                <tr key={`group-${entry.group}`} className="bg-surface/50 @max-3xl:block">
                  <td colSpan={columns} className={`${tdClass} @max-3xl:block`}>
                    <button
                      type="button"
                      aria-expanded={expanded}
                      onClick={() => toggle(entry.group)}
                      className="inline-flex items-center gap-2 rounded-lg font-medium hover:text-accent"
                    >
                      <ChevronRight className={`size-4 transition ${expanded ? 'rotate-90' : ''}`} aria-hidden />
                      {entry.group}
                      <span className="font-normal text-fg-muted text-xs">{entry.items.length} linked files, uploaded together</span>
                    </button>
                  </td>
                </tr>,
                ...(expanded ? entry.items.map((item) => row(item, true)) : []),
              ];
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
