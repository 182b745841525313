import type { SentimentRaggedRows } from '@hangar/contract';
import { TriangleAlert, Upload } from 'lucide-react';
import { SENTIMENT_TEXTS } from './texts';

interface RaggedRowsNoticeProps {
  ragged: SentimentRaggedRows;
  rows: number;
  /** The column chosen for the comments, which takes the extra fields. */
  textColumn: string;
  join: boolean;
  onJoin: (join: boolean) => void;
  onUploadAgain: () => void;
  disabled: boolean;
}

/**
 * Rows of a CSV whose field count differs from the header's (issue 33 item 15): how many, which
 * lines, and the two fixes for rows with more fields (quote the comments and upload again, or take
 * the rest of the line as the comment). Rows with fewer fields are only reported.
 */
export function RaggedRowsNotice({ ragged, rows, textColumn, join, onJoin, onUploadAgain, disabled }: RaggedRowsNoticeProps) {
  const { wider, narrower } = ragged;
  return (
    <section
      aria-label={SENTIMENT_TEXTS.raggedTitle}
      className="max-w-3xl space-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden /> {SENTIMENT_TEXTS.raggedTitle}
      </p>
      {wider.count > 0 && (
        <div className="space-y-2" data-testid="sentiment-ragged-wider">
          <p>
            {SENTIMENT_TEXTS.raggedWider(wider.count, rows, ragged.header_fields, ragged.delimiter)}{' '}
            {SENTIMENT_TEXTS.raggedLines(wider.lines, wider.count)}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            {SENTIMENT_TEXTS.raggedQuote}
            <button
              type="button"
              onClick={onUploadAgain}
              className="inline-flex items-center gap-1 rounded-lg border border-amber-400 px-2 py-1 font-medium hover:bg-amber-100 dark:border-amber-700 dark:hover:bg-amber-900"
            >
              <Upload className="size-3.5" aria-hidden /> {SENTIMENT_TEXTS.uploadAgain}
            </button>
          </p>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={join}
              disabled={disabled}
              onChange={(event) => onJoin(event.target.checked)}
            />
            <span>{SENTIMENT_TEXTS.raggedJoin(textColumn)}</span>
          </label>
        </div>
      )}
      {narrower.count > 0 && (
        <p data-testid="sentiment-ragged-narrower">
          {SENTIMENT_TEXTS.raggedNarrower(narrower.count)} {SENTIMENT_TEXTS.raggedLines(narrower.lines, narrower.count)}
        </p>
      )}
    </section>
  );
}
