import { APP } from '@hangar/contract';
import { useClaims } from '../../shell/token/useClaims';

/** Holds an administration application (local or super): the admin tabs and the request badges are theirs. */
export const holdsAdminApp = (apps: readonly string[] | undefined): boolean =>
  Boolean(apps?.includes(APP.superAdmin) || apps?.includes(APP.localAdmin));

export const isSuperAdmin = (apps: readonly string[] | undefined): boolean => Boolean(apps?.includes(APP.superAdmin));

export interface AdminAccess {
  isAdmin: boolean;
  isSuper: boolean;
  /** A local admin's business unit: their lists are limited to it. */
  bu: string | null;
}

/** What the access token says about the signed-in user's administration rights (display only: the server decides). */
export function useAdminAccess(): AdminAccess {
  const claims = useClaims();
  return { isAdmin: holdsAdminApp(claims?.apps), isSuper: isSuperAdmin(claims?.apps), bu: claims?.bu ?? null };
}
