import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { ANALYTICS_TEXTS as T } from './texts';

/** The question, sent with Enter (Shift+Enter for a new line) or the button. */
export function QuestionBox({
  value,
  onChange,
  onAsk,
  busy,
}: {
  value: string;
  onChange: (value: string) => void;
  onAsk: () => void;
  busy: boolean;
}) {
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy && value.trim()) onAsk();
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }
  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-2 rounded-2xl border border-line bg-page p-2 shadow-sm focus-within:border-accent"
    >
      <label htmlFor={id} className="sr-only">
        {T.questionLabel}
      </label>
      <textarea
        id={id}
        rows={1}
        maxLength={500}
        value={value}
        placeholder={T.placeholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 outline-none placeholder:text-fg-subtle"
      />
      <button
        type="submit"
        disabled={busy || !value.trim()}
        className="inline-flex items-center gap-1.5 rounded-xl bg-accent px-4 py-2 font-semibold text-accent-fg hover:opacity-90 disabled:opacity-40"
      >
        <Send className="size-4" aria-hidden />
        {T.ask}
      </button>
    </form>
  );
}
