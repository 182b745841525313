import type { FastifyRequest } from 'fastify';
import type { AuditWriter } from '../audit.ts';
import { AppError, forbidden } from '../errors.ts';
import { governancePolicy } from './governance.ts';
import { grantPolicy, groupPolicy } from './grant.ts';
import { accessRequestPolicy, creditRequestPolicy } from './requests.ts';
import { applicationPolicy, attachmentPolicy, chatSessionPolicy, documentPolicy } from './resources.ts';
import type { Actor } from './roles.ts';
import { userPolicy } from './user.ts';
import type { Verdict } from './verdict.ts';

export type { Actor, UserSubject } from './roles.ts';
export type { Verdict } from './verdict.ts';

/**
 * Every record-level rule of the portal, by name: who may do what to which record. Handlers call
 * `authorize` with one of these names; the policy matrix test reads the same table.
 */
export const POLICIES = {
  'user.read': userPolicy.read,
  'user.create': userPolicy.create,
  'user.update': userPolicy.update,
  'user.moveToBu': userPolicy.moveToBu,
  'user.disable': userPolicy.disable,
  'user.endSessions': userPolicy.endSessions,
  'user.setCreditLimit': userPolicy.setCreditLimit,
  'credits.adjust': userPolicy.adjustCredits,
  'grant.toUser': grantPolicy.toUser,
  'grant.toGroup': grantPolicy.toGroup,
  'group.list': groupPolicy.list,
  'group.create': groupPolicy.create,
  'group.change': groupPolicy.change,
  'group.changeMembership': groupPolicy.changeMembership,
  'group.changeGovernanceMap': groupPolicy.changeGovernanceMap,
  'accessRequest.create': accessRequestPolicy.create,
  'accessRequest.decide': accessRequestPolicy.decide,
  'creditRequest.decide': creditRequestPolicy.decide,
  'governance.use': governancePolicy.use,
  'document.read': documentPolicy.read,
  'chatSession.use': chatSessionPolicy.use,
  'attachment.use': attachmentPolicy.use,
  'application.open': applicationPolicy.open,
} as const;

export type PolicyName = keyof typeof POLICIES;
export type SubjectOf<P extends PolicyName> = Parameters<(typeof POLICIES)[P]>[1];

/** The verdict of a policy, without side effects (abilities, menus, tests). */
export function can<P extends PolicyName>(actor: Actor, policy: P, subject: SubjectOf<P>): Verdict {
  return (POLICIES[policy] as (a: Actor, s: SubjectOf<P>) => Verdict)(actor, subject);
}

/** A verdict that hides the record's existence: answered as 404 rather than 403. */
export const HIDDEN = 'not-found';

export type Authorize = <P extends PolicyName>(
  request: FastifyRequest,
  policy: P,
  subject: SubjectOf<P>,
  opts?: { target?: string; notFound?: string },
) => Promise<void>;

/** Checks a policy for the caller; a refusal is audited and thrown as 403 (or 404 for hidden records). */
export function createAuthorize(audit: AuditWriter): Authorize {
  return async (request, policy, subject, opts = {}) => {
    const actor = request.user;
    const verdict: Verdict = actor ? can(actor, policy, subject) : 'You are not signed in.';
    if (verdict === true) return;
    await audit(
      {
        action: 'access.denied',
        target: opts.target ?? `${request.method} ${request.routeOptions.url}`,
        outcome: 'denied',
        details: { policy, reason: verdict === HIDDEN ? 'not visible to the caller' : verdict },
      },
      request,
    );
    if (verdict === HIDDEN) throw new AppError('NOT_FOUND', opts.notFound ?? 'Not found.');
    throw forbidden(verdict);
  };
}
