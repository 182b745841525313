import { z } from 'zod';
import { UserAbilities } from './abilities.ts';
import { BUSINESS_UNITS } from './constants.ts';

export const UserSort = z.enum(['email', 'name', 'bu', 'createdAt', 'remainingCredit']);

export const UserListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  bu: z.enum(BUSINESS_UNITS).optional(),
  sort: UserSort.default('email'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  bu: z.string().nullable(),
  airport: z.string().nullable(),
  disabled: z.boolean(),
  creditLimit: z.number(),
  remainingCredit: z.number(),
  createdAt: z.string(),
  /** What the caller may do to this user. */
  can: UserAbilities,
});
export type AdminUser = z.infer<typeof AdminUser>;

export const UserListResponse = z.object({
  users: z.array(AdminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const Bu = z.enum(BUSINESS_UNITS, { error: `bu must be one of ${BUSINESS_UNITS.join(', ')}` });
const Airport = z.string().trim().min(2).max(10, 'airport is a short code such as LGW');

export const CreateUser = z.object({
  email: z.email('email must be an email address').max(320),
  name: z.string().trim().min(1, 'name is required').max(200),
  bu: Bu.nullable().optional(),
  airport: Airport.nullable().optional(),
  password: z.string().min(12, 'password must be at least 12 characters').max(200).optional(),
});

export const UpdateUser = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    bu: Bu.nullable().optional(),
    airport: Airport.nullable().optional(),
    disabled: z.boolean().optional(),
    creditLimit: z.number().int('creditLimit must be a whole number').min(0).max(10_000_000).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send at least one of name, bu, airport, disabled, creditLimit');

export const AdjustCredits = z.object({
  delta: z
    .number({ error: 'delta must be a number of credits (negative to remove)' })
    .refine((n) => n !== 0 && Number.isFinite(n), 'delta must not be 0')
    .refine((n) => Math.abs(n) <= 10_000_000, 'delta can be at most 10,000,000 credits'),
  reason: z.string().trim().min(3, 'Give a reason (at least 3 characters): it is kept in the ledger').max(500),
});

export const AuditQuery = z.object({
  user: z.string().trim().max(320).optional(),
  action: z.string().trim().max(100).optional(),
  from: z.iso.date('from must be a date like 2026-11-01').optional(),
  to: z.iso.date('to must be a date like 2026-11-30').optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export const AuditEntryView = z.object({
  id: z.number(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export const AuditResponse = z.object({
  entries: z.array(AuditEntryView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Tab 69 and 75: where a right comes from. */
export const GrantSource = z.object({ kind: z.enum(['direct', 'group', 'derived']), group: z.string().nullable() });

export const ApplicationHolder = z.object({
  userId: z.string().nullable(),
  email: z.string().nullable(),
  groupId: z.string().nullable(),
  group: z.string().nullable(),
  grantId: z.string(),
});
export const ApplicationView = z.object({
  appId: z.string(),
  tabs: z.array(z.object({ id: z.number(), title: z.string() })),
  holders: z.array(ApplicationHolder),
});
export const ApplicationsResponse = z.object({ applications: z.array(ApplicationView) });

export const GrantRequest = z
  .object({
    appId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z_]+\/[\w &/.-]+$/, 'appId must be an application identifier such as Dashboard/Finance'),
    userId: z.uuid('userId must be a user id').optional(),
    groupId: z.uuid('groupId must be a group id').optional(),
  })
  .refine((g) => Boolean(g.userId) !== Boolean(g.groupId), 'Give either userId or groupId (exactly one)');

export const UserRightsView = z.object({
  user: AdminUser,
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  rights: z.array(z.object({ appId: z.string(), sources: z.array(GrantSource) })),
});

export const GroupView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
  apps: z.array(z.string()),
});
export const GroupsResponse = z.object({ groups: z.array(GroupView) });
export const CreateGroup = z.object({
  name: z.string().trim().min(2, 'name must be at least 2 characters').max(100),
  description: z.string().trim().max(500).default(''),
});
export const Membership = z.object({ userId: z.uuid('userId must be a user id') });

/** Data-governance permission map: per BU, which groups hold which data-governance applications. */
export const DgPermission = z.object({
  bu: z.enum(BUSINESS_UNITS, { error: 'bu must be one of SSA, AMA, SCA, ANA, LGW' }),
  groupId: z.uuid('groupId must be a group id'),
  appName: z
    .string()
    .trim()
    .min(3)
    .max(100)
    .regex(/^[A-Za-z]+\/(Quality|Ingestion|Referentiel|Lineage)$/, 'appName must look like Finance/Ingestion'),
});
export const DgPermissionsResponse = z.object({
  map: z.array(z.object({ bu: z.string(), groupId: z.string(), group: z.string(), appName: z.string() })),
});

export const AnalyticsQuery = z.object({
  from: z.iso.date('from must be a date like 2026-11-01').optional(),
  to: z.iso.date('to must be a date like 2026-11-30').optional(),
});
const Spend = z.object({ credits: z.number(), tokens: z.number(), answers: z.number() });
export const AnalyticsResponse = z.object({
  byDay: z.array(Spend.extend({ day: z.string(), activeUsers: z.number() })),
  byUser: z.array(Spend.extend({ email: z.string() })),
  byModel: z.array(Spend.extend({ model: z.string() })),
  byApplication: z.array(Spend.extend({ application: z.string() })),
  activeUsers: z.number(),
  /** Dashboard render times reported by the browsers in the period (issue 17), per dashboard. */
  dashboardRenders: z
    .array(z.object({ key: z.string(), renders: z.number().int(), medianSeconds: z.number(), p95Seconds: z.number() }))
    .optional(),
});

// Tab 74, Services section (issue 33 item 6): every engine the portal can use, whether it is
// configured, whether it answers, and what an administrator sets for it. Employees never see the
// configuration keys; this is where administrators find them.
export const SERVICE_GROUPS = [
  'Chat models',
  'Translation',
  'Speech to text',
  'OCR and documents',
  'Sentiment analysis',
  'Dashboards',
  'AI Factory',
] as const;
/** yes: it answered the check; no: it did not (or is not installed); unknown: not checked (not configured, or the caller cannot check it). */
export const SERVICE_REACHABILITY = ['yes', 'no', 'unknown'] as const;
export const ServiceSetting = z.object({
  /** The configuration key (environment variable, or the same key in the HANGAR_CONFIG file); never its value. */
  key: z.string(),
  required: z.boolean(),
  set: z.boolean(),
});
export const ServiceStatus = z.object({
  id: z.string(),
  group: z.enum(SERVICE_GROUPS),
  name: z.string(),
  /** What depends on it: models, methods, screens. */
  usedBy: z.string(),
  configured: z.boolean(),
  reachable: z.enum(SERVICE_REACHABILITY),
  /** Why it is not configured or not reachable, or what was checked. */
  detail: z.string().nullable(),
  /** The configuration keys it reads. */
  settings: z.array(ServiceSetting),
  /** For an engine that runs on the portal's machine: the Debian packages that provide it. */
  install: z.string().nullable(),
  /** Where the keys are documented. */
  docs: z.string(),
});
export type ServiceStatus = z.infer<typeof ServiceStatus>;
export const ServicesQuery = z.object({
  /** true: check again now instead of answering from the last check (kept 15 seconds). */
  fresh: z.enum(['true', 'false']).optional(),
});
export const ServicesResponse = z.object({
  checkedAt: z.string(),
  /** How long one check may take before the service counts as not answering. */
  timeoutMs: z.number().int(),
  services: z.array(ServiceStatus),
});
export type ServicesResponse = z.infer<typeof ServicesResponse>;
