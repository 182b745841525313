import { ScrollText } from 'lucide-react';
import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
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

  if (!visible) return null;

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (reachedEnd(event.currentTarget)) setReadToEnd(true);
  }

  function accept() {
    rememberPolicyAccepted();
    setVisible(false);
  }

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="policy-title"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4 backdrop-blur-sm"
    >
      <div className="flex max-h-full w-full max-w-3xl flex-col rounded-2xl border border-line bg-page shadow-2xl">
        <header className="flex items-center gap-3 border-line border-b px-6 py-5">
          <ScrollText className="size-6 shrink-0 text-brand dark:text-accent" aria-hidden />
          <h2 id="policy-title" className="font-semibold text-xl">
            {POLICY_TITLE}
          </h2>
        </header>
        <div
          ref={boxRef}
          data-testid="policy-scroll"
          onScroll={onScroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be scrollable with the keyboard
          tabIndex={0}
          className="max-h-[55vh] space-y-5 overflow-y-auto px-6 py-5 text-sm leading-relaxed"
        >
          <p className="text-fg-muted">{POLICY_INTRO}</p>
          {POLICY_SECTIONS.map((section) => (
            <section key={section.title} className="space-y-2">
              <h3 className="font-semibold text-base">{section.title}</h3>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="text-fg-muted">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
        <footer className="flex flex-wrap items-center justify-between gap-3 border-line border-t px-6 py-4">
          <p className="text-fg-subtle text-sm" aria-live="polite">
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
        </footer>
      </div>
    </div>
  );
}
