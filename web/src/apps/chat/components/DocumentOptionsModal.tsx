import type { MenuItem } from '@hangar/contract';
import { FileStack } from 'lucide-react';
import { AppIcon } from '../../../ui/AppIcon';
import { DOCUMENT_SHORTCUTS } from '../constants';
import { Modal } from './Modal';

interface DocumentOptionsModalProps {
  menuItems: readonly MenuItem[];
  onTranslator: () => void;
  onOpenTab: (item: MenuItem) => void;
  onClose: () => void;
}

/** DOCUMENT_OPT: the Translator and Multi Docs shortcuts, each for users whose menu has the tab. */
export function DocumentOptionsModal({ menuItems, onTranslator, onOpenTab, onClose }: DocumentOptionsModalProps) {
  const shortcuts = DOCUMENT_SHORTCUTS.flatMap((s) => {
    const item = menuItems.find((i) => i.id === s.tabId);
    return item ? [{ ...s, item }] : [];
  });
  return (
    <Modal title="Documents" onClose={onClose} icon={<FileStack className="size-5 shrink-0 text-fg-muted" aria-hidden />}>
      <ul className="grid gap-2 px-5 py-5 sm:grid-cols-2">
        {shortcuts.map((s) => (
          <li key={s.tabId}>
            <button
              type="button"
              onClick={() => (s.kind === 'translator' ? onTranslator() : onOpenTab(s.item))}
              className="flex h-full w-full flex-col gap-1 rounded-xl border border-line px-4 py-3 text-left transition hover:border-accent hover:bg-surface"
            >
              <span className="flex items-center gap-2 font-semibold text-sm">
                <AppIcon name={s.item.icon} className="size-4 shrink-0" />
                {s.label}
              </span>
              <span className="text-fg-muted text-xs">{s.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** Whether the user holds any of the shortcuts, so the composer offers the Documents button. */
export function hasDocumentShortcuts(menuItems: readonly MenuItem[]): boolean {
  return DOCUMENT_SHORTCUTS.some((s) => menuItems.some((i) => i.id === s.tabId));
}
