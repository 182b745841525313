import type { Abilities, DecideAbility, UserAbilities } from '@hangar/contract';
import { can } from './index.ts';
import { type Actor, isAdmin, isSuperAdmin, type UserSubject } from './roles.ts';
import type { Verdict } from './verdict.ts';

// The policies' answers shaped for the web (contract/src/abilities.ts): what the caller may do to a
// record, and why not, sent along with the record.

const reason = (...verdicts: Verdict[]) => (verdicts.find((v) => v !== true) as string | undefined) ?? null;

export function userAbilities(actor: Actor, user: UserSubject): UserAbilities {
  const edit = can(actor, 'user.update', user);
  const credits = can(actor, 'credits.adjust', user);
  const disable = can(actor, 'user.disable', user);
  const endSessions = can(actor, 'user.endSessions', user);
  return {
    edit: edit === true,
    credits: credits === true,
    disable: disable === true,
    endSessions: endSessions === true,
    why: reason(edit, credits, disable, endSessions),
  };
}

export const decideAbility = (verdict: Verdict): DecideAbility => ({ decide: verdict === true, why: reason(verdict) });

/** The caller's standing abilities (GET /api/me/abilities): what the admin tabs show and enable. */
export function abilitiesOf(actor: Actor, knownApps: readonly string[]): Abilities {
  const everyBu = isSuperAdmin(actor);
  const sameBuUser: UserSubject = { id: '', bu: actor.bu, apps: [] };
  return {
    admin: {
      isAdmin: isAdmin(actor),
      everyBu,
      bu: actor.bu,
      applicationRights: everyBu,
      groups: can(actor, 'group.list', undefined) === true,
      grantableApps: isAdmin(actor) ? knownApps.filter((appId) => can(actor, 'grant.toUser', { appId, user: sameBuUser }) === true) : [],
    },
  };
}
