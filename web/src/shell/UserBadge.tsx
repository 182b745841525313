import { UserRound } from 'lucide-react';
import { useClaims } from './token/useClaims';

/**
 * Who is signed in, in the portal header. Not an initial avatar: the chat's round avatar button
 * (spec: it opens the chat settings) sits just below, and two identical circles read as two buttons.
 */
export function UserBadge() {
  const claims = useClaims();
  const name = claims?.name?.trim() || claims?.email || 'Signed in';
  return (
    <div className="flex min-w-0 items-center gap-1.5 text-fg-muted" title={claims?.email ? `${name} (${claims.email})` : name}>
      <UserRound className="size-5 shrink-0" aria-hidden />
      <span className="sr-only lg:not-sr-only lg:max-w-40 lg:truncate lg:font-medium lg:text-fg lg:text-sm">{name}</span>
    </div>
  );
}
