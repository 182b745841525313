import { Abilities } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { useClaims } from '../../shell/token/useClaims';

export interface AdminAccess {
  /** The server has not answered yet: show a spinner rather than a refusal. */
  loading: boolean;
  isAdmin: boolean;
  /** Administers every business unit, the application rights and the groups (a super administrator). */
  isSuper: boolean;
  /** A local admin's business unit: their lists are limited to it. */
  bu: string | null;
  /** Applications the signed-in admin may hand to a user of their business unit. */
  grantableApps: readonly string[];
}

/** What the server's policies say the signed-in user may do in the admin area (GET /api/me/abilities). */
export function useAdminAccess(): AdminAccess {
  const claims = useClaims();
  const { data } = useQuery({
    // A new token (rights changed, or a refresh) asks again.
    queryKey: ['me', 'abilities', claims?.email, claims?.exp],
    queryFn: () => apiJson('/api/me/abilities', Abilities),
    enabled: Boolean(claims),
    staleTime: 60_000,
  });
  return {
    loading: !data,
    isAdmin: data?.admin.isAdmin ?? false,
    isSuper: data?.admin.everyBu ?? false,
    bu: data?.admin.bu ?? null,
    grantableApps: data?.admin.grantableApps ?? [],
  };
}
