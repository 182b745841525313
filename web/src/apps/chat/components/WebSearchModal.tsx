import { Globe, ShieldAlert } from 'lucide-react';
import { CHAT_TEXTS } from '../constants';
import { Modal } from './Modal';

/** SEARCH: web search is not part of the secured chat; it only points to external tools, with a warning. */
export function WebSearchModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={CHAT_TEXTS.webSearchTitle} onClose={onClose} icon={<Globe className="size-5 shrink-0 text-fg-muted" aria-hidden />}>
      <div className="space-y-4 px-5 py-5 text-sm">
        <p className="text-fg-muted">{CHAT_TEXTS.webSearchBody}</p>
        <p className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">Security warning: </strong>
            {CHAT_TEXTS.webSearchWarning}
          </span>
        </p>
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onClose}
            className="rounded-xl bg-accent px-5 py-2 font-semibold text-accent-fg transition hover:opacity-90"
          >
            Got it
          </button>
        </div>
      </div>
    </Modal>
  );
}
