import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CreditBanner } from './credits/CreditBanner';
import { CreditsProvider } from './credits/CreditsProvider';
import { DRAWER_ID, SidebarDrawer } from './layout/SidebarDrawer';
import { useNarrowScreen } from './layout/useNarrowScreen';
import { PolicyGate } from './policy/PolicyGate';
import { CAPTURE_TARGET_ID } from './screen-capture/ScreenCaptureTool';
import { Sidebar } from './sidebar/Sidebar';
import { TabOverflowMenu } from './tabs/TabOverflowMenu';
import { TabPanels } from './tabs/TabPanels';
import { TabStrip } from './tabs/TabStrip';
import { TabsProvider, useTabs } from './tabs/TabsProvider';
import { ThemeToggle } from './theme/ThemeToggle';
import { useClaims } from './token/useClaims';
import { useTokenLifecycle } from './token/useTokenLifecycle';
import { UserBadge } from './UserBadge';

export function Portal() {
  useTokenLifecycle();
  const claims = useClaims();

  return (
    <TabsProvider userId={claims?.sub ?? claims?.email ?? null}>
      <CreditsProvider>
        <PortalLayout />
        <PolicyGate />
      </CreditsProvider>
    </TabsProvider>
  );
}

/** Sidebar beside the page on wide screens; below the breakpoint, a drawer closed by default (issue 13). */
function PortalLayout() {
  const narrow = useNarrowScreen();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { activeId } = useTabs();

  // Picking an application in the drawer shows it: the drawer gets out of the way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a change of tab, activeId is the trigger
  useEffect(() => setDrawerOpen(false), [activeId]);
  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);
  // Back to the menu button when the drawer closes (some browsers never focus a clicked button).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) menuButtonRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);

  return (
    <div className="flex h-full overflow-hidden">
      {narrow ? (
        drawerOpen && (
          <SidebarDrawer onClose={() => setDrawerOpen(false)}>
            <Sidebar open variant="drawer" onToggle={() => setDrawerOpen(false)} />
          </SidebarDrawer>
        )
      ) : (
        <Sidebar open={sidebarOpen} onToggle={() => setSidebarOpen((open) => !open)} />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-end gap-2 border-line border-b bg-surface px-2 sm:gap-3 sm:px-4">
          {narrow ? (
            <button
              ref={menuButtonRef}
              type="button"
              aria-label="Open menu"
              title="Open menu"
              aria-expanded={drawerOpen}
              aria-controls={drawerOpen ? DRAWER_ID : undefined}
              onClick={() => setDrawerOpen(true)}
              className="inline-flex size-9 shrink-0 items-center justify-center self-center rounded-lg text-fg-muted transition hover:bg-surface-strong hover:text-fg"
            >
              <Menu className="size-5" aria-hidden />
            </button>
          ) : null}
          <TabStrip />
          <div className="flex shrink-0 items-center gap-2 self-center sm:gap-3">
            <TabOverflowMenu />
            <ThemeToggle />
            <UserBadge />
          </div>
        </header>
        <CreditBanner />
        <main id={CAPTURE_TARGET_ID} className="min-h-0 flex-1 bg-page">
          <TabPanels />
        </main>
      </div>
    </div>
  );
}
