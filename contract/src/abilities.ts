import { z } from 'zod';

// What the signed-in user may do, as the server's policies compute it (server/src/platform/policies).
// The web shows and enables actions from these, never from its own reading of the token.

/** What the caller may do to one user of the admin area; `why` explains the first refusal. */
export const UserAbilities = z.object({
  edit: z.boolean(),
  credits: z.boolean(),
  disable: z.boolean(),
  endSessions: z.boolean(),
  why: z.string().nullable(),
});
export type UserAbilities = z.infer<typeof UserAbilities>;

/** Whether the caller may decide a request (credits or access); `why` says why not. */
export const DecideAbility = z.object({ decide: z.boolean(), why: z.string().nullable() });
export type DecideAbility = z.infer<typeof DecideAbility>;

export const Abilities = z.object({
  admin: z.object({
    /** Holds an administration application: the admin tabs and request badges are theirs. */
    isAdmin: z.boolean(),
    /** Administers every business unit (a super administrator); otherwise only `bu`. */
    everyBu: z.boolean(),
    bu: z.string().nullable(),
    /** Tabs 69 and 71: application rights, groups and the data-governance map. */
    applicationRights: z.boolean(),
    groups: z.boolean(),
    /** Applications the caller may hand to a user of their business unit. */
    grantableApps: z.array(z.string()),
  }),
});
export type Abilities = z.infer<typeof Abilities>;
