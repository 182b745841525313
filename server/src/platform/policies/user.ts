import { type Actor, holdsAdminApp, isLocalAdmin, isSuperAdmin, type UserSubject } from './roles.ts';
import { all, type Verdict } from './verdict.ts';

export const SELF =
  'You cannot change your own account, rights or credits: ask another administrator. Nobody approves or grants things to themselves.';

/**
 * Whether the actor administers this user: never themselves; a super admin anyone else; a local
 * admin the users of their own BU who hold no administration right.
 */
export function manages(actor: Actor, user: UserSubject): Verdict {
  if (user.id === actor.sub) return SELF;
  if (isSuperAdmin(actor)) return true;
  if (!isLocalAdmin(actor)) return "Access denied. You don't have the necessary permissions.";
  if (user.bu !== actor.bu) return 'This user belongs to another business unit.';
  if (holdsAdminApp(user)) return 'This user is an administrator: only a super administrator manages administrators.';
  return true;
}

/** Sees the user in the admin area (lists, rights): a super admin everyone; a local admin their BU. */
function reads(actor: Actor, user: UserSubject): Verdict {
  if (isSuperAdmin(actor)) return true;
  if (isLocalAdmin(actor) && user.bu === actor.bu) return true;
  return 'This user belongs to another business unit.';
}

/** A BU the actor may put users in. */
function placesIn(actor: Actor, bu: string | null): Verdict {
  if (isSuperAdmin(actor)) return true;
  if (isLocalAdmin(actor) && bu === actor.bu) return true;
  return 'A local administrator manages the users of their own business unit only.';
}

export const userPolicy = {
  read: reads,
  create: (actor: Actor, target: { bu: string | null }) => placesIn(actor, target.bu),
  /** Name, airport. */
  update: manages,
  moveToBu: (actor: Actor, s: { user: UserSubject; bu: string | null }) =>
    all(
      () => manages(actor, s.user),
      () => placesIn(actor, s.bu),
    ),
  disable: manages,
  endSessions: (actor: Actor, user: UserSubject) => (user.id === actor.sub ? true : manages(actor, user)),
  setCreditLimit: manages,
  adjustCredits: manages,
};
