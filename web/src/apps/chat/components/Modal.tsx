import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../../../ui/useModalFocus';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Width in pixels (the dialog never exceeds the window). */
  width?: number;
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
}

/** The chat's modals: focus moves in and back, Tab stays inside, Escape and an outside click close. */
export function Modal({ title, onClose, children, width = 480, role = 'dialog', icon, initialFocus, describedBy }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(dialogRef, onClose, initialFocus);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only convenience; Escape and the Close button cover keyboards
    <div
      data-testid="chat-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3 backdrop-blur-sm sm:p-4"
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both support aria-modal */}
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        style={{ maxWidth: width }}
        className="flex max-h-[90vh] w-full flex-col overflow-hidden rounded-2xl border border-line bg-page text-fg shadow-2xl"
      >
        <header className="flex shrink-0 items-center justify-between gap-3 border-line border-b px-5 py-4">
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
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
