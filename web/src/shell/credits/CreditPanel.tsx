import { CREDIT_TEXTS } from '@hangar/contract';
import { Coins, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { CreditRequestModal } from './CreditRequestModal';
import { useCredits } from './CreditsProvider';
import { creditSummary, usedPercent } from './credit-math';

const barColour = (low: boolean) => (low ? 'bg-red-400' : 'bg-emerald-400');
const ringColour = (low: boolean) => (low ? 'stroke-red-400' : 'stroke-emerald-400');

const clampPercent = (ratio: number) => Math.min(100, Math.max(0, Math.round(ratio * 100)));

/** The ring of the collapsed sidebar: the remaining share of the limit, green or red. */
function CreditRing({ ratio, low }: { ratio: number; low: boolean }) {
  const radius = 9;
  const circumference = 2 * Math.PI * radius;
  const filled = (clampPercent(ratio) / 100) * circumference;
  return (
    <svg viewBox="0 0 24 24" className="-rotate-90 size-6 shrink-0" aria-hidden>
      <circle cx="12" cy="12" r={radius} fill="none" strokeWidth="3" className="stroke-sidebar-active" />
      <circle
        cx="12"
        cy="12"
        r={radius}
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray={`${filled} ${circumference}`}
        className={`${ringColour(low)} transition-[stroke-dasharray] duration-300`}
      />
    </svg>
  );
}

/**
 * The sidebar's GenAI credit panel (spec sections 2 and 9): usage bar, "X / Y credits", the
 * low-credit warning at 20% or below, and the "Send request" button that opens the request
 * modal, replaced by "Your request is being reviewed." while a request is pending.
 */
export function CreditPanel({ sidebarOpen }: { sidebarOpen: boolean }) {
  const { remaining, limit, pct, isLow, isPending } = useCredits();
  const [modalOpen, setModalOpen] = useState(false);
  const titleId = useId();

  const modal = modalOpen ? <CreditRequestModal onClose={() => setModalOpen(false)} /> : null;

  if (remaining === null || pct === null) {
    return <div aria-hidden className={`animate-pulse rounded-lg bg-sidebar-hover ${sidebarOpen ? 'h-28' : 'mx-auto size-10'}`} />;
  }

  const summary = creditSummary(remaining, limit);
  const lowText = isLow ? CREDIT_TEXTS.low(usedPercent(remaining, limit)) : null;
  const level = isLow ? 'low' : 'ok';

  if (!sidebarOpen) {
    const tooltip = ['GenAI credits', summary, lowText, isPending ? CREDIT_TEXTS.reviewing : null].filter(Boolean).join('\n');
    return (
      <>
        {isPending ? (
          <div
            role="img"
            aria-label={tooltip}
            title={tooltip}
            data-testid="credit-indicator"
            data-level={level}
            className="flex w-full justify-center rounded-lg px-3 py-2"
          >
            <CreditRing ratio={pct} low={isLow} />
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setModalOpen(true)}
            title={`${tooltip}\nSend request`}
            data-testid="credit-indicator"
            data-level={level}
            className="flex w-full justify-center rounded-lg px-3 py-2 text-sidebar-fg transition hover:bg-sidebar-hover"
          >
            <CreditRing ratio={pct} low={isLow} />
            <span className="sr-only">Send request</span>
          </button>
        )}
        {modal}
      </>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="credit-panel"
      data-level={level}
      className="space-y-2 rounded-lg bg-sidebar-hover/60 p-3 text-sidebar-fg"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-sm">
        <Coins className="size-4 shrink-0" aria-hidden />
        GenAI credits
      </h2>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clampPercent(pct)}
        aria-valuetext={summary}
        className="h-2 overflow-hidden rounded-full bg-sidebar-active"
      >
        <div
          data-testid="credit-bar"
          className={`h-full rounded-full ${barColour(isLow)} transition-[width] duration-300`}
          style={{ width: `${clampPercent(pct)}%` }}
        />
      </div>
      <p className="text-sidebar-fg/90 text-xs tabular-nums">{summary}</p>
      {lowText && <p className="font-medium text-red-300 text-xs leading-snug">{lowText}</p>}
      {isPending ? (
        <p role="status" className="rounded-md bg-sidebar-hover px-2.5 py-2 text-sidebar-fg/90 text-xs leading-snug">
          {CREDIT_TEXTS.reviewing}
        </p>
      ) : (
        <button
          type="button"
          onClick={() => setModalOpen(true)}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-sidebar-fg px-3 py-1.5 font-semibold text-sidebar text-sm transition hover:opacity-90"
        >
          <Send className="size-4 shrink-0" aria-hidden />
          Send request
        </button>
      )}
      {modal}
    </section>
  );
}
