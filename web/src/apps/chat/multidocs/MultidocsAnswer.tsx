import { MULTIDOCS_PREVIEW_MAX_HEIGHT_PX, MULTIDOCS_SEND_ERROR, type MultidocsCitation } from '@hangar/contract';
import type { ReactNode } from 'react';
import { citationHref, citationPlace } from './rules';

/** Why a citation of a stored answer no longer opens its page. */
export const MULTIDOCS_SOURCE_REMOVED = 'this file was deleted when it left the conversation, so the page no longer opens.';

/** Answer text with each `[n]` that matches a citation turned into a link to its source. */
export function withCitationLinks(text: string, citations: readonly MultidocsCitation[]): ReactNode[] {
  const parts = text.split(/(\[\d+\])/);
  return parts.map((part, i) => {
    const match = /^\[(\d+)\]$/.exec(part);
    const cited = match ? citations.find((c) => c.n === Number(match[1])) : undefined;
    const href = cited ? citationHref(cited) : null;
    if (cited?.removed)
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
        <span key={i} title={`${cited.name}: ${MULTIDOCS_SOURCE_REMOVED}`} className="font-semibold text-fg-muted">
          {part}
        </span>
      );
    if (!cited) return part;
    const where = citationPlace(cited);
    // A source with no page to open (a docx, a recording) still says where the passage is.
    if (!href)
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
        <span key={i} title={where} className="font-semibold">
          {part}
        </span>
      );
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
      <a key={i} href={href} target="_blank" rel="noreferrer" title={where} className="font-semibold text-accent underline">
        {part}
      </a>
    );
  });
}

/** What a multi-docs reply shows, live from the dual stream or stored in the conversation alike. */
export interface MultidocsAnswerView {
  preview: string;
  previewFailed: boolean;
  answer: string;
  citations: readonly MultidocsCitation[];
  /** ask_error or global_error live; a failed answer once stored. */
  failed: boolean;
  loading: boolean;
}

/**
 * A multi-docs reply: the preview panel from preview_* events above the answer from ask_* events.
 * Errors show the spec's "An Error has occurred" (server details stay in the server log).
 */
export function MultidocsAnswer({ view }: { view: MultidocsAnswerView }) {
  return (
    <div className="flex flex-col gap-3" data-testid="multidocs-answer">
      {(view.preview || view.previewFailed) && (
        <section
          aria-label="Preview"
          data-testid="multidocs-preview"
          style={{ maxHeight: MULTIDOCS_PREVIEW_MAX_HEIGHT_PX }}
          className="overflow-y-auto whitespace-pre-wrap rounded-xl border border-line bg-surface-strong px-4 py-3 text-sm text-fg-muted"
        >
          {view.preview}
          {view.previewFailed && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {MULTIDOCS_SEND_ERROR}
            </p>
          )}
        </section>
      )}
      <div data-testid="multidocs-reply" className="whitespace-pre-wrap text-fg">
        {withCitationLinks(view.answer, view.citations)}
        {view.loading && !view.answer && <span className="text-fg-muted">…</span>}
      </div>
      {view.failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {MULTIDOCS_SEND_ERROR}
        </p>
      )}
    </div>
  );
}
