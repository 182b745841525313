import { useQuery } from '@tanstack/react-query';
import { useAdminAccess } from '../access';
import { adminKeys, type Counts, fetchNotificationCounts } from '../api';

/** How often the badges of tab 73 are refreshed. */
export const COUNTS_POLL_MS = 60_000;

export const NO_COUNTS: Counts = { ai: 0, permissions: 0 };

/** Spec section 8: notification fetch errors are logged and the counts treated as zero. */
async function readCounts(): Promise<Counts> {
  try {
    return await fetchNotificationCounts();
  } catch (error) {
    console.warn('The pending request counts could not be read; showing none.', error);
    return NO_COUNTS;
  }
}

/**
 * Distinct users waiting for a credit decision (`ai`) and for an access decision (`permissions`),
 * polled every 60 s. Only users holding an admin application (per their access token) poll; for
 * anyone else, and until the first answer, both are 0.
 */
export function useAdminNotificationCounts(): Counts {
  const { isAdmin } = useAdminAccess();
  const { data } = useQuery({
    queryKey: adminKeys.counts,
    queryFn: readCounts,
    enabled: isAdmin,
    refetchInterval: COUNTS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
  return isAdmin && data ? data : NO_COUNTS;
}
