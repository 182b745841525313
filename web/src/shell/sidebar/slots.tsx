export interface SidebarSlotProps {
  sidebarOpen: boolean;
}

/** Where the GenAI credit panel and its "Send request" button mount (a later issue). */
export function CreditPanelSlot(_props: SidebarSlotProps) {
  return null;
}

/** Where the admin notifications area mounts (a later issue). */
export function NotificationsSlot(_props: SidebarSlotProps) {
  return null;
}
