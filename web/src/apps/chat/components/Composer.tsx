import { CHAT_MESSAGE_MAX } from '@hangar/contract';
import { ArrowUp, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useLayoutEffect } from 'react';
import { CHAT_LIMITS, CHAT_TEXTS } from '../constants';
import { StopAnswerButton } from './StopAnswerButton';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the text when sending is allowed. */
  onSend: (text: string) => void;
  /** An answer is streaming: sending waits. */
  busy: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  placeholder?: string;
  /** Tools left of the send button (Search today; attach, record and links with Multi Docs). */
  tools?: ReactNode;
  /** Shown above the text box (attachments, later). */
  above?: ReactNode;
  /** Further reasons sending is blocked (pending uploads, recording...), later. */
  blocked?: boolean;
  /** While busy: the Stop button, the only thing that ends an answer early (issue 13.2). */
  onStop?: () => void;
}

/** Spec section 5: sending needs text, and waits while an answer streams. */
export function canSend(value: string, busy: boolean, blocked = false): boolean {
  return value.trim().length > 0 && !busy && !blocked;
}

/** The message box: Enter sends, Shift+Enter adds a line; it grows from 80 to 300 px. */
export function Composer({
  value,
  onChange,
  onSend,
  busy,
  textareaRef,
  placeholder = CHAT_TEXTS.placeholder,
  tools,
  above,
  blocked,
  onStop,
}: ComposerProps) {
  const sendable = canSend(value, busy, blocked);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const box = textareaRef.current;
    if (!box) return;
    box.style.height = 'auto';
    const height = Math.min(CHAT_LIMITS.composerMaxPx, Math.max(CHAT_LIMITS.composerMinPx, box.scrollHeight));
    box.style.height = `${height}px`;
    box.style.overflowY = box.scrollHeight > CHAT_LIMITS.composerMaxPx ? 'auto' : 'hidden';
  }, [value, textareaRef]);

  function send() {
    if (sendable) onSend(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="rounded-2xl border border-line bg-page shadow-sm transition focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/25"
    >
      {above}
      <textarea
        ref={textareaRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={CHAT_TEXTS.placeholder}
        maxLength={CHAT_MESSAGE_MAX}
        rows={3}
        // The rounded box shows the focus (focus-within); the shell's global outline would cut across it.
        style={{ minHeight: CHAT_LIMITS.composerMinPx, maxHeight: CHAT_LIMITS.composerMaxPx, outline: 'none' }}
        className="block w-full resize-none bg-transparent px-4 pt-3 pb-1 text-fg placeholder:text-fg-subtle"
      />
      <div className="flex items-center justify-between gap-2 px-2 pb-2">
        <div className="flex min-w-0 items-center gap-1">{tools}</div>
        {busy && onStop ? (
          <StopAnswerButton onStop={onStop} />
        ) : (
          <button
            type="submit"
            disabled={!sendable}
            aria-label="Send message"
            title={busy ? 'Wait for the answer to finish' : 'Send message (Enter)'}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {busy ? <LoaderCircle className="size-4.5 animate-spin" aria-hidden /> : <ArrowUp className="size-4.5" aria-hidden />}
          </button>
        )}
      </div>
    </form>
  );
}
