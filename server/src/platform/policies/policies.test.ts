import { APP } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { can, POLICIES, type PolicyName, type SubjectOf } from './index.ts';
import type { Actor, UserSubject } from './roles.ts';

// Who may do what, in one table: every record-level action × the demo roles × the subjects that
// matter (the actor themself, a plain user of the actor's BU, one of another BU, an administrator of
// the actor's BU). '+' allowed, '-' refused. A change of rules shows here as a change of this table.

const ROLES: Record<string, Actor> = {
  viewer: { sub: 'viewer', bu: 'LGW', apps: [APP.securedGpt] },
  analyst: { sub: 'analyst', bu: 'SSA', apps: [APP.securedGpt, APP.translator, 'Dashboard/Finance', 'Data_gov/Finance'] },
  finance: { sub: 'finance', bu: 'SSA', apps: ['Data_gov/Finance', 'Dashboard/Finance'] },
  localadmin: { sub: 'localadmin', bu: 'LGW', apps: [APP.securedGpt, APP.localAdmin] },
  admin: { sub: 'admin', bu: 'SSA', apps: [APP.superAdmin, APP.securedGpt, 'Dashboard/HQ'] },
};

type SubjectKind = 'self' | 'sameBu' | 'otherBu' | 'admin';
const other = (bu: string | null) => (bu === 'LGW' ? 'SSA' : 'LGW');
const subjectUser = (actor: Actor, kind: SubjectKind): UserSubject => {
  switch (kind) {
    case 'self':
      return { id: actor.sub, bu: actor.bu, apps: actor.apps };
    case 'sameBu':
      return { id: 'plain-same', bu: actor.bu, apps: [APP.securedGpt] };
    case 'otherBu':
      return { id: 'plain-other', bu: other(actor.bu), apps: [APP.securedGpt] };
    case 'admin':
      return { id: 'an-admin', bu: actor.bu, apps: [APP.localAdmin] };
  }
};

/** Each row: a policy, a label, and how to build its subject for an actor and a subject kind. */
const ROWS: { policy: PolicyName; label: string; subject: (actor: Actor, kind: SubjectKind) => unknown }[] = [
  { policy: 'user.read', label: '', subject: subjectUser },
  { policy: 'user.update', label: '', subject: subjectUser },
  { policy: 'user.disable', label: '', subject: subjectUser },
  { policy: 'user.setCreditLimit', label: '', subject: subjectUser },
  { policy: 'credits.adjust', label: '', subject: subjectUser },
  { policy: 'user.endSessions', label: '', subject: subjectUser },
  { policy: 'user.moveToBu', label: 'to own BU', subject: (a, k) => ({ user: subjectUser(a, k), bu: a.bu }) },
  { policy: 'grant.toUser', label: 'GenAI/SecuredGPT', subject: (a, k) => ({ appId: APP.securedGpt, user: subjectUser(a, k) }) },
  { policy: 'grant.toUser', label: 'Dashboard/Finance', subject: (a, k) => ({ appId: 'Dashboard/Finance', user: subjectUser(a, k) }) },
  { policy: 'grant.toUser', label: 'Dashboard/HQ', subject: (a, k) => ({ appId: 'Dashboard/HQ', user: subjectUser(a, k) }) },
  { policy: 'grant.toUser', label: 'Admin/SuperAdmin', subject: (a, k) => ({ appId: APP.superAdmin, user: subjectUser(a, k) }) },
  { policy: 'accessRequest.decide', label: 'GenAI/SecuredGPT', subject: (a, k) => ({ appId: APP.securedGpt, user: subjectUser(a, k) }) },
  { policy: 'accessRequest.decide', label: 'Admin/Local Admin', subject: (a, k) => ({ appId: APP.localAdmin, user: subjectUser(a, k) }) },
  { policy: 'creditRequest.decide', label: '', subject: (a, k) => ({ user: subjectUser(a, k) }) },
  {
    policy: 'group.changeMembership',
    label: 'group without actor',
    subject: (a, k) => ({ group: { id: 'g', members: [] }, userId: subjectUser(a, k).id }),
  },
  {
    policy: 'group.changeGovernanceMap',
    label: 'group with subject',
    subject: (a, k) => ({ id: 'g', members: [subjectUser(a, k).id] }),
  },
];

const KINDS: SubjectKind[] = ['self', 'sameBu', 'otherBu', 'admin'];

const EXPECTED = `
user.read                                  self     | - - - + +
user.read                                  sameBu   | - - - + +
user.read                                  otherBu  | - - - - +
user.read                                  admin    | - - - + +
user.update                                self     | - - - - -
user.update                                sameBu   | - - - + +
user.update                                otherBu  | - - - - +
user.update                                admin    | - - - - +
user.disable                               self     | - - - - -
user.disable                               sameBu   | - - - + +
user.disable                               otherBu  | - - - - +
user.disable                               admin    | - - - - +
user.setCreditLimit                        self     | - - - - -
user.setCreditLimit                        sameBu   | - - - + +
user.setCreditLimit                        otherBu  | - - - - +
user.setCreditLimit                        admin    | - - - - +
credits.adjust                             self     | - - - - -
credits.adjust                             sameBu   | - - - + +
credits.adjust                             otherBu  | - - - - +
credits.adjust                             admin    | - - - - +
user.endSessions                           self     | + + + + +
user.endSessions                           sameBu   | - - - + +
user.endSessions                           otherBu  | - - - - +
user.endSessions                           admin    | - - - - +
user.moveToBu to own BU                    self     | - - - - -
user.moveToBu to own BU                    sameBu   | - - - + +
user.moveToBu to own BU                    otherBu  | - - - - +
user.moveToBu to own BU                    admin    | - - - - +
grant.toUser GenAI/SecuredGPT              self     | - - - - -
grant.toUser GenAI/SecuredGPT              sameBu   | - - - + +
grant.toUser GenAI/SecuredGPT              otherBu  | - - - - +
grant.toUser GenAI/SecuredGPT              admin    | - - - - +
grant.toUser Dashboard/Finance             self     | - - - - -
grant.toUser Dashboard/Finance             sameBu   | - - - - +
grant.toUser Dashboard/Finance             otherBu  | - - - - +
grant.toUser Dashboard/Finance             admin    | - - - - +
grant.toUser Dashboard/HQ                  self     | - - - - -
grant.toUser Dashboard/HQ                  sameBu   | - - - - +
grant.toUser Dashboard/HQ                  otherBu  | - - - - +
grant.toUser Dashboard/HQ                  admin    | - - - - +
grant.toUser Admin/SuperAdmin              self     | - - - - -
grant.toUser Admin/SuperAdmin              sameBu   | - - - - +
grant.toUser Admin/SuperAdmin              otherBu  | - - - - +
grant.toUser Admin/SuperAdmin              admin    | - - - - +
accessRequest.decide GenAI/SecuredGPT      self     | - - - - -
accessRequest.decide GenAI/SecuredGPT      sameBu   | - - - + +
accessRequest.decide GenAI/SecuredGPT      otherBu  | - - - - +
accessRequest.decide GenAI/SecuredGPT      admin    | - - - - +
accessRequest.decide Admin/Local Admin     self     | - - - - -
accessRequest.decide Admin/Local Admin     sameBu   | - - - - +
accessRequest.decide Admin/Local Admin     otherBu  | - - - - +
accessRequest.decide Admin/Local Admin     admin    | - - - - +
creditRequest.decide                       self     | - - - - -
creditRequest.decide                       sameBu   | - - - + +
creditRequest.decide                       otherBu  | - - - - +
creditRequest.decide                       admin    | - - - - +
group.changeMembership group without actor self     | - - - - -
group.changeMembership group without actor sameBu   | - - - - +
group.changeMembership group without actor otherBu  | - - - - +
group.changeMembership group without actor admin    | - - - - +
group.changeGovernanceMap group with subject self     | - - - - -
group.changeGovernanceMap group with subject sameBu   | - - - - +
group.changeGovernanceMap group with subject otherBu  | - - - - +
group.changeGovernanceMap group with subject admin    | - - - - +
`;

const normalise = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim());

describe('the policy matrix (viewer, analyst, finance.ssa, localadmin.lgw, admin)', () => {
  it('matches the table of who may do what', () => {
    const actual = ROWS.flatMap((row) =>
      KINDS.map((kind) => {
        const cells = Object.values(ROLES).map((actor) =>
          can(actor, row.policy, row.subject(actor, kind) as SubjectOf<typeof row.policy>) === true ? '+' : '-',
        );
        return `${row.policy}${row.label ? ` ${row.label}` : ''} ${kind} | ${cells.join(' ')}`;
      }),
    );
    expect(actual).toEqual(normalise(EXPECTED));
  });

  it('covers every policy by a row here or by a test of its own', () => {
    const covered = new Set(ROWS.map((r) => r.policy));
    // Checked in their own tests below or in the governance and files suites.
    const elsewhere: PolicyName[] = [
      'user.create',
      'grant.toGroup',
      'group.list',
      'group.create',
      'group.change',
      'accessRequest.create',
      'governance.use',
      'document.read',
      'chatSession.use',
      'attachment.use',
      'application.open',
    ];
    expect(Object.keys(POLICIES).filter((p) => !covered.has(p as PolicyName) && !elsewhere.includes(p as PolicyName))).toEqual([]);
  });

  it('opens an application to the holders of one of its rights, and says what to do otherwise', () => {
    const talk = { requires: [APP.talkToMyData], title: 'Talk to my data' };
    expect(can(ROLES.viewer!, 'application.open', talk)).toBe(
      'You do not hold Talk to my data: ask for it with Send request at the bottom of the sidebar.',
    );
    expect(can({ ...ROLES.analyst!, apps: [...ROLES.analyst!.apps, APP.talkToMyData] }, 'application.open', talk)).toBe(true);
    // An application is held, not implied by administering the portal.
    expect(can(ROLES.admin!, 'application.open', talk)).not.toBe(true);
    expect(can(ROLES.viewer!, 'application.open', { requires: [APP.securedGpt, APP.chatBotSdh], title: 'SecuredGPT' })).toBe(true);
  });

  it('keeps administration rights out of access requests', () => {
    expect(can(ROLES.viewer!, 'accessRequest.create', { appId: APP.superAdmin })).toMatch(/cannot be requested/);
    expect(can(ROLES.localadmin!, 'accessRequest.create', { appId: 'Admin/Anything' })).toMatch(/cannot be requested/);
    expect(can(ROLES.viewer!, 'accessRequest.create', { appId: 'Dashboard/Finance' })).toBe(true);
  });

  it('lets a local admin create users in their own BU only, and a super admin anywhere', () => {
    expect(can(ROLES.localadmin!, 'user.create', { bu: 'LGW' })).toBe(true);
    expect(can(ROLES.localadmin!, 'user.create', { bu: 'SSA' })).not.toBe(true);
    expect(can(ROLES.localadmin!, 'user.create', { bu: null })).not.toBe(true);
    expect(can(ROLES.admin!, 'user.create', { bu: null })).toBe(true);
    expect(can(ROLES.analyst!, 'user.create', { bu: 'SSA' })).not.toBe(true);
  });

  it('keeps groups to super admins who are not members of them', () => {
    const group = { id: 'g', members: ['someone'] };
    expect(can(ROLES.admin!, 'group.change', group)).toBe(true);
    expect(can(ROLES.admin!, 'group.change', { ...group, members: ['admin'] })).toMatch(/member of this group/);
    expect(can(ROLES.localadmin!, 'group.change', group)).not.toBe(true);
    expect(can(ROLES.admin!, 'grant.toGroup', { appId: APP.superAdmin, group })).toBe(true);
    expect(can(ROLES.admin!, 'grant.toGroup', { appId: APP.securedGpt, group: { ...group, members: ['admin'] } })).not.toBe(true);
    expect(can(ROLES.localadmin!, 'grant.toGroup', { appId: APP.securedGpt, group })).not.toBe(true);
  });

  it("hides other people's conversations and private files, even from a super admin for conversations", () => {
    expect(can(ROLES.admin!, 'chatSession.use', { userId: 'viewer' })).toBe('not-found');
    expect(can(ROLES.viewer!, 'chatSession.use', { userId: 'viewer' })).toBe(true);
    const privateDoc = { ownerId: 'analyst', visibility: 'private' as const, bu: 'SSA' };
    expect(can(ROLES.viewer!, 'document.read', privateDoc)).toBe('not-found');
    expect(can(ROLES.analyst!, 'document.read', privateDoc)).toBe(true);
    expect(can(ROLES.finance!, 'document.read', { ...privateDoc, visibility: 'bu' })).toBe(true);
    expect(can(ROLES.viewer!, 'document.read', { ...privateDoc, visibility: 'bu' })).toBe('not-found');
  });

  it('gives governance rights from the tab application and the BU map together', () => {
    const map = { SSA: { 'Finance SSA data stewards': ['Finance/Ingestion'] } };
    const use = (actor: Actor, bu: string) => can(actor, 'governance.use', { map, bu, useCase: 'Finance', apps: ['Ingestion'] });
    expect(use(ROLES.finance!, 'SSA')).toBe(true);
    expect(use(ROLES.finance!, 'LGW')).toMatch(/Ingestion right for Finance at LGW/);
    expect(use({ ...ROLES.finance!, apps: [] }, 'SSA')).not.toBe(true);
  });
});
