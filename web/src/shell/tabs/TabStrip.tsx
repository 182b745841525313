import { X } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { AppIcon } from '../../ui/AppIcon';
import { useTabs } from './TabsProvider';

export const tabDomId = (id: number) => `portal-tab-${id}`;
export const panelDomId = (id: number) => `portal-panel-${id}`;

export function TabStrip() {
  const { tabs, activeId, activateTab, closeTab } = useTabs();
  const listRef = useRef<HTMLDivElement>(null);

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((t) => t.id === activeId);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    activateTab(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${tabDomId(next.id)}`)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label="Open applications"
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-1 items-end gap-1 overflow-x-auto"
    >
      {tabs.map((tab) => {
        const selected = tab.id === activeId;
        return (
          <div
            key={tab.id}
            className={`group flex max-w-56 shrink-0 items-center rounded-t-lg border border-b-0 transition ${
              selected ? 'border-line bg-page text-fg' : 'border-transparent text-fg-muted hover:bg-surface hover:text-fg'
            }`}
          >
            <button
              type="button"
              role="tab"
              id={tabDomId(tab.id)}
              aria-selected={selected}
              aria-controls={panelDomId(tab.id)}
              tabIndex={selected ? 0 : -1}
              title={tab.title}
              onClick={() => activateTab(tab.id)}
              className="flex min-w-0 items-center gap-2 py-2 pr-1 pl-3 font-medium text-sm"
            >
              <AppIcon name={tab.icon} className="size-4 shrink-0" />
              <span className="truncate">{tab.title}</span>
            </button>
            <button
              type="button"
              aria-label={`Close ${tab.title}`}
              title={`Close ${tab.title}`}
              onClick={() => closeTab(tab.id)}
              className="mr-1.5 rounded p-1 text-fg-subtle hover:bg-surface-strong hover:text-fg"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </div>
        );
      })}
    </div>
  );
}
