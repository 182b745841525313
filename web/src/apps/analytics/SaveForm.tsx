import { type FormEvent, useId, useState } from 'react';
import { ANALYTICS_TEXTS as T } from './texts';

/** Names the current question before saving it; the question itself is the default title. */
export function SaveForm({
  question,
  onSave,
  onCancel,
  error,
}: {
  question: string;
  onSave: (title: string) => void;
  onCancel: () => void;
  error: string | null;
}) {
  const id = useId();
  const [title, setTitle] = useState(question.slice(0, 120));
  function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim()) onSave(title.trim());
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2 rounded-xl border border-line p-3 text-sm" aria-label={T.save}>
      <label htmlFor={id} className="text-fg-muted">
        {T.saveTitle}
      </label>
      <input
        id={id}
        value={title}
        maxLength={120}
        onChange={(event) => setTitle(event.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-line bg-page px-2 py-1"
      />
      <button
        type="submit"
        className="rounded-lg bg-accent px-3 py-1 font-semibold text-accent-fg disabled:opacity-40"
        disabled={!title.trim()}
      >
        {T.saveConfirm}
      </button>
      <button type="button" className="rounded-lg border border-line px-3 py-1" onClick={onCancel}>
        {T.cancel}
      </button>
      {error && (
        <p role="alert" className="w-full text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
