import { APP } from '@hangar/contract';

/** Who is acting: what the verified access token says about the caller. */
export interface Actor {
  sub: string;
  apps: readonly string[];
  bu: string | null;
}

/** A user as policies see them: their BU and the applications they hold now. */
export interface UserSubject {
  id: string;
  bu: string | null;
  apps: readonly string[];
}

/** Applications only a super administrator hands out: administration, and head-office views of the whole group. */
export const HQ_APPS: readonly string[] = ['Dashboard/HQ', APP.dataGovOverviewHq];
export const isAdminApp = (appId: string) => appId.startsWith('Admin/');

export const isSuperAdmin = (actor: Actor) => actor.apps.includes(APP.superAdmin);
/** A local admin without a BU administers nobody. */
export const isLocalAdmin = (actor: Actor) => !isSuperAdmin(actor) && actor.apps.includes(APP.localAdmin) && actor.bu !== null;
export const isAdmin = (actor: Actor) => isSuperAdmin(actor) || isLocalAdmin(actor);
export const holdsAdminApp = (user: { apps: readonly string[] }) => user.apps.some(isAdminApp);

/** The BU an admin's lists are limited to: undefined for a super admin (everything); a local admin's own. */
export const adminScope = (actor: Actor): string | undefined => (isSuperAdmin(actor) ? undefined : (actor.bu ?? '__none__'));
