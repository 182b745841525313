import { TriangleAlert, X } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../../../ui/useModalFocus';
import { buttonClass } from './styles';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations; dialog for forms. */
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  width?: 'sm' | 'md' | 'lg';
  /** Receives focus on open; else the first field or button. */
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
}

const WIDTHS = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** A modal dialog: focus moves in and back, Tab stays inside, Escape and the backdrop close it. */
export function Dialog({ title, onClose, children, role = 'dialog', icon, width = 'md', initialFocus, describedBy }: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(dialogRef, onClose, initialFocus);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only convenience; Escape and the Close buttons cover keyboards
    <div
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4 backdrop-blur-sm"
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both support aria-modal */}
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className={`max-h-[90vh] w-full ${WIDTHS[width]} overflow-y-auto rounded-2xl border border-line bg-page text-fg shadow-2xl`}
      >
        <header className="flex items-center justify-between gap-3 border-line border-b px-6 py-4">
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

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Destructive actions get a red button (the default). */
  tone?: 'danger' | 'default';
}

function ConfirmDialog({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (ok: boolean) => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const bodyId = useId();
  const danger = (options.tone ?? 'danger') === 'danger';
  return (
    <Dialog
      role="alertdialog"
      title={options.title}
      onClose={() => onAnswer(false)}
      width="sm"
      initialFocus={cancelRef}
      describedBy={bodyId}
      icon={danger ? <TriangleAlert className="size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden /> : undefined}
    >
      <div className="space-y-5 px-6 py-5">
        <div id={bodyId} className="text-fg-muted text-sm">
          {options.body}
        </div>
        <div className="flex justify-end gap-2">
          <button ref={cancelRef} type="button" onClick={() => onAnswer(false)} className={buttonClass('secondary')}>
            Cancel
          </button>
          <button type="button" onClick={() => onAnswer(true)} className={buttonClass(danger ? 'danger' : 'primary')}>
            {options.confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * `const [confirm, confirmDialog] = useConfirm()`: render `confirmDialog`, then
 * `if (await confirm({...})) doIt()`. Resolves false on Cancel, Escape or a backdrop click.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (ok: boolean) => void } | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending({ options, resolve });
      }),
    [],
  );
  const dialog = pending ? (
    <ConfirmDialog
      options={pending.options}
      onAnswer={(ok) => {
        pending.resolve(ok);
        setPending(null);
      }}
    />
  ) : null;
  return [confirm, dialog];
}
