import { TriangleAlert } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useId, useRef, useState } from 'react';
import { ModalFrame } from '../../../ui/ModalFrame';
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

/** A modal dialog of the admin area (forms and confirmations). */
export function Dialog({ width = 'md', ...props }: DialogProps) {
  return <ModalFrame {...props} maxWidth={WIDTHS[width]} padding="px-6" />;
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
