import type { DataAnswer, DataCatalogue } from '@hangar/contract';
import type { ECharts } from 'echarts/core';
import { Download, Image, MessageCircleQuestion, Star } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { saveBlob } from '../../pages/download/download-file';
import { useTheme } from '../../shell/theme/ThemeProvider';
import { AnswerChart } from './AnswerChart';
import { AnswerNotes } from './AnswerNotes';
import { AnswerTable } from './AnswerTable';
import { chartOption } from './chart-option';
import { dataUrlToBlob, exportName, formatValue, resultCsv } from './format';
import { HowComputed } from './HowComputed';
import { KpiLinks } from './KpiLinks';
import { ANALYTICS_TEXTS as T } from './texts';

const buttonClass =
  'inline-flex items-center gap-1.5 rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-surface disabled:opacity-40';

/** One answer: the reading, how the question was read, warnings, the chart, the rows and their provenance. */
export function AnswerView({
  answer,
  catalogue,
  onSave,
}: {
  answer: DataAnswer;
  catalogue: DataCatalogue | undefined;
  onSave: () => void;
}) {
  const { theme } = useTheme();
  const chartRef = useRef<ECharts | null>(null);
  const [chartReady, setChartReady] = useState(false);
  const result = answer.result;
  const drawn = answer.chart === 'line' || answer.chart === 'bar' || answer.chart === 'donut' ? answer.chart : null;
  const option = useMemo(() => (drawn && result ? chartOption(drawn, result, theme) : null), [drawn, result, theme]);

  function onChart(chart: ECharts | null) {
    chartRef.current = chart;
    setChartReady(chart !== null);
  }

  function exportCsv() {
    if (!result) return;
    saveBlob(new Blob([`\uFEFF${resultCsv(result)}\r\n`], { type: 'text/csv;charset=utf-8' }), exportName(answer.question, 'csv'));
  }

  function exportPng() {
    const chart = chartRef.current;
    if (!chart) return;
    const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: theme === 'dark' ? '#111827' : '#ffffff' });
    saveBlob(dataUrlToBlob(url), exportName(answer.question, 'png'));
  }

  if (answer.status === 'clarification') {
    return (
      <section className="space-y-3 rounded-2xl border border-line p-4" data-testid="analytics-clarification">
        <div className="flex items-start gap-3">
          <MessageCircleQuestion className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
          <div className="space-y-1">
            <p className="font-semibold">{T.clarifyTitle}</p>
            <p>{answer.clarification}</p>
          </div>
        </div>
        <Ignored words={answer.ignored} />
        <AnswerNotes notes={answer.notices} testId="analytics-notices" />
      </section>
    );
  }

  const card = answer.chart === 'card' && result ? cardValue(result) : null;
  return (
    <section className="space-y-4" data-testid="analytics-answer">
      {answer.understood && (
        <p className="text-sm">
          <span className="text-fg-muted">{T.understood}: </span>
          <span className="font-medium" data-testid="analytics-understood">
            {answer.understood}
          </span>
        </p>
      )}
      {answer.period && (
        <p className="text-sm">
          <span className="text-fg-muted">{T.periodCovered}: </span>
          <span className="font-medium" data-testid="analytics-period">
            {answer.period}
          </span>
        </p>
      )}
      <Ignored words={answer.ignored} />
      <AnswerNotes notes={answer.notices} testId="analytics-notices" />
      <AnswerNotes notes={answer.quality} testId="analytics-quality" />
      {answer.narrative && (
        <p className="text-base leading-relaxed" data-testid="analytics-narrative">
          {answer.narrative}
        </p>
      )}
      {card && (
        <div className="rounded-2xl border border-line bg-surface px-6 py-5" data-testid="analytics-card">
          <p className="text-fg-muted text-sm">{card.label}</p>
          <p className="font-semibold text-4xl tabular-nums">{formatValue(card.value, card.unit)}</p>
        </div>
      )}
      {option && <AnswerChart option={option} label={T.chartLabel(answer.understood ?? answer.question)} onChart={onChart} />}
      {result && result.rows.length > 0 && <AnswerTable key={answer.id} result={result} />}
      <div className="flex flex-wrap gap-2">
        {result && result.rows.length > 0 && (
          <button type="button" className={buttonClass} onClick={exportCsv}>
            <Download className="size-4" aria-hidden />
            {T.exportCsv}
          </button>
        )}
        {option && (
          <button type="button" className={buttonClass} onClick={exportPng} disabled={!chartReady}>
            <Image className="size-4" aria-hidden />
            {T.exportPng}
          </button>
        )}
        <button type="button" className={buttonClass} onClick={onSave}>
          <Star className="size-4" aria-hidden />
          {T.save}
        </button>
      </div>
      <HowComputed answer={answer} catalogue={catalogue} />
      <KpiLinks kpis={answer.kpis} quality={answer.qualityStatus} />
    </section>
  );
}

function Ignored({ words }: { words: readonly string[] }) {
  if (words.length === 0) return null;
  return (
    <p className="text-fg-muted text-sm" data-testid="analytics-ignored">
      {T.ignored}: {words.map((w) => `“${w}”`).join(', ')}
    </p>
  );
}

function cardValue(result: NonNullable<DataAnswer['result']>) {
  const index = result.columns.findIndex((c) => c.kind === 'measure');
  const column = result.columns[index];
  if (!column) return null;
  return { label: column.label, unit: column.unit, value: result.rows[0]?.[index] ?? null };
}
