import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { fetchNotifications, markNotificationsRead, requestQueryKeys } from '../../api/requests';

const POLL_MS = 60_000;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The sidebar's notifications: outcomes of the user's credit and access requests. */
export function NotificationsArea({ sidebarOpen }: { sidebarOpen: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: requestQueryKeys.notifications,
    queryFn: fetchNotifications,
    refetchInterval: POLL_MS,
    // A failed read is logged and shows nothing (spec section 8).
    retry: false,
    throwOnError: false,
  });
  const unread = data?.unread ?? 0;
  const items = data?.notifications ?? [];

  async function markAllRead() {
    await markNotificationsRead().catch((error) => console.warn('Notifications could not be marked read', error));
    await queryClient.invalidateQueries({ queryKey: requestQueryKeys.notifications });
  }

  const label = unread ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    // No padding of its own: the sidebar's footer already insets its rows.
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
        className={`relative flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sidebar-fg text-sm transition hover:bg-white/10 ${sidebarOpen ? '' : 'justify-center'}`}
      >
        <Bell className="size-5 shrink-0" aria-hidden />
        {sidebarOpen && <span className="truncate">Notifications</span>}
        {unread > 0 && (
          <span
            data-testid="notifications-unread"
            className="ml-auto rounded-full bg-red-600 px-1.5 py-0.5 font-semibold text-[11px] text-white leading-none"
          >
            {unread}
          </span>
        )}
      </button>
      {open && sidebarOpen && (
        <section
          className="mt-1 max-h-64 overflow-y-auto rounded-lg bg-white/10 p-2 text-sidebar-fg text-xs"
          aria-label="Your notifications"
        >
          {items.length === 0 ? (
            <p className="p-2 opacity-80">No notifications yet. Answers to your credit and access requests appear here.</p>
          ) : (
            <>
              <ul className="space-y-1">
                {items.map((n) => (
                  <li key={n.id} className={`rounded-md p-2 ${n.read ? 'opacity-70' : 'bg-white/10'}`}>
                    <p className="font-semibold leading-snug">{n.title}</p>
                    {n.body && <p className="mt-0.5 break-words leading-snug">{n.body}</p>}
                    <p className="mt-1 opacity-70">{when(n.createdAt)}</p>
                  </li>
                ))}
              </ul>
              {unread > 0 && (
                <button
                  type="button"
                  onClick={markAllRead}
                  className="mt-2 flex items-center gap-1.5 rounded-md px-2 py-1 font-medium hover:bg-white/10"
                >
                  <CheckCheck className="size-4" aria-hidden /> Mark all as read
                </button>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
