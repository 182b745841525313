import type { SemanticResult } from '@hangar/contract';
import { useState } from 'react';
import { columnHeader, formatValue } from './format';
import { ANALYTICS_TEXTS as T } from './texts';

export const PAGE_SIZE = 20;

/** The answer's rows, 20 a page, numbers formatted and right-aligned. */
export function AnswerTable({
  result,
  testId = 'analytics-table',
}: {
  result: Pick<SemanticResult, 'columns' | 'rows' | 'truncated'>;
  testId?: string;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(result.rows.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const rows = result.rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  if (result.rows.length === 0) return <p className="text-fg-muted text-sm">{T.noRows}</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-xl border border-line">
        <table className="w-full text-sm" data-testid={testId}>
          <thead className="bg-surface text-left">
            <tr>
              {result.columns.map((column) => (
                <th key={column.id} scope="col" className={`px-3 py-2 font-semibold ${column.kind === 'measure' ? 'text-right' : ''}`}>
                  {columnHeader(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              // Rows have no id of their own; their place in the page is stable for one answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={current * PAGE_SIZE + r} className="border-line border-t">
                {row.map((value, c) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the columns
                    key={c}
                    className={`px-3 py-1.5 ${typeof value === 'number' ? 'text-right tabular-nums' : ''}`}
                  >
                    {/* A ratio reads as the percentage the text says (0.36 beside "36.4 %" was two figures). */}
                    {formatValue(value, result.columns[c]?.unit === '%' ? '%' : null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="flex items-center justify-end gap-3 text-sm" aria-label="Table pages">
          <button
            type="button"
            className="rounded-lg border border-line px-3 py-1 disabled:opacity-40"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            {T.previous}
          </button>
          <span className="text-fg-muted">{T.page(current + 1, pages)}</span>
          <button
            type="button"
            className="rounded-lg border border-line px-3 py-1 disabled:opacity-40"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {T.next}
          </button>
        </nav>
      )}
      {result.truncated && <p className="text-fg-muted text-sm">{T.truncated}</p>}
    </div>
  );
}
