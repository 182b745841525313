import { Square } from 'lucide-react';

/** While an answer streams: the only thing that ends it early (issue 13.2), in both composers. */
export function StopAnswerButton({ onStop }: { onStop: () => void }) {
  return (
    <button
      type="button"
      onClick={onStop}
      aria-label="Stop the answer"
      title="Stop the answer"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg transition hover:opacity-90"
    >
      <Square className="size-3.5 fill-current" aria-hidden />
    </button>
  );
}
