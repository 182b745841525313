import type { DataAnswer, DataCatalogue } from '@hangar/contract';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { ANALYTICS_TEXTS as T } from './texts';

/** "How this was computed": the query in the layer's words, then the SQL the server ran. */
export function HowComputed({ answer, catalogue }: { answer: DataAnswer; catalogue: DataCatalogue | undefined }) {
  const [copied, setCopied] = useState(false);
  const query = answer.query;
  const sql = answer.result?.sql ?? null;
  if (!query && !sql) return null;
  const measureLabel = (id: string) => catalogue?.measures.find((m) => m.id === id)?.label ?? id;
  const dimensionLabel = (id: string) => catalogue?.dimensions.find((d) => d.id === id)?.label ?? id;

  async function copy() {
    if (!sql) return;
    try {
      await navigator.clipboard.writeText(sql);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.warn('The SQL could not be copied.', error);
    }
  }

  return (
    <details className="group rounded-xl border border-line" data-testid="analytics-computed">
      <summary className="cursor-pointer select-none px-4 py-2 font-medium">{T.computed}</summary>
      <div className="space-y-3 border-line border-t px-4 py-3 text-sm">
        {query && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-fg-muted">{T.measures}</dt>
            <dd>{query.measures.map(measureLabel).join(', ')}</dd>
            <dt className="text-fg-muted">{T.breakdowns}</dt>
            <dd>{query.dimensions.length ? query.dimensions.map(dimensionLabel).join(', ') : T.none}</dd>
            <dt className="text-fg-muted">{T.filters}</dt>
            <dd>
              {query.filters.length
                ? query.filters.map((f) => `${dimensionLabel(f.dimension)} = ${f.values.join(', ')}`).join('; ')
                : T.none}
            </dd>
            <dt className="text-fg-muted">{T.period}</dt>
            <dd>
              {query.time ? (query.time.from === query.time.to ? query.time.from : `${query.time.from} – ${query.time.to}`) : T.everyMonth}
            </dd>
          </dl>
        )}
        {sql && (
          <div className="space-y-1">
            <div className="flex items-center justify-between">
              <span className="text-fg-muted">{T.sql}</span>
              <button
                type="button"
                onClick={copy}
                className="inline-flex items-center gap-1 rounded-lg border border-line px-2 py-1 text-xs hover:bg-surface"
              >
                {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
                {copied ? T.copied : T.copy}
              </button>
            </div>
            <pre
              className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-surface p-3 font-mono text-xs"
              data-testid="analytics-sql"
            >
              {sql}
            </pre>
          </div>
        )}
      </div>
    </details>
  );
}
