import type { DataAnswer } from '@hangar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChartNoAxesCombined } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { AnswerView } from './AnswerView';
import { analyticsKeys, askQuestion, fetchAnswer, fetchCatalogue, saveQuestion } from './api';
import { QuestionBox } from './QuestionBox';
import { SaveForm } from './SaveForm';
import { SidePanel } from './SidePanel';
import { ANALYTICS_TEXTS as T } from './texts';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Tab 6: a question in plain words, answered from the governed warehouse; history and saved questions beside. */
export function AnalyticsScreen({ onCreditsChanged }: { onCreditsChanged?: () => void }) {
  const client = useQueryClient();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<DataAnswer | null>(null);
  const [saving, setSaving] = useState(false);
  const catalogue = useQuery({ queryKey: analyticsKeys.catalogue, queryFn: fetchCatalogue, staleTime: 5 * 60_000 });

  const ask = useMutation({
    mutationFn: askQuestion,
    onSuccess: (next) => {
      setAnswer(next);
      setSaving(false);
      void client.invalidateQueries({ queryKey: analyticsKeys.history });
      onCreditsChanged?.();
    },
  });
  const reopen = useMutation({
    mutationFn: fetchAnswer,
    onSuccess: (next) => {
      setAnswer(next);
      setQuestion(next.question);
      setSaving(false);
      ask.reset();
    },
  });
  const save = useMutation({
    mutationFn: ({ title, text }: { title: string; text: string }) => saveQuestion(title, text),
    onSuccess: () => {
      setSaving(false);
      void client.invalidateQueries({ queryKey: analyticsKeys.saved });
    },
  });

  function askNow(text: string) {
    const trimmed = text.trim();
    if (!trimmed || ask.isPending) return;
    setQuestion(trimmed);
    reopen.reset();
    ask.mutate(trimmed);
  }

  const busy = ask.isPending || reopen.isPending;
  const error = ask.error ?? reopen.error;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row-reverse lg:px-10">
      <SidePanel onOpenAnswer={(id) => reopen.mutate(id)} onAsk={askNow} activeId={answer?.id ?? null} />
      <section aria-label="Talk to my data" className="min-w-0 flex-1 space-y-5">
        <header className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-white dark:bg-surface-strong dark:text-accent">
            <ChartNoAxesCombined className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <h1 className="font-semibold text-2xl">{T.title}</h1>
            <p className="text-fg-muted text-sm">{T.welcome}</p>
          </div>
        </header>
        <QuestionBox value={question} onChange={setQuestion} onAsk={() => askNow(question)} busy={busy} />
        {catalogue.data && catalogue.data.suggestions.length > 0 && (
          <div className="flex flex-wrap items-center gap-2" data-testid="analytics-suggestions">
            <span className="text-fg-muted text-sm">{T.suggestions}</span>
            {catalogue.data.suggestions.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                disabled={busy}
                onClick={() => askNow(suggestion)}
                className="rounded-full border border-line px-3 py-1 text-sm hover:bg-surface disabled:opacity-40"
              >
                {suggestion}
              </button>
            ))}
          </div>
        )}
        {catalogue.isError && <p className="text-fg-muted text-sm">{T.catalogueFailed}</p>}
        {busy && <Spinner label={T.asking} />}
        {!busy && error && (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-800 text-sm dark:border-red-800/60 dark:bg-red-950/40 dark:text-red-200"
          >
            {messageOf(error, T.failed)}
          </p>
        )}
        {!busy && answer && (
          <>
            <AnswerView key={answer.id} answer={answer} catalogue={catalogue.data} onSave={() => setSaving(true)} />
            {saving && (
              <SaveForm
                question={answer.question}
                error={save.error ? messageOf(save.error, T.failed) : null}
                onCancel={() => {
                  setSaving(false);
                  save.reset();
                }}
                onSave={(title) => save.mutate({ title, text: answer.question })}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
