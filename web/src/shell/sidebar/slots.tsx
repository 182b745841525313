import { CreditPanel } from '../credits/CreditPanel';

export interface SidebarSlotProps {
  sidebarOpen: boolean;
}

/** Where the GenAI credit panel and its "Send request" button mount. */
export function CreditPanelSlot({ sidebarOpen }: SidebarSlotProps) {
  return <CreditPanel sidebarOpen={sidebarOpen} />;
}

/** Where the admin notifications area mounts (a later issue). */
export function NotificationsSlot(_props: SidebarSlotProps) {
  return null;
}
