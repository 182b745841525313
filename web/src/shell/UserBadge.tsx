import { useClaims } from './token/useClaims';

export function UserBadge() {
  const claims = useClaims();
  const name = claims?.name?.trim() || claims?.email || 'Signed in';
  const initial = (claims?.name?.trim()[0] ?? 'P').toUpperCase();
  return (
    <div className="flex min-w-0 items-center gap-2" title={claims?.email ? `${name} (${claims.email})` : name}>
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-sm text-white dark:bg-surface-strong"
      >
        {initial}
      </span>
      <span className="hidden max-w-40 truncate font-medium text-sm lg:block">{name}</span>
    </div>
  );
}
