import type { MenuItem } from '@hangar/contract';
import { ChevronDown, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { AdminBadges } from '../../apps/admin';
import { AppIcon } from '../../ui/AppIcon';
import { useCredits } from '../credits/CreditsProvider';
import { isCreditRestrictedTab, OUT_OF_CREDIT_TITLE } from '../credits/constants';
import { groupMenu, tabFromMenuItem, useMenu } from '../menu/useMenu';
import { useTabs } from '../tabs/TabsProvider';
import { SECTION_ICONS } from './section-icons';

interface SidebarMenuProps {
  sidebarOpen: boolean;
  onRequestOpen: () => void;
}

/** Tab 73 carries red badges with the counts of users waiting for a decision (spec section 2). */
const ADMIN_NOTIFICATIONS_TAB_ID = 73;

function ItemButton({ item, sidebarOpen, nested }: { item: MenuItem; sidebarOpen: boolean; nested?: boolean }) {
  const { openTab, activeId } = useTabs();
  const { isExhausted } = useCredits();
  const active = activeId === item.id && !item.externalLink;
  // Spec section 2: apps that need credit are disabled at 0 or less (the home tab never is).
  const outOfCredit = isExhausted && isCreditRestrictedTab(item.id);
  return (
    <button
      type="button"
      onClick={outOfCredit ? undefined : () => openTab(tabFromMenuItem(item))}
      title={outOfCredit ? OUT_OF_CREDIT_TITLE : item.title}
      aria-disabled={outOfCredit || undefined}
      aria-current={active ? 'page' : undefined}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm transition ${
        active ? 'bg-sidebar-active font-semibold text-sidebar-fg' : 'text-sidebar-fg/90 hover:bg-sidebar-hover'
      } ${outOfCredit ? 'cursor-not-allowed opacity-50 hover:bg-transparent' : ''} ${sidebarOpen ? '' : 'justify-center'} ${
        nested && sidebarOpen ? 'pl-10' : ''
      }`}
    >
      <AppIcon name={item.icon} className="size-5 shrink-0" />
      <span className={sidebarOpen ? 'truncate' : 'sr-only'}>{item.title}</span>
      {item.id === ADMIN_NOTIFICATIONS_TAB_ID && <AdminBadges className={sidebarOpen ? 'ml-auto' : 'absolute'} />}
    </button>
  );
}

export function SidebarMenu({ sidebarOpen, onRequestOpen }: SidebarMenuProps) {
  const { data, isPending, isError, refetch } = useMenu();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  if (isPending) {
    return (
      <div className="space-y-2 px-1" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-9 animate-pulse rounded-lg bg-sidebar-hover" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className={`rounded-lg bg-sidebar-hover p-3 text-sidebar-fg text-sm ${sidebarOpen ? '' : 'sr-only'}`} role="alert">
        <p>Your applications could not be loaded.</p>
        <button type="button" onClick={() => void refetch()} className="mt-2 inline-flex items-center gap-1.5 font-medium underline">
          <RotateCw className="size-3.5" aria-hidden /> Retry
        </button>
      </div>
    );
  }
  const groups = groupMenu(data.items);
  if (groups.length === 0) {
    return sidebarOpen ? <p className="px-3 text-sidebar-muted text-sm">No applications are assigned to you yet.</p> : null;
  }

  function toggleSection(section: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(section)) next.delete(section);
      else next.add(section);
      return next;
    });
  }

  function onSectionClick(section: string) {
    if (sidebarOpen) return toggleSection(section);
    onRequestOpen();
    setExpanded((current) => new Set(current).add(section));
  }

  return (
    <ul className="space-y-0.5">
      {groups.map(({ section, items }) => {
        const [only] = items;
        if (items.length === 1 && only) {
          return (
            <li key={section}>
              <ItemButton item={only} sidebarOpen={sidebarOpen} />
            </li>
          );
        }
        const isExpanded = sidebarOpen && expanded.has(section);
        const listId = `menu-section-${section.replace(/\W+/g, '-')}`;
        return (
          <li key={section}>
            <button
              type="button"
              onClick={() => onSectionClick(section)}
              aria-expanded={isExpanded}
              aria-controls={listId}
              title={section}
              className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sidebar-fg/90 text-sm transition hover:bg-sidebar-hover ${
                sidebarOpen ? '' : 'justify-center'
              }`}
            >
              <AppIcon name={SECTION_ICONS[section] ?? items[0]?.icon ?? ''} className="size-5 shrink-0" />
              <span className={sidebarOpen ? 'flex-1 truncate' : 'sr-only'}>{section}</span>
              {/* Pending requests must be visible without opening the section. */}
              {!isExpanded && items.some((i) => i.id === ADMIN_NOTIFICATIONS_TAB_ID) && (
                <AdminBadges className={sidebarOpen ? '' : 'absolute'} />
              )}
              {sidebarOpen && <ChevronDown className={`size-4 shrink-0 transition ${isExpanded ? 'rotate-180' : ''}`} aria-hidden />}
            </button>
            <ul id={listId} hidden={!isExpanded} className={isExpanded ? 'mt-0.5 space-y-0.5' : 'hidden'}>
              {items.map((item) => (
                <li key={item.id}>
                  <ItemButton item={item} sidebarOpen={sidebarOpen} nested />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
