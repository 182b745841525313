import { useAdminNotificationCounts } from './useAdminNotificationCounts';

export const BADGE_TITLES = { ai: 'Pending credit requests', permissions: 'Pending access requests' } as const;

const shown = (n: number) => (n > 99 ? '99+' : String(n));

function Badge({ count, title }: { count: number; title: string }) {
  if (count <= 0) return null;
  return (
    <span
      title={title}
      role="img"
      aria-label={`${title}: ${count}`}
      className="inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 font-semibold text-[10px] text-white leading-none tabular-nums shadow-sm ring-1 ring-white/70"
    >
      {shown(count)}
    </span>
  );
}

/**
 * Tab 73's two red badges (spec section 2): users waiting for a credit decision (AI-related) and for
 * an access decision (permissions). Each hides at 0; nothing renders for non-admins.
 */
export function AdminBadges({ className = '' }: { className?: string }) {
  const { ai, permissions } = useAdminNotificationCounts();
  if (ai <= 0 && permissions <= 0) return null;
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 ${className}`} data-testid="admin-badges">
      <Badge count={ai} title={BADGE_TITLES.ai} />
      <Badge count={permissions} title={BADGE_TITLES.permissions} />
    </span>
  );
}
