import { useState } from 'react';
import { CreditBanner } from './credits/CreditBanner';
import { CreditsProvider } from './credits/CreditsProvider';
import { PolicyGate } from './policy/PolicyGate';
import { CAPTURE_TARGET_ID } from './screen-capture/ScreenCaptureTool';
import { Sidebar } from './sidebar/Sidebar';
import { TabPanels } from './tabs/TabPanels';
import { TabStrip } from './tabs/TabStrip';
import { TabsProvider } from './tabs/TabsProvider';
import { ThemeToggle } from './theme/ThemeToggle';
import { useTokenLifecycle } from './token/useTokenLifecycle';
import { UserBadge } from './UserBadge';

export function Portal() {
  useTokenLifecycle();
  const [sidebarOpen, setSidebarOpen] = useState(true);

  return (
    <TabsProvider>
      <CreditsProvider>
        <div className="flex h-full overflow-hidden">
          <Sidebar open={sidebarOpen} onToggle={() => setSidebarOpen((open) => !open)} />
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="flex h-16 shrink-0 items-end gap-4 border-line border-b bg-surface px-4">
              <TabStrip />
              <div className="flex shrink-0 items-center gap-3 self-center">
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
        <PolicyGate />
      </CreditsProvider>
    </TabsProvider>
  );
}
