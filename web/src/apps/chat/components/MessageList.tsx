import { CHAT_INFO_LINE, MULTIDOCS_HEADER_TITLE, MULTIDOCS_MODEL_ID } from '@hangar/contract';
import { Bot, CircleAlert, Info, Lock } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { CHAT_LIMITS } from '../constants';
import { CREDIT_TONE_CLASSES, creditLabel, creditTone } from '../credit';
import type { UiMessage } from '../messages';
import { MultidocsAnswer } from '../multidocs/MultidocsAnswer';
import { CopyButton } from './CopyButton';

const Markdown = lazy(() => import('./Markdown'));

/** Starts loading the Markdown chunk ahead of the first answer. */
export function preloadMarkdown() {
  void import('./Markdown');
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Reveals `text` a few characters at a time; follows the text as it grows. */
function useTypedText(text: string, enabled: boolean): string {
  const typing = enabled && !prefersReducedMotion();
  const [shown, setShown] = useState(typing ? 0 : text.length);
  useEffect(() => {
    if (!typing || shown >= text.length) return;
    const step = Math.max(1, Math.ceil(text.length / 40));
    const timer = window.setTimeout(() => setShown((n) => Math.min(text.length, n + step)), 16);
    return () => window.clearTimeout(timer);
  }, [typing, shown, text.length]);
  return typing ? text.slice(0, shown) : text;
}

/** Blinks every 800 ms while the answer has not started (spec section 9). */
function ThinkingIndicator() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = window.setInterval(() => setVisible((v) => !v), CHAT_LIMITS.thinkingBlinkMs);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span role="status" data-testid="thinking" className="inline-flex items-center gap-2 text-fg-muted text-sm">
      <span
        aria-hidden
        data-visible={visible}
        className={`size-2.5 rounded-full bg-accent transition-opacity duration-300 ${visible ? 'opacity-100' : 'opacity-20'}`}
      />
      Thinking...
    </span>
  );
}

export function CreditBadge({ cost }: { cost: number }) {
  const tone = creditTone(cost);
  const classes = CREDIT_TONE_CLASSES[tone];
  return (
    <span
      data-testid="message-credit"
      data-tone={tone}
      title="What this answer cost"
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs tabular-nums ring-1 ${classes.badge}`}
    >
      <span aria-hidden className={`size-1.5 rounded-full ${classes.dot}`} />
      {creditLabel(cost)}
    </span>
  );
}

/** How an answer that did not finish normally ended: shown instead of its cost. */
const ANSWER_STATES = {
  stopped: { label: 'Stopped', title: 'You stopped this answer: what was written before is kept' },
  failed: { label: 'Failed', title: 'This answer failed before it finished' },
  cut: { label: 'Cut short (credit)', title: 'This answer reached what your remaining credit pays for' },
} as const;

export function AnswerStateBadge({ status, cost }: { status: keyof typeof ANSWER_STATES; cost: number | null | undefined }) {
  const state = ANSWER_STATES[status];
  return (
    <span
      data-testid="answer-state"
      data-status={status}
      title={typeof cost === 'number' ? `${state.title}. It cost ${creditLabel(cost)}.` : state.title}
      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-surface-strong px-2 py-0.5 font-medium text-fg text-xs ring-1 ring-line"
    >
      <CircleAlert className="size-3" aria-hidden />
      {state.label}
    </span>
  );
}

function AnswerText({ text, typed }: { text: string; typed: boolean }) {
  const shown = useTypedText(text, typed);
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap break-words">{shown}</div>}>
      <Markdown text={shown} />
    </Suspense>
  );
}

interface MessageItemProps {
  message: UiMessage;
  typed: boolean;
  modelTitle: (id: string | null | undefined) => string | null;
}

const MessageItem = memo(function MessageItem({ message, typed, modelTitle }: MessageItemProps) {
  switch (message.role) {
    case 'user':
      return (
        <div className="flex justify-end" data-testid="user-message">
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand px-4 py-2.5 text-white dark:bg-surface-strong dark:text-fg">
            {message.text}
          </div>
        </div>
      );
    case 'info':
      return (
        <p className="flex items-start justify-center gap-2 px-4 text-center text-fg-muted text-xs" data-testid="info-message">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>{message.text}</span>
        </p>
      );
    case 'error':
      return (
        <div
          data-testid="error-message"
          className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900 text-sm dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-100"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-300" aria-hidden />
          <p className="min-w-0 break-words">{message.text}</p>
        </div>
      );
    case 'assistant': {
      const multidocs = message.model === MULTIDOCS_MODEL_ID;
      const title = multidocs ? MULTIDOCS_HEADER_TITLE : modelTitle(message.model);
      return (
        <div className="flex items-start gap-3" data-testid="assistant-message" aria-busy={message.loading || undefined}>
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-strong text-brand dark:text-fg">
            <Bot className="size-4.5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1 space-y-2">
            {multidocs ? (
              // The same view live (from the dual stream) and stored (after a reload, from the history).
              <MultidocsAnswer
                view={{
                  preview: message.preview ?? '',
                  previewFailed: message.previewError === true,
                  answer: message.text,
                  citations: message.citations ?? [],
                  failed: message.status === 'failed',
                  loading: message.loading === true,
                }}
              />
            ) : message.loading && !message.text ? (
              <ThinkingIndicator />
            ) : (
              <AnswerText text={message.text} typed={typed} />
            )}
            {!message.loading && (
              <div className="flex flex-wrap items-center gap-2 text-fg-subtle text-xs">
                {title && <span>{title}</span>}
                {message.status && message.status in ANSWER_STATES ? (
                  <AnswerStateBadge status={message.status as keyof typeof ANSWER_STATES} cost={message.credit} />
                ) : (
                  typeof message.credit === 'number' && <CreditBadge cost={message.credit} />
                )}
                {message.text && <CopyButton text={message.text} label="Copy answer" className="text-fg-muted" />}
              </div>
            )}
          </div>
        </div>
      );
    }
  }
});

interface MessageListProps {
  messages: readonly UiMessage[];
  typedKeys: ReadonlySet<string>;
  busy: boolean;
  modelTitle: (id: string | null | undefined) => string | null;
}

/** The conversation: the security line first, then each message by role. */
export function MessageList({ messages, typedKeys, busy, modelTitle }: MessageListProps) {
  return (
    <div role="log" aria-label="Conversation" aria-busy={busy} className="space-y-5">
      <p className="flex items-center justify-center gap-2 text-center text-fg-muted text-xs" data-testid="chat-info-line">
        <Lock className="size-3.5 shrink-0" aria-hidden />
        {CHAT_INFO_LINE}
      </p>
      {messages.map((message) => (
        <MessageItem key={message.key} message={message} typed={typedKeys.has(message.key)} modelTitle={modelTitle} />
      ))}
    </div>
  );
}
