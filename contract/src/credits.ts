import { z } from 'zod';
import { DecideAbility } from './abilities.ts';

/** Spec section 9: default limit, default request and its step, the red threshold. */
export const CREDITS = {
  defaultLimit: 5000,
  defaultRequest: 500,
  requestStep: 500,
  /** Largest amount one request may ask for: a typo guard, not a policy. */
  maxRequest: 1_000_000,
  lowThresholdPct: 20,
  maxMessageLength: 2000,
  /** The thank-you view of a sent request closes itself after this many seconds. */
  thanksSeconds: 5,
  /** Tabs of applications that need credit: their menu entries are disabled at 0 or less.
   * The translator (3) is not one: at zero it still offers GoogleTranslate, the one free method. */
  restrictedTabIds: [9, 7, 4, 6],
} as const;

export const CREDIT_TEXTS = {
  exhausted:
    'You have run out of credits. Your application usage is now limited. For additional credits, please use the Send request button at the bottom of the sidebar.',
  reviewing: 'Your request is being reviewed.',
  low: (usedPct: number) => `You have used ${usedPct}% of your available credits. Need more?`,
} as const;

export const CreditResponse = z.object({ remaining_credit: z.number() });

export const CurrentUserData = z.object({
  email: z.string(),
  name: z.string(),
  bu: z.string().nullable(),
  airport: z.string().nullable(),
  creditLimit: z.number(),
  remainingCredit: z.number(),
});

export const CreditRequestStatus = z.object({ isPending: z.boolean() });

export const CreateCreditRequest = z.object({
  creditAsked: z
    .number({ error: 'creditAsked must be a number of credits, for example 500' })
    .int('creditAsked must be a whole number of credits')
    .positive('creditAsked must be more than 0')
    .max(CREDITS.maxRequest, `creditAsked can be at most ${CREDITS.maxRequest.toLocaleString('en')} credits`)
    .default(CREDITS.defaultRequest),
  message: z.string().trim().max(CREDITS.maxMessageLength, `The message can be at most ${CREDITS.maxMessageLength} characters`).optional(),
});

export const CreditRequestView = z.object({
  id: z.string(),
  askedBy: z.string(),
  askedByName: z.string(),
  bu: z.string().nullable(),
  creditAsked: z.number(),
  message: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  comment: z.string().nullable(),
  can: DecideAbility,
});
export type CreditRequestView = z.infer<typeof CreditRequestView>;

export const CreditRequestsResponse = z.object({ requests: z.array(CreditRequestView) });
