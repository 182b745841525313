import { ChevronDown, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AppIcon } from '../../ui/AppIcon';
import { useTabs } from './TabsProvider';

/**
 * A disclosure (not an ARIA menu: each row holds two buttons) listing every open tab, for when the strip cannot show them all (issue 13): pick one to
 * switch to it, or close it from here. Escape or a click outside closes the list.
 */
export function TabOverflowMenu() {
  const { tabs, activeId, activateTab, closeTab } = useTabs();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    root?.querySelector<HTMLElement>('[data-current="true"]')?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!root?.contains(event.target as Node)) setOpen(false);
    }
    // Escape closes and returns focus to the button; the arrow keys walk the list.
    function onKeyDown(event: KeyboardEvent) {
      // Focus may have fallen to the page when the row it was on closed.
      const focusInside = root?.contains(document.activeElement) || document.activeElement === document.body;
      if (!root || !focusInside) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      const items = [...(root.querySelectorAll<HTMLElement>('[data-switch-tab]') ?? [])];
      const index = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  const label = `All open tabs (${tabs.length})`;
  return (
    <div ref={rootRef} className="relative shrink-0 self-center">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-9 items-center gap-1 rounded-lg border border-line px-2 text-fg-muted text-sm transition hover:bg-surface hover:text-fg"
      >
        <span aria-hidden className="font-medium tabular-nums">
          {tabs.length}
        </span>
        <ChevronDown className="size-4" aria-hidden />
      </button>
      {open ? (
        <ul
          id={listId}
          aria-label="Open tabs"
          className="absolute right-0 z-40 mt-2 max-h-[70vh] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-line bg-page p-1 shadow-lg"
        >
          {tabs.map((tab) => {
            const current = tab.id === activeId;
            return (
              <li key={tab.id} className={`flex items-center rounded-lg ${current ? 'bg-surface' : 'hover:bg-surface'}`}>
                <button
                  type="button"
                  data-switch-tab
                  data-current={current}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => {
                    activateTab(tab.id);
                    close();
                  }}
                  className="flex min-w-0 flex-1 items-center gap-2 px-3 py-2 text-left text-fg text-sm"
                >
                  <AppIcon name={tab.icon} className="size-4 shrink-0" />
                  <span className={`truncate ${current ? 'font-semibold' : ''}`}>{tab.title}</span>
                </button>
                <button
                  type="button"
                  aria-label={`Close ${tab.title}`}
                  title={`Close ${tab.title}`}
                  onClick={(event) => {
                    // The row goes away: keep focus in the list, on the row that takes its place.
                    const row = event.currentTarget.closest('li');
                    const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
                    neighbour?.querySelector<HTMLElement>('[data-switch-tab]')?.focus();
                    closeTab(tab.id);
                  }}
                  className="mr-1 rounded p-1.5 text-fg-muted hover:bg-surface-strong hover:text-fg"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
