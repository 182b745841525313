import { Bot, Send, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { AnswerMarkdown } from '../chat';
import { askAssistant } from './api';
import { DASHBOARD_TEXTS as T } from './texts';

interface Turn {
  id: number;
  question: string;
  answer: string;
  loading: boolean;
  failed: boolean;
}

/**
 * The dashboard assistant (chat mode ASSISTANT_OPEN): a 512 px side panel with the spec's welcome
 * text and three example questions; answers stream from POST /api/nav_chat/askstream and are parsed
 * by the classic chat's stream reader (text, then the credit chunk).
 */
export function AssistantPanel({ uc, onClose }: { uc: 'Traffic' | 'Ops'; onClose: () => void }) {
  const conversationId = useId();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [text, setText] = useState('');
  const nextId = useRef(0);
  const busy = turns.some((t) => t.loading);

  async function ask(question: string) {
    const message = question.trim();
    if (!message || busy) return;
    const id = nextId.current++;
    const update = (patch: Partial<Turn>) => setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...patch } : t)));
    setTurns((all) => [...all, { id, question: message, answer: '', loading: true, failed: false }]);
    setText('');
    try {
      const end = await askAssistant({ id: `dashboard-${conversationId}`, message, uc }, (s) => update({ answer: s.text }));
      update({ answer: end.error ? `${end.text}\n\n${end.error}` : end.text, loading: false, failed: Boolean(end.error) });
    } catch (error) {
      update({ answer: error instanceof Error ? error.message : T.assistantFailed, loading: false, failed: true });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void ask(text);
  }

  return (
    <aside
      aria-label={T.assistantTitle}
      data-testid="dashboard-assistant"
      className="fixed inset-0 z-30 flex flex-col border-line bg-page md:static md:inset-auto md:z-auto md:w-[512px] md:shrink-0 md:border-l"
    >
      <header className="flex items-center justify-between border-line border-b px-4 py-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <Bot className="size-5 text-accent" aria-hidden />
          {T.assistantTitle}
        </h2>
        <button type="button" onClick={onClose} aria-label={T.closeAssistant} className="rounded p-1 hover:bg-surface">
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-auto px-4 py-3" aria-live="polite">
        <p className="text-sm">{T.assistantWelcome}</p>
        <ul className="flex flex-col gap-2">
          {T.assistantExamples.map((example) => (
            <li key={example}>
              <button
                type="button"
                disabled={busy}
                onClick={() => void ask(example)}
                className="w-full rounded-xl border border-line px-3 py-2 text-left text-sm hover:bg-surface disabled:opacity-50"
              >
                {example}
              </button>
            </li>
          ))}
        </ul>
        {turns.map((turn) => (
          <div key={turn.id} className="space-y-2" data-testid="assistant-turn">
            <p className="ml-8 rounded-xl bg-surface px-3 py-2 text-sm">{turn.question}</p>
            <div
              data-testid="assistant-answer"
              className={`text-sm ${turn.failed ? 'text-red-700 dark:text-red-300' : ''}`}
              aria-busy={turn.loading}
            >
              {turn.answer ? (
                <AnswerMarkdown text={turn.answer} />
              ) : turn.loading ? (
                <p className="text-fg-muted">{T.assistantThinking}</p>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      <form onSubmit={submit} className="flex gap-2 border-line border-t p-3">
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={T.assistantPlaceholder}
          aria-label={T.assistantPlaceholder}
          className="min-w-0 flex-1 rounded-lg border border-line bg-page px-3 py-2 text-sm"
        />
        <button
          type="submit"
          disabled={busy || !text.trim()}
          aria-label={T.assistantSend}
          className="rounded-lg bg-accent px-3 py-2 text-accent-fg disabled:opacity-40"
        >
          <Send className="size-4" aria-hidden />
        </button>
      </form>
    </aside>
  );
}
