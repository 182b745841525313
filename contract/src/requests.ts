import { z } from 'zod';
import { DecideAbility } from './abilities.ts';

export const Decision = z.object({
  decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'" }),
  comment: z.string().trim().max(2000, 'The comment can be at most 2000 characters').optional(),
});
export type Decision = z.infer<typeof Decision>;

export const CreateAccessRequest = z.object({
  appId: z
    .string()
    .trim()
    .min(1, 'Choose the application you need')
    .max(200)
    .regex(/^[A-Za-z_]+\/[\w &/.-]+$/, 'appId must be an application identifier such as Dashboard/Finance'),
  bu: z.string().trim().max(20).optional(),
  message: z.string().trim().max(2000, 'The message can be at most 2000 characters').optional(),
});

export const AccessRequestView = z.object({
  id: z.string(),
  askedBy: z.string(),
  askedByName: z.string(),
  userBu: z.string().nullable(),
  appId: z.string(),
  bu: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  can: DecideAbility,
});
export type AccessRequestView = z.infer<typeof AccessRequestView>;
export const AccessRequestsResponse = z.object({ requests: z.array(AccessRequestView) });

/** Tab 73's badges: distinct users with a pending request, per kind. */
export const NotificationCounts = z.object({ ai: z.number().int(), permissions: z.number().int() });

export const NotificationView = z.object({
  id: z.string(),
  kind: z.enum(['credit_request', 'access_request']),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const NotificationsResponse = z.object({ notifications: z.array(NotificationView), unread: z.number().int() });
