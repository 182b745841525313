import { type ReactNode, useRef } from 'react';
import { useModalFocus } from '../../ui/useModalFocus';

export const DRAWER_ID = 'portal-sidebar-drawer';

/**
 * The sidebar on a phone or narrow window: over the page, not beside it. Focus moves in on open and
 * back to the menu button on close; Escape, the backdrop and the sidebar's own close button close it.
 */
export function SidebarDrawer({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, onClose);
  return (
    <div className="fixed inset-0 z-40 flex">
      <div
        ref={panelRef}
        id={DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="relative z-10 h-full w-64 max-w-[85vw] shadow-xl"
      >
        {children}
      </div>
      {/* The backdrop is a pointer target only: keyboard users close with Escape or the close button. */}
      <div aria-hidden data-testid="drawer-backdrop" className="flex-1 bg-black/40" onClick={onClose} />
    </div>
  );
}
