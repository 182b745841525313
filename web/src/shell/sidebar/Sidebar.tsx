import { HOME_TAB_ID } from '@hangar/contract';
import { BookOpen, Bug, LogOut, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { logout } from '../../api/auth';
import { ChatHistoryPanel } from '../../apps/chat';
import { Logo } from '../../ui/Logo';
import { useMenu } from '../menu/useMenu';
import { ScreenCaptureTool } from '../screen-capture/ScreenCaptureTool';
import { useTabs } from '../tabs/TabsProvider';
import { SidebarMenu } from './SidebarMenu';
import { CreditPanelSlot, NotificationsSlot } from './slots';

interface SidebarProps {
  open: boolean;
  onToggle: () => void;
  /** `rail` sits beside the page and collapses; `drawer` is always open over the page and its button closes it. */
  variant?: 'rail' | 'drawer';
}

const rowClass = (open: boolean) =>
  `flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-sidebar-fg transition ${open ? '' : 'justify-center'}`;

function RowLabel({ open, children }: { open: boolean; children: ReactNode }) {
  return <span className={open ? 'truncate' : 'sr-only'}>{children}</span>;
}

export function Sidebar({ open, onToggle, variant = 'rail' }: SidebarProps) {
  const { data: menu } = useMenu();
  const { closeAllTabs, activeId } = useTabs();
  // Spec section 2: the Chat History panel shows while the chat tab is active and the sidebar open.
  const showChatHistory = open && activeId === HOME_TAB_ID && (menu?.items.some((item) => item.id === HOME_TAB_ID) ?? false);
  const drawer = variant === 'drawer';
  const toggleLabel = drawer ? 'Close menu' : open ? 'Collapse sidebar' : 'Expand sidebar';
  const ToggleIcon = drawer ? X : open ? PanelLeftClose : PanelLeftOpen;
  const width = drawer ? 'w-full' : open ? 'w-64' : 'w-20';

  function logoutAccount() {
    closeAllTabs();
    void logout();
  }

  return (
    <aside
      aria-label="Sidebar"
      className={`flex h-full shrink-0 flex-col bg-sidebar text-sidebar-fg transition-[width] duration-200 ${width}`}
    >
      <div className={`flex shrink-0 items-center gap-2 px-4 ${open ? 'h-16 justify-between' : 'flex-col justify-center py-3'}`}>
        <Logo size={30} tone="inverse" showWordmark={open} />
        <button
          type="button"
          onClick={onToggle}
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-expanded={drawer ? undefined : open}
          className="rounded-lg p-2 text-sidebar-fg/80 transition hover:bg-sidebar-hover hover:text-sidebar-fg"
        >
          <ToggleIcon className="size-5" aria-hidden />
        </button>
      </div>

      <nav aria-label="Applications" className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
        <SidebarMenu sidebarOpen={open} onRequestOpen={() => !open && onToggle()} />
      </nav>

      {showChatHistory && <ChatHistoryPanel />}

      <div className="shrink-0 space-y-1 border-sidebar-hover border-t px-3 py-3">
        <ScreenCaptureTool sidebarOpen={open} />
        <CreditPanelSlot sidebarOpen={open} />
        <NotificationsSlot sidebarOpen={open} />
        {menu ? (
          <a
            href={menu.links.documentation}
            target="_blank"
            rel="noopener noreferrer"
            title="Project Documentation"
            className={`${rowClass(open)} hover:bg-sidebar-hover`}
          >
            <BookOpen className="size-5 shrink-0" aria-hidden />
            <RowLabel open={open}>Project Documentation</RowLabel>
          </a>
        ) : null}
        {menu && open ? (
          <a
            href={menu.links.reportBug}
            target="_blank"
            rel="noopener noreferrer"
            title="Report a bug"
            className={`${rowClass(open)} hover:bg-sidebar-hover`}
          >
            <Bug className="size-5 shrink-0" aria-hidden />
            <RowLabel open={open}>Report a bug</RowLabel>
          </a>
        ) : (
          // Kept visible but inert while collapsed (spec: active only when the sidebar is open).
          <button
            type="button"
            disabled
            title="Report a bug (open the sidebar to use it)"
            className={`${rowClass(open)} cursor-not-allowed opacity-50`}
          >
            <Bug className="size-5 shrink-0" aria-hidden />
            <RowLabel open={open}>Report a bug</RowLabel>
          </button>
        )}
        <button type="button" onClick={logoutAccount} title="Logout Account" className={`${rowClass(open)} hover:bg-sidebar-hover`}>
          <LogOut className="size-5 shrink-0" aria-hidden />
          <RowLabel open={open}>Logout Account</RowLabel>
        </button>
      </div>
    </aside>
  );
}
