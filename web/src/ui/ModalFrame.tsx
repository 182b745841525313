import { X } from 'lucide-react';
import { type CSSProperties, type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';

export interface ModalFrameProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  /** Receives focus on open; else the first field or button. */
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
  /** Tailwind max-width class, or a pixel width (never wider than the window). */
  maxWidth: string | number;
  /** The header's side padding, matched to the body's. */
  padding?: 'px-5' | 'px-6';
  /** Scroll the body under a fixed header, rather than the whole panel. */
  scrollBody?: boolean;
  backdropTestId?: string;
}

/**
 * The one modal frame of the web app: portal, backdrop (a click outside closes), titled header with
 * a Close button, and useModalFocus (focus moves in and back, Tab stays inside, Escape closes).
 */
export function ModalFrame(props: ModalFrameProps) {
  const {
    title,
    onClose,
    children,
    role = 'dialog',
    icon,
    initialFocus,
    describedBy,
    maxWidth,
    padding = 'px-5',
    scrollBody,
    backdropTestId,
  } = props;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(ref, onClose, initialFocus);
  const style: CSSProperties | undefined = typeof maxWidth === 'number' ? { maxWidth } : undefined;
  const widthClass = typeof maxWidth === 'string' ? maxWidth : '';
  const layout = scrollBody ? 'flex flex-col overflow-hidden' : 'overflow-y-auto';
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only convenience; Escape and the Close button cover keyboards
    <div
      data-testid={backdropTestId}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3 backdrop-blur-sm sm:p-4"
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both support aria-modal */}
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        style={style}
        className={`max-h-[90vh] w-full ${widthClass} ${layout} rounded-2xl border border-line bg-page text-fg shadow-2xl`}
      >
        <header className={`flex shrink-0 items-center justify-between gap-3 border-line border-b ${padding} py-4`}>
          <h2 id={titleId} className="flex min-w-0 items-center gap-2.5 font-semibold text-lg">
            {icon}
            <span className="truncate">{title}</span>
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            title="Close"
            className="rounded-lg p-1.5 text-fg-muted transition hover:bg-surface hover:text-fg"
          >
            <X className="size-5" aria-hidden />
          </button>
        </header>
        {scrollBody ? <div className="min-h-0 flex-1 overflow-y-auto">{children}</div> : children}
      </div>
    </div>,
    document.body,
  );
}
