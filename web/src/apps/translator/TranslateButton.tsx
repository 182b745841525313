import { Languages } from 'lucide-react';
import { TRANSLATOR_TEXTS } from './texts';
import type { RunProgress } from './useTranslationRun';

interface TranslateButtonProps {
  /** Credits of the estimate, once known. */
  usage: number | null;
  overLimit: boolean;
  estimating: boolean;
  progress: RunProgress | null;
  onClick: () => void;
}

/** Spec: "Translate" plus " | N credit" once estimated, "Loading..." while running, "Too much pages in file" when over the limit. */
export function translateButtonLabel(usage: number | null, overLimit: boolean, running: boolean): string {
  if (running) return TRANSLATOR_TEXTS.loading;
  if (overLimit) return TRANSLATOR_TEXTS.tooManyPages;
  return usage === null ? TRANSLATOR_TEXTS.translate : `${TRANSLATOR_TEXTS.translate} | ${Math.round(usage)} credit`;
}

export function TranslateButton({ usage, overLimit, estimating, progress, onClick }: TranslateButtonProps) {
  const running = progress !== null;
  const percent = progress ? Math.round(progress.progress * 100) : 0;
  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={onClick}
        disabled={running || overLimit || estimating}
        className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-accent px-4 py-2.5 font-semibold text-accent-fg text-sm transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto"
      >
        <Languages className="size-4" aria-hidden />
        {translateButtonLabel(usage, overLimit, running)}
      </button>
      {estimating && !running && <p className="text-fg-muted text-sm">{TRANSLATOR_TEXTS.estimating}</p>}
      {progress && (
        <div className="space-y-1" aria-live="polite">
          <div
            role="progressbar"
            aria-label="Translation progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-surface-strong"
          >
            <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-fg-muted text-sm" data-testid="translator-step">
            {progress.step} ({percent}%)
          </p>
        </div>
      )}
    </div>
  );
}
