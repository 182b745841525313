import { grantPolicy } from './grant.ts';
import { type Actor, isAdminApp, type UserSubject } from './roles.ts';
import { manages } from './user.ts';
import type { Verdict } from './verdict.ts';

export const accessRequestPolicy = {
  /** Anyone may ask for an application, but not for administration rights. */
  create: (_actor: Actor, s: { appId: string }): Verdict =>
    isAdminApp(s.appId) ? 'Administration rights cannot be requested here: a super administrator grants them directly.' : true,
  /** Deciding is granting: the decider must be able to grant this application to this user, never to themselves. */
  decide: (actor: Actor, s: { appId: string; user: UserSubject }) => grantPolicy.toUser(actor, s),
};

export const creditRequestPolicy = {
  decide: (actor: Actor, s: { user: UserSubject }) => manages(actor, s.user),
};
