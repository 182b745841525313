import { TriangleAlert } from 'lucide-react';

/** Notices (scope narrowed, result cut, no data) and quality warnings, said next to the answer. */
export function AnswerNotes({ notes, testId }: { notes: readonly string[]; testId: string }) {
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1" data-testid={testId}>
      {notes.map((note) => (
        <li
          key={note}
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{note}</span>
        </li>
      ))}
    </ul>
  );
}
