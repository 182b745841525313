import { type Actor, HQ_APPS, isAdminApp, isLocalAdmin, isSuperAdmin, type UserSubject } from './roles.ts';
import { manages } from './user.ts';
import { all, type Verdict } from './verdict.ts';

/** Whether the actor may hand out this application at all (to anyone). */
export function administersApp(actor: Actor, appId: string): Verdict {
  if (isSuperAdmin(actor)) return true;
  if (!isLocalAdmin(actor)) return "Access denied. You don't have the necessary permissions.";
  if (isAdminApp(appId)) return 'Administration rights are granted by a super administrator only.';
  if (HQ_APPS.includes(appId)) return `${appId} covers the whole group: a super administrator grants it.`;
  if (!actor.apps.includes(appId)) return `You can only grant applications you hold yourself; you do not hold ${appId}.`;
  return true;
}

export interface GroupSubject {
  id: string;
  /** Member user ids. */
  members: readonly string[];
}

/** Groups are a super administrator's business; one cannot change a group one belongs to (it would change one's own rights). */
function changesGroup(actor: Actor, group: GroupSubject): Verdict {
  if (!isSuperAdmin(actor)) return 'Groups are managed by super administrators only.';
  if (group.members.includes(actor.sub)) {
    return 'You are a member of this group: changing what it grants would change your own rights. Ask another super administrator.';
  }
  return true;
}

export const grantPolicy = {
  toUser: (actor: Actor, s: { appId: string; user: UserSubject }) =>
    all(
      () => manages(actor, s.user),
      () => administersApp(actor, s.appId),
    ),
  toGroup: (actor: Actor, s: { appId: string; group: GroupSubject }) => changesGroup(actor, s.group),
};

export const groupPolicy = {
  list: (actor: Actor, _subject?: undefined): Verdict => (isSuperAdmin(actor) ? true : 'Groups are managed by super administrators only.'),
  create: (actor: Actor, _subject?: undefined): Verdict =>
    isSuperAdmin(actor) ? true : 'Groups are managed by super administrators only.',
  change: changesGroup,
  /** Adding or removing a member changes that member's rights. */
  changeMembership: (actor: Actor, s: { group: GroupSubject; userId: string }) =>
    all(
      () =>
        s.userId === actor.sub ? 'You cannot add yourself to a group or take yourself out of one: ask another super administrator.' : true,
      () => changesGroup(actor, { ...s.group, members: s.group.members.filter((m) => m !== s.userId) }),
    ),
  /** The data-governance map (BU -> group -> applications). */
  changeGovernanceMap: changesGroup,
};
