import { ScrollText } from 'lucide-react';
import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Logo } from '../../ui/Logo';
import { hasAcceptedPolicy, rememberPolicyAccepted } from './policy-cookie';
import { POLICY_INTRO, POLICY_SECTIONS, POLICY_TITLE } from './policy-text';

/** How close to the bottom counts as "read to the end" (sub-pixel scroll positions). */
export const SCROLL_END_THRESHOLD_PX = 4;

function reachedEnd(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - SCROLL_END_THRESHOLD_PX;
}

/** Full-screen policy shown until accepted once (cookie CGUAccepted). */
export function PolicyGate() {
  const [visible, setVisible] = useState(() => !hasAcceptedPolicy());
  const [readToEnd, setReadToEnd] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const gateRef = useRef<HTMLDivElement>(null);

  // A box that does not overflow (very tall screen) is read as soon as it shows.
  const checkFits = useCallback(() => {
    const box = boxRef.current;
    if (box && box.scrollHeight > 0 && reachedEnd(box)) setReadToEnd(true);
  }, []);

  useEffect(() => {
    if (!visible) return;
    checkFits();
    window.addEventListener('resize', checkFits);
    return () => window.removeEventListener('resize', checkFits);
  }, [visible, checkFits]);

  // The portal behind the gate can be neither tabbed to nor read until the policy is accepted.
  useEffect(() => {
    const gate = gateRef.current;
    if (!visible || !gate?.parentElement) return;
    const behind = [...gate.parentElement.children].filter((el): el is HTMLElement => el !== gate && el instanceof HTMLElement);
    for (const el of behind) el.inert = true;
    return () => {
      for (const el of behind) el.inert = false;
    };
  }, [visible]);

  if (!visible) return null;

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (reachedEnd(event.currentTarget)) setReadToEnd(true);
  }

  function accept() {
    rememberPolicyAccepted();
    setVisible(false);
  }

  // Full-screen (spec: "a full-screen policy"): the page itself, nothing of the portal behind it.
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="policy-title"
      ref={gateRef}
      data-testid="policy-gate"
      className="fixed inset-0 z-50 flex flex-col bg-page text-fg"
    >
      <header className="border-line border-b bg-surface">
        <div className="mx-auto flex w-full max-w-3xl items-center gap-3 px-6 py-5">
          {/* The title names Hangar: the mark alone keeps it on one line on a phone. */}
          <Logo size={32} showWordmark={false} />
          <ScrollText className="hidden size-6 shrink-0 text-brand sm:block dark:text-accent" aria-hidden />
          <h1 id="policy-title" className="font-semibold text-lg sm:text-xl">
            {POLICY_TITLE}
          </h1>
        </div>
      </header>
      <div
        ref={boxRef}
        data-testid="policy-scroll"
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be scrollable with the keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        <div className="mx-auto w-full max-w-3xl space-y-5 px-6 py-6 text-sm leading-relaxed">
          <p className="text-fg-muted">{POLICY_INTRO}</p>
          {POLICY_SECTIONS.map((section) => (
            <section key={section.title} className="space-y-2">
              <h2 className="font-semibold text-base">{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="text-fg-muted">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
      <footer className="border-line border-t bg-surface">
        <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-3 px-6 py-4">
          <p className="text-fg-muted text-sm" aria-live="polite">
            {readToEnd ? 'Thank you for reading the policy.' : 'Scroll to the end of the policy to accept it.'}
          </p>
          <button
            type="button"
            onClick={accept}
            disabled={!readToEnd}
            className="rounded-xl bg-accent px-6 py-2.5 font-semibold text-accent-fg transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-40"
          >
            Accept
          </button>
        </div>
      </footer>
    </div>
  );
}
