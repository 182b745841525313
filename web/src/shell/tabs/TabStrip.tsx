import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { AppIcon } from '../../ui/AppIcon';
import { useTabs } from './TabsProvider';

export const tabDomId = (id: number) => `portal-tab-${id}`;
export const panelDomId = (id: number) => `portal-panel-${id}`;

export function TabStrip() {
  const { tabs, activeId, activateTab, closeTab } = useTabs();
  const listRef = useRef<HTMLDivElement>(null);

  // However many tabs are open, the active one is on screen (a tab opened from the menu lands at the end).
  useEffect(() => {
    const tab = listRef.current?.querySelector<HTMLElement>(`#${tabDomId(activeId)}`)?.parentElement;
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeId]);

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects; Delete closes the focused tab.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const focusedTab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (event.key === 'Delete' && focusedTab) {
      const focused = tabs.find((t) => tabDomId(t.id) === focusedTab.id);
      if (focused) closeTab(focused.id);
      return;
    }
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((t) => t.id === activeId);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    activateTab(next.id);
    listRef.current?.querySelector<HTMLElement>(`#${tabDomId(next.id)}`)?.focus();
  }

  return (
    // The strip holds each tab with its close button; the tablist owns only the tabs (aria-owns), since
    // a tablist may contain nothing but tabs and the close buttons must stay reachable.
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys come from the tabs inside; the tablist is the element below
    <div
      ref={listRef}
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-1 scroll-px-2 items-end gap-1 overflow-x-auto [scrollbar-width:thin]"
    >
      <div role="tablist" aria-label="Open applications" aria-owns={tabs.map((t) => tabDomId(t.id)).join(' ')} className="sr-only" />
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
              title={`Close ${tab.title} (Delete)`}
              onClick={() => closeTab(tab.id)}
              className="mr-1 inline-flex size-6 shrink-0 items-center justify-center rounded text-fg-subtle hover:bg-surface-strong hover:text-fg"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </div>
        );
      })}
    </div>
  );
}
