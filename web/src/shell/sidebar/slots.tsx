import { CreditPanel } from '../credits/CreditPanel';
import { NotificationsArea } from '../notifications/NotificationsArea';

export interface SidebarSlotProps {
  sidebarOpen: boolean;
}

/** Where the GenAI credit panel and its "Send request" button mount. */
export function CreditPanelSlot({ sidebarOpen }: SidebarSlotProps) {
  return <CreditPanel sidebarOpen={sidebarOpen} />;
}

/** Where the user's notifications (outcomes of their requests) mount. */
export function NotificationsSlot({ sidebarOpen }: SidebarSlotProps) {
  return <NotificationsArea sidebarOpen={sidebarOpen} />;
}
