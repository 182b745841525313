import { z } from 'zod';
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
