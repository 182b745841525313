import { CREDITS } from '@hangar/contract';
import { CircleCheck, Coins, LoaderCircle, X } from 'lucide-react';
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { createCreditRequest } from '../../api/credits';
import { useCredits } from './CreditsProvider';
import { CREDIT_THANKS_SECONDS } from './constants';
import { formatCredits } from './credit-math';

export const CREDIT_MODAL_TITLE = 'Get more GenAI credits';

/** The contract's own cap on the message, so the field stops where the server would refuse. */
const MESSAGE_MAX_LENGTH = CREDITS.maxMessageLength;

type Phase = 'form' | 'sending' | 'thanks';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Text of the number field: 0 or less shows an empty field (spec section 5). */
const amountText = (amount: number) => (amount > 0 ? String(amount) : '');

/**
 * "Get more GenAI credits" (spec sections 2, 4 and 5): form -> sending -> thank-you view that
 * closes itself after a 5 s countdown; on a failure the modal closes without a message.
 */
export function CreditRequestModal({ onClose }: { onClose: () => void }) {
  const { markRequestPending, refresh } = useCredits();
  const [phase, setPhase] = useState<Phase>('form');
  const [amount, setAmount] = useState<number>(CREDITS.defaultRequest);
  const [message, setMessage] = useState('');
  const [secondsLeft, setSecondsLeft] = useState(CREDIT_THANKS_SECONDS);
  const sendingRef = useRef(false);
  const openRef = useRef(true);
  const dialogRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const thanksCloseRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const amountId = useId();
  const messageId = useId();

  function close() {
    // Spec section 4: the pending state starts when the thank-you view goes away.
    if (phase === 'thanks') markRequestPending();
    onClose();
  }
  const closeFromEffect = useEffectEvent(close);

  // Focus moves in on open and back to where it was (the Send request button) on close.
  useLayoutEffect(() => {
    openRef.current = true;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    amountRef.current?.focus();
    amountRef.current?.select();
    return () => {
      openRef.current = false;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape') closeFromEffect();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // One interval for the whole countdown: "Close (5s)" ... "Close (1s)", then the modal closes at 5 s.
  useEffect(() => {
    if (phase !== 'thanks') return;
    let left = CREDIT_THANKS_SECONDS;
    const timer = window.setInterval(() => {
      left -= 1;
      if (left > 0) return setSecondsLeft(left);
      window.clearInterval(timer);
      closeFromEffect();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase === 'thanks') thanksCloseRef.current?.focus();
  }, [phase]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second click (or Enter) while the first request is on its way sends nothing.
    if (sendingRef.current || amount <= 0) return;
    sendingRef.current = true;
    setPhase('sending');
    const note = message.trim();
    try {
      await createCreditRequest({ creditAsked: amount, ...(note ? { message: note } : {}) });
    } catch (error) {
      // Spec section 8: the modal closes silently. A 409 means a request is already pending,
      // which the refreshed status then shows in the panel.
      console.error('The credit request could not be sent.', error);
      void refresh();
      if (openRef.current) onClose();
      return;
    }
    if (openRef.current) setPhase('thanks');
    else markRequestPending(); // Closed while sending: no thank-you view, but the request stands.
  }

  function onAmountChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    const parsed = value === '' ? 0 : Math.trunc(Number(value));
    setAmount(Number.isFinite(parsed) ? parsed : 0);
  }

  function onAmountKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    // Handled here rather than by the browser so every browser steps by exactly 500 from the shown value.
    event.preventDefault();
    const base = Math.max(0, amount);
    setAmount(Math.max(0, base + (event.key === 'ArrowUp' ? CREDITS.requestStep : -CREDITS.requestStep)));
  }

  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const sending = phase === 'sending';
  const fieldClass =
    'mt-1.5 w-full rounded-lg border border-line bg-page px-3 py-2 text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-accent';

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only convenience; Escape and the Close buttons cover keyboards
    <div
      data-testid="credit-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4 backdrop-blur-sm"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={trapFocus}
        className="w-full max-w-md rounded-2xl border border-line bg-page text-fg shadow-2xl"
      >
        <header className="flex items-center justify-between gap-3 border-line border-b px-6 py-4">
          <h2 id={titleId} className="flex items-center gap-2.5 font-semibold text-lg">
            <Coins className="size-5 shrink-0 text-brand dark:text-accent" aria-hidden />
            {CREDIT_MODAL_TITLE}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            title="Close"
            className="rounded-lg p-1.5 text-fg-muted transition hover:bg-surface hover:text-fg"
          >
            <X className="size-5" aria-hidden />
          </button>
        </header>

        {phase === 'thanks' ? (
          <div className="flex flex-col items-center gap-3 px-6 py-7 text-center">
            <CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />
            <div role="status" className="space-y-1.5">
              <p className="font-semibold text-lg">Thank you!</p>
              <p className="text-fg-muted text-sm">
                Your request for {formatCredits(amount)} credits has been sent to the administrators. You will see its status in the
                sidebar.
              </p>
            </div>
            <button
              ref={thanksCloseRef}
              type="button"
              onClick={close}
              className="mt-2 rounded-xl bg-accent px-6 py-2.5 font-semibold text-accent-fg tabular-nums transition hover:opacity-90"
            >
              Close ({secondsLeft}s)
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void send(event)} className="space-y-4 px-6 py-5">
            <p className="text-fg-muted text-sm">Ask the administrators for more GenAI credits. They will review your request.</p>
            <div>
              <label htmlFor={amountId} className="font-medium text-sm">
                Amount of credits
              </label>
              <input
                ref={amountRef}
                id={amountId}
                type="number"
                inputMode="numeric"
                step={CREDITS.requestStep}
                value={amountText(amount)}
                onChange={onAmountChange}
                onKeyDown={onAmountKeyDown}
                className={`${fieldClass} tabular-nums`}
              />
            </div>
            <div>
              <label htmlFor={messageId} className="font-medium text-sm">
                Message (optional)
              </label>
              <textarea
                id={messageId}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                maxLength={MESSAGE_MAX_LENGTH}
                rows={4}
                placeholder="Why do you need more credits?"
                className={`${fieldClass} resize-y text-sm`}
              />
            </div>
            <div className="flex justify-end gap-2 pt-1">
              <button
                type="button"
                onClick={close}
                className="rounded-xl border border-line px-5 py-2.5 font-medium text-sm transition hover:bg-surface"
              >
                Cancel
              </button>
              <button
                type="submit"
                disabled={sending || amount <= 0}
                aria-busy={sending}
                className="inline-flex items-center gap-2 rounded-xl bg-accent px-6 py-2.5 font-semibold text-accent-fg text-sm transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {sending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
                {sending ? 'Sending...' : 'Send'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>,
    document.body,
  );
}
