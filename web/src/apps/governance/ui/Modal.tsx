import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../../../ui/useModalFocus';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  wide?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
}

/** A modal: Escape and a click outside close it; focus stays inside while it is open. */
export function Modal({ title, onClose, children, role = 'dialog', icon, wide = false, initialFocus }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(ref, onClose, initialFocus);
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only convenience; Escape and the Close button cover keyboards
    <div
      data-testid="governance-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4 backdrop-blur-sm"
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both support aria-modal */}
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        className={`max-h-[90vh] w-full ${wide ? 'max-w-2xl' : 'max-w-md'} overflow-y-auto rounded-2xl border border-line bg-page text-fg shadow-2xl`}
      >
        <header className="flex items-center justify-between gap-3 border-line border-b px-5 py-4">
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
        {children}
      </div>
    </div>,
    document.body,
  );
}
