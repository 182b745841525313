import type { StageError } from '@hangar/contract';
import { SafeHtml } from './SafeHtml';

/**
 * What 'See Error' expands: the title and the (sanitised) HTML description. It stays in view, as
 * wide as the table's visible area, when a narrow window scrolls the table sideways.
 */
export function ErrorDetails({ id, error }: { id: string; error: StageError }) {
  return (
    <section
      id={id}
      aria-label={`Error: ${error.title}`}
      className="sticky left-3 max-w-[calc(100cqw-1.5rem)] rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm [overflow-wrap:anywhere] dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{error.title}</p>
      {/* Server messages are bounded; a long one still scrolls inside the panel instead of stretching the page. */}
      {error.description && <SafeHtml html={error.description} className="mt-1 max-h-80 overflow-y-auto" />}
    </section>
  );
}
