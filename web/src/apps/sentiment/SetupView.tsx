import { SENTIMENT, SENTIMENT_ERRORS, type SentimentAnalysis } from '@hangar/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, CloudOff, Play } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { fetchEngines, fetchEstimate, runAnalysis, sentimentKeys } from './api';
import { RaggedRowsNotice } from './RaggedRowsNotice';
import { SENTIMENT_TEXTS } from './texts';

interface SetupViewProps {
  analysis: SentimentAnalysis;
  onBack: () => void;
  onStarted: (a: SentimentAnalysis) => void;
}

const selectClass = 'w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm';

/** The columns (proposed by the server), the engine and its estimate; then the job's progress. */
export function SetupView({ analysis, onBack, onStarted }: SetupViewProps) {
  // A sheet already run keeps the columns of that run, "None" included; a new one takes the server's proposal.
  const ran = analysis.text_column !== null;
  const [text, setText] = useState(analysis.text_column ?? analysis.proposed.text);
  const [date, setDate] = useState((ran ? analysis.date_column : analysis.proposed.date) ?? '');
  const [category, setCategory] = useState((ran ? analysis.category_column : analysis.proposed.category) ?? '');
  // A failed run or a rerun keeps the engine chosen before.
  const [engine, setEngine] = useState<string>(analysis.engine ?? SENTIMENT.offlineEngine);
  // Rows with more fields than the header run only once a fix is chosen; a sheet run before chose it.
  const wider = analysis.ragged_rows?.wider.count ?? 0;
  const [join, setJoin] = useState(ran && wider > 0);
  const engines = useQuery({ queryKey: sentimentKeys.engines, queryFn: fetchEngines });
  const estimate = useQuery({
    queryKey: sentimentKeys.estimate(analysis.id, text, engine),
    queryFn: () => fetchEstimate(analysis.id, text, engine),
    enabled: engine !== SENTIMENT.offlineEngine,
  });
  const run = useMutation({
    mutationFn: () =>
      runAnalysis(analysis.id, {
        text_column: text,
        date_column: date || null,
        category_column: category || null,
        engine,
        ...(wider > 0 ? { join_extra_fields: join } : {}),
      }),
    onSuccess: onStarted,
  });
  const busy = analysis.state === 'queued' || analysis.state === 'running';
  const chosen = engines.data?.find((e) => e.id === engine);
  // Until the engines arrive, the offline analyser is known to cost nothing.
  const offline = chosen ? chosen.offline : engine === SENTIMENT.offlineEngine;
  const columns = analysis.columns;

  return (
    <section aria-label="Prepare the analysis" className="space-y-5">
      <button type="button" onClick={onBack} className="inline-flex items-center gap-1 text-fg-muted text-sm hover:text-fg">
        <ArrowLeft className="size-4" aria-hidden /> {SENTIMENT_TEXTS.another}
      </button>
      <div className="rounded-2xl border border-line p-4">
        <p className="font-semibold [overflow-wrap:anywhere]">{analysis.file_name}</p>
        <p className="text-fg-muted text-sm">
          {analysis.rows.toLocaleString('en')} rows, {columns.length} columns
        </p>
      </div>
      {analysis.ragged_rows && (
        <RaggedRowsNotice
          ragged={analysis.ragged_rows}
          rows={analysis.rows}
          textColumn={text}
          join={join}
          onJoin={setJoin}
          onUploadAgain={onBack}
          disabled={busy}
        />
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Picker label={SENTIMENT_TEXTS.textColumn} value={text} onChange={setText} columns={columns.map((c) => c.name)} disabled={busy} />
        <Picker
          label={SENTIMENT_TEXTS.dateColumn}
          value={date}
          onChange={setDate}
          columns={columns.map((c) => c.name)}
          optional
          disabled={busy}
        />
        <Picker
          label={SENTIMENT_TEXTS.categoryColumn}
          value={category}
          onChange={setCategory}
          columns={columns.map((c) => c.name)}
          optional
          disabled={busy}
        />
      </div>
      <Samples analysis={analysis} column={text} />
      <label className="block max-w-md space-y-1 text-sm">
        <span className="font-medium">{SENTIMENT_TEXTS.engine}</span>
        <select className={selectClass} value={engine} onChange={(e) => setEngine(e.target.value)} disabled={busy}>
          {(engines.data ?? []).map((e) => (
            <option key={e.id} value={e.id} disabled={!e.available}>
              {e.title}
              {e.available ? '' : ` (${e.reason})`}
            </option>
          ))}
        </select>
      </label>
      {engines.error && <ErrorBox message={engines.error.message} />}
      {offline ? (
        <p className="flex max-w-3xl items-start gap-2 text-fg-muted text-sm">
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden /> {SENTIMENT_TEXTS.offlineNote}
        </p>
      ) : (
        <p className="text-sm" data-testid="sentiment-estimate">
          {estimate.data
            ? `This run holds ${estimate.data.credits} credit${estimate.data.credits > 1 ? 's' : ''} while it runs, then is charged what the model really used. You have ${Math.round(estimate.data.remaining_credit)} left.`
            : estimate.error
              ? estimate.error.message
              : 'Estimating the credits...'}
        </p>
      )}
      {analysis.state === 'failed' && <ErrorBox message={analysis.error ?? SENTIMENT_ERRORS.failed} />}
      {run.error && <ErrorBox message={run.error.message} />}
      {busy ? (
        <div className="max-w-xl space-y-2" aria-live="polite">
          <div
            role="progressbar"
            aria-label="Analysis progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(analysis.progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-surface-strong"
          >
            <div className="h-full bg-accent transition-all" style={{ width: `${Math.max(3, analysis.progress * 100)}%` }} />
          </div>
          <p className="text-fg-muted text-sm">{analysis.step}</p>
        </div>
      ) : (
        <button
          type="button"
          disabled={run.isPending || !text || !chosen?.available || (wider > 0 && !join)}
          title={wider > 0 && !join ? SENTIMENT_TEXTS.raggedChoose : undefined}
          onClick={() => run.mutate()}
          className="inline-flex items-center gap-2 rounded-xl bg-accent px-4 py-2 font-medium text-accent-fg disabled:opacity-50"
        >
          {run.isPending ? <Spinner label="Starting..." /> : <Play className="size-4" aria-hidden />} {SENTIMENT_TEXTS.run}
        </button>
      )}
    </section>
  );
}

function ErrorBox({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      {message}
    </p>
  );
}

function Picker(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  columns: string[];
  optional?: boolean;
  disabled: boolean;
}) {
  return (
    <label className="block min-w-0 space-y-1 text-sm">
      <span className="font-medium">{props.label}</span>
      <select className={selectClass} value={props.value} onChange={(e) => props.onChange(e.target.value)} disabled={props.disabled}>
        {props.optional && <option value="">{SENTIMENT_TEXTS.none}</option>}
        {props.columns.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}

function Samples({ analysis, column }: { analysis: SentimentAnalysis; column: string }) {
  const samples = analysis.columns.find((c) => c.name === column)?.samples ?? [];
  if (!samples.length) return null;
  return (
    <div className="space-y-1 text-sm">
      <p className="text-fg-muted">First comments of this column:</p>
      <ul className="space-y-1">
        {samples.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: samples may repeat
          <li key={i} className="rounded-lg bg-surface px-3 py-2 [overflow-wrap:anywhere]">
            {s}
          </li>
        ))}
      </ul>
    </div>
  );
}
