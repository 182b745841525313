import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageItems } from './quality-filters';

const pageButton = 'min-w-8 rounded-lg px-2 py-1 text-sm tabular-nums transition disabled:cursor-not-allowed disabled:opacity-40';

/** Numbered page buttons with ellipses; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        aria-label="Previous page"
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
        className={`${pageButton} hover:bg-surface`}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      {pageItems(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          // Two gaps at most, told apart by where they sit.
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity of a gap
          <span key={`gap-${index}`} className="px-1 text-fg-muted" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
            className={`${pageButton} ${item === page ? 'bg-accent font-semibold text-accent-fg' : 'hover:bg-surface'}`}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        aria-label="Next page"
        disabled={page === pageCount}
        onClick={() => onPage(page + 1)}
        className={`${pageButton} hover:bg-surface`}
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
