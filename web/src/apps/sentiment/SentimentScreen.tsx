import type { SentimentAnalysis } from '@hangar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Smile } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { fetchAnalyses, fetchAnalysis, POLL_MS, sentimentKeys } from './api';
import { ResultView } from './ResultView';
import { SetupView } from './SetupView';
import { SENTIMENT_TEXTS } from './texts';
import { UploadZone } from './UploadZone';

interface SentimentScreenProps {
  onCreditsChanged?: () => void;
}

/** Upload, choose the columns and the engine, follow the job, read the result. */
export function SentimentScreen({ onCreditsChanged }: SentimentScreenProps) {
  const client = useQueryClient();
  const [currentId, setCurrentId] = useState<string | null>(null);
  // "Change columns or engine" on a done analysis: its setup shows until it runs again (kept here,
  // not written into the cached analysis, so a refetch does not jump back to the result).
  const [changing, setChanging] = useState(false);
  const recent = useQuery({ queryKey: sentimentKeys.analyses, queryFn: fetchAnalyses });
  const current = useQuery({
    queryKey: sentimentKeys.analysis(currentId ?? ''),
    queryFn: () => fetchAnalysis(currentId!),
    enabled: currentId !== null,
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      return state === 'queued' || state === 'running' ? POLL_MS : false;
    },
  });
  const analysis = current.data;
  // A run that ends (done or failed) was charged what it used, or released: the balance changed.
  // Watched here, not in the setup view, which is gone once the result shows.
  const busy = analysis?.state === 'queued' || analysis?.state === 'running';
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) onCreditsChanged?.();
    wasBusy.current = busy;
  }, [busy, onCreditsChanged]);

  const open = (a: SentimentAnalysis) => {
    client.setQueryData(sentimentKeys.analysis(a.id), a);
    setChanging(false);
    setCurrentId(a.id);
  };
  const back = () => {
    setCurrentId(null);
    void client.invalidateQueries({ queryKey: sentimentKeys.analyses });
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <header className="space-y-1">
        <h1 className="flex items-center gap-2 font-semibold text-2xl">
          <Smile className="size-6 text-brand dark:text-fg" aria-hidden /> {SENTIMENT_TEXTS.title}
        </h1>
        <p className="max-w-3xl text-fg-muted text-sm">{SENTIMENT_TEXTS.intro}</p>
      </header>
      {currentId === null ? (
        <>
          <UploadZone onUploaded={open} />
          <section aria-labelledby="sentiment-recent" className="space-y-2">
            <h2 id="sentiment-recent" className="font-semibold text-fg-subtle text-xs uppercase tracking-wider">
              {SENTIMENT_TEXTS.recent}
            </h2>
            {recent.isPending && <Spinner label="Loading your analyses..." />}
            {recent.error && (
              <p role="alert" className="text-red-700 text-sm dark:text-red-300">
                {recent.error.message}
              </p>
            )}
            {recent.data?.length === 0 && <EmptyState icon={FileSpreadsheet} title={SENTIMENT_TEXTS.noRecent} />}
            <ul className="grid gap-2 sm:grid-cols-2">
              {recent.data?.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    onClick={() => open(a)}
                    className="flex w-full min-w-0 items-center gap-3 rounded-xl border border-line px-4 py-3 text-left hover:border-accent hover:bg-surface"
                  >
                    <FileSpreadsheet className="size-5 shrink-0 text-fg-muted" aria-hidden />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium" title={a.file_name}>
                        {a.file_name}
                      </span>
                      <span className="block text-fg-muted text-xs">
                        {a.rows.toLocaleString('en')} rows · {stateText(a)} · {new Date(a.created_at).toLocaleString()}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : !analysis ? (
        <Spinner label="Loading the analysis..." />
      ) : analysis.state === 'done' && !changing ? (
        <ResultView analysis={analysis} onBack={back} onRerun={() => setChanging(true)} />
      ) : (
        <SetupView
          analysis={analysis}
          onBack={back}
          onStarted={(a) => {
            setChanging(false);
            client.setQueryData(sentimentKeys.analysis(a.id), a);
            onCreditsChanged?.();
          }}
        />
      )}
    </div>
  );
}

function stateText(a: SentimentAnalysis): string {
  switch (a.state) {
    case 'uploaded':
      return 'not run yet';
    case 'queued':
    case 'running':
      return 'running';
    case 'done':
      return 'done';
    case 'failed':
      return 'failed';
  }
}
