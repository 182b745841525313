import {
  SENTIMENT_LABELS,
  type SentimentAnalysis,
  type SentimentComment,
  type SentimentFilter,
  type SentimentLabel,
} from '@hangar/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, RotateCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { downloadEnriched, fetchResult, sentimentKeys } from './api';
import { LABEL_BADGE, LABEL_BAR, LABEL_TEXT, SENTIMENT_TEXTS } from './texts';

type Counts = Record<SentimentLabel, number>;
const inputClass = 'rounded-lg border border-line bg-surface px-3 py-1.5 text-sm';

/** The picture of a finished analysis, under filters, and the enriched sheet to download. */
export function ResultView({ analysis, onBack, onRerun }: { analysis: SentimentAnalysis; onBack: () => void; onRerun: () => void }) {
  const [filter, setFilter] = useState<SentimentFilter>({});
  const result = useQuery({
    queryKey: sentimentKeys.result(analysis.id, filter),
    queryFn: () => fetchResult(analysis.id, filter),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({ mutationFn: (format: 'xlsx' | 'csv') => downloadEnriched(analysis.id, format) });
  const set = (key: keyof SentimentFilter, value: string) => setFilter((f) => ({ ...f, [key]: value || undefined }));
  const r = result.data;

  return (
    <section aria-label="Sentiment result" className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={onBack} className="inline-flex items-center gap-1 text-fg-muted text-sm hover:text-fg">
          <ArrowLeft className="size-4" aria-hidden /> {SENTIMENT_TEXTS.another}
        </button>
        <span className="min-w-0 flex-1 font-semibold [overflow-wrap:anywhere]">
          {analysis.file_name} · {analysis.text_column} · {analysis.engine === 'offline' ? 'offline analyser' : analysis.engine}
          {analysis.credits > 0 ? ` · ${analysis.credits} credits` : ''}
        </span>
        <button
          type="button"
          onClick={onRerun}
          className="inline-flex items-center gap-1 rounded-lg border border-line px-3 py-1.5 text-sm hover:border-accent"
        >
          <RotateCw className="size-4" aria-hidden /> Change columns or engine
        </button>
        {(['xlsx', 'csv'] as const).map((format) => (
          <button
            key={format}
            type="button"
            disabled={download.isPending}
            onClick={() => download.mutate(format)}
            className="inline-flex items-center gap-1 rounded-lg bg-accent px-3 py-1.5 font-medium text-accent-fg text-sm disabled:opacity-50"
          >
            <Download className="size-4" aria-hidden /> Download .{format}
          </button>
        ))}
      </div>
      {download.error && (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {download.error.message}
        </p>
      )}

      <fieldset className="flex flex-wrap items-end gap-3 rounded-2xl border border-line p-3">
        <legend className="px-1 font-semibold text-fg-subtle text-xs uppercase tracking-wider">Filters</legend>
        <Field label="Sentiment">
          <select aria-label="Sentiment" className={inputClass} value={filter.label ?? ''} onChange={(e) => set('label', e.target.value)}>
            <option value="">All</option>
            {SENTIMENT_LABELS.map((l) => (
              <option key={l} value={l}>
                {LABEL_TEXT[l]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Language">
          <select
            aria-label="Language"
            className={inputClass}
            value={filter.language ?? ''}
            onChange={(e) => set('language', e.target.value)}
          >
            <option value="">All</option>
            {r?.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </Field>
        {analysis.category_column && (
          <Field label={analysis.category_column}>
            <select
              aria-label={analysis.category_column}
              className={`${inputClass} max-w-48`}
              value={filter.category ?? ''}
              onChange={(e) => set('category', e.target.value)}
            >
              <option value="">All</option>
              {r?.categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
        )}
        {analysis.date_column && (
          <>
            <Field label="From">
              <input
                type="date"
                aria-label="From"
                className={inputClass}
                value={filter.from ?? ''}
                onChange={(e) => set('from', e.target.value)}
              />
            </Field>
            <Field label="To">
              <input
                type="date"
                aria-label="To"
                className={inputClass}
                value={filter.to ?? ''}
                onChange={(e) => set('to', e.target.value)}
              />
            </Field>
          </>
        )}
        <Field label="Comment contains">
          <input
            type="search"
            aria-label="Comment contains"
            className={inputClass}
            value={filter.q ?? ''}
            maxLength={200}
            onChange={(e) => set('q', e.target.value)}
          />
        </Field>
      </fieldset>

      {!r ? (
        result.error ? (
          <p role="alert">{result.error.message}</p>
        ) : (
          <Spinner label="Computing the result..." />
        )
      ) : r.matching === 0 ? (
        <EmptyState icon={SearchX} title={SENTIMENT_TEXTS.noMatch} />
      ) : (
        <div className="space-y-5">
          <Card title={`Distribution (${r.matching.toLocaleString('en')} of ${r.total.toLocaleString('en')} comments)`}>
            <StackedBar counts={r.distribution} tall />
            <Legend counts={r.distribution} />
          </Card>
          <div className="grid gap-5 lg:grid-cols-2">
            {r.time_unit && (
              <Card title={`Over time (by ${r.time_unit})`}>
                <div className="flex h-40 items-end gap-1 overflow-x-auto" data-testid="sentiment-over-time">
                  {r.over_time.map((p) => {
                    const max = Math.max(...r.over_time.map(total));
                    return (
                      <div key={p.period} className="flex h-full min-w-3 flex-1 flex-col justify-end" title={`${p.period}: ${describe(p)}`}>
                        <div className="flex flex-col-reverse overflow-hidden rounded-t" style={{ height: `${(total(p) / max) * 100}%` }}>
                          {SENTIMENT_LABELS.map((l) => (
                            <div key={l} className={LABEL_BAR[l]} style={{ height: `${(p[l] / Math.max(1, total(p))) * 100}%` }} />
                          ))}
                        </div>
                      </div>
                    );
                  })}
                </div>
                <p className="mt-1 flex justify-between text-fg-muted text-xs">
                  <span>{r.over_time[0]?.period}</span>
                  <span>{r.over_time.at(-1)?.period}</span>
                </p>
              </Card>
            )}
            {r.by_category.length > 0 && (
              <Card title={`By ${analysis.category_column ?? 'category'}`}>
                <Rows items={r.by_category.map((c) => ({ name: c.category, counts: c }))} />
              </Card>
            )}
            <Card title="By language">
              <Rows items={r.by_language.map((c) => ({ name: c.language === '?' ? 'Undetermined' : c.language, counts: c }))} />
            </Card>
            <Card title="Key phrases">
              {r.key_phrases.length === 0 ? (
                <p className="text-fg-muted text-sm">No phrase comes back in several comments.</p>
              ) : (
                <ul className="flex flex-wrap gap-1.5">
                  {r.key_phrases.map((p) => (
                    <li
                      key={p.phrase}
                      title={`${p.count} comments, average score ${p.score}`}
                      className={`rounded-full px-2.5 py-0.5 text-xs ${LABEL_BADGE[p.score >= 0.15 ? 'positive' : p.score <= -0.15 ? 'negative' : 'neutral']}`}
                    >
                      {p.phrase} <span className="opacity-70">{p.count}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <Card title="Most positive">
              <Comments items={r.most_positive} />
            </Card>
            <Card title="Most negative">
              <Comments items={r.most_negative} />
            </Card>
          </div>
          <Card title={`Comments${r.matching > r.comments.length ? ` (the first ${r.comments.length}; the download has them all)` : ''}`}>
            <Comments items={r.comments} />
          </Card>
        </div>
      )}
    </section>
  );
}

const total = (c: Counts) => c.positive + c.neutral + c.negative;
const describe = (c: Counts) => SENTIMENT_LABELS.map((l) => `${c[l]} ${l}`).join(', ');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className="flex flex-col gap-1 text-fg-muted text-xs">
      {label}
      {children}
    </label>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-2xl border border-line p-4">
      <h3 className="mb-3 font-semibold text-sm">{title}</h3>
      {children}
    </div>
  );
}

function StackedBar({ counts, tall = false }: { counts: Counts; tall?: boolean }) {
  const sum = Math.max(1, total(counts));
  return (
    <div
      className={`flex w-full overflow-hidden rounded-full bg-surface-strong ${tall ? 'h-4' : 'h-2.5'}`}
      role="img"
      aria-label={describe(counts)}
    >
      {SENTIMENT_LABELS.map((l) => (
        <div key={l} className={LABEL_BAR[l]} style={{ width: `${(counts[l] / sum) * 100}%` }} />
      ))}
    </div>
  );
}

function Legend({ counts }: { counts: Counts }) {
  const sum = Math.max(1, total(counts));
  return (
    <ul className="mt-2 flex flex-wrap gap-4 text-sm" data-testid="sentiment-distribution">
      {SENTIMENT_LABELS.map((l) => (
        <li key={l} className="flex items-center gap-1.5">
          <span className={`size-2.5 rounded-full ${LABEL_BAR[l]}`} aria-hidden />
          {LABEL_TEXT[l]}: {counts[l].toLocaleString('en')} ({Math.round((counts[l] / sum) * 100)}%)
        </li>
      ))}
    </ul>
  );
}

function Rows({ items }: { items: { name: string; counts: Counts }[] }) {
  return (
    <ul className="space-y-2">
      {items.map((i) => (
        <li key={i.name} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2 text-sm">
          <span className="truncate" title={i.name}>
            {i.name}
          </span>
          <StackedBar counts={i.counts} />
          <span className="text-fg-muted text-xs tabular-nums">{total(i.counts).toLocaleString('en')}</span>
        </li>
      ))}
    </ul>
  );
}

function Comments({ items }: { items: SentimentComment[] }) {
  if (!items.length) return <p className="text-fg-muted text-sm">None.</p>;
  return (
    <ul className="divide-y divide-line">
      {items.map((c) => (
        <li key={c.row} className="space-y-1 py-2 text-sm">
          <p className="[overflow-wrap:anywhere]">{c.text}</p>
          <p className="flex flex-wrap items-center gap-2 text-fg-muted text-xs">
            <span className={`rounded-full px-2 py-0.5 font-medium ${LABEL_BADGE[c.label]}`}>
              {LABEL_TEXT[c.label]} {c.score}
            </span>
            <span>row {c.row}</span>
            {c.language && <span>{c.language}</span>}
            {c.date && <span>{c.date}</span>}
            {c.category && <span className="[overflow-wrap:anywhere]">{c.category}</span>}
            {c.key_phrases.length > 0 && <span className="[overflow-wrap:anywhere]">· {c.key_phrases.join(', ')}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
