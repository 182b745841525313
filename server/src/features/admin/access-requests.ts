import type { AccessRequestView } from '@hangar/contract';
import { and, countDistinct, desc, eq } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../platform/db/client.ts';
import { accessRequests, appGrants, creditRequests, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { userSubjectsOf } from '../../platform/identity/directory.ts';
import { type Actor, can } from '../../platform/policies/index.ts';
import { decideAbility } from '../../platform/policies/presenters.ts';

type Row = { r: typeof accessRequests.$inferSelect; u: { email: string; name: string; bu: string | null } };

const view = ({ r, u }: Row, can: AccessRequestView['can']): AccessRequestView => ({
  id: r.id,
  askedBy: u.email,
  askedByName: u.name,
  userBu: u.bu,
  appId: r.appId,
  bu: r.bu,
  message: r.message,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  comment: r.comment,
  can,
});

/** Requests for applications: one pending per user and application; approval grants it. */
export function createAccessRequests(db: Db) {
  const select = () =>
    db
      .select({ r: accessRequests, u: { email: users.email, name: users.name, bu: users.bu } })
      .from(accessRequests)
      .innerJoin(users, eq(users.id, accessRequests.userId));

  /** The rows as the caller sees them: with whether they may decide each (the requester's rights matter). */
  async function present(rows: Row[], actor: Actor): Promise<AccessRequestView[]> {
    const requesters = await userSubjectsOf(
      db,
      rows.map((row) => ({ id: row.r.userId, bu: row.u.bu })),
    );
    return rows.map((row, i) => view(row, decideAbility(can(actor, 'accessRequest.decide', { appId: row.r.appId, user: requesters[i]! }))));
  }

  return {
    present: async (row: Row, actor: Actor) => (await present([row], actor))[0]!,

    async create(userId: string, input: { appId: string; bu?: string; message?: string }) {
      try {
        const [row] = await db
          .insert(accessRequests)
          .values({ userId, appId: input.appId, bu: input.bu || null, message: input.message || null })
          .returning();
        return row!;
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('CONFLICT', `You already asked for ${input.appId}; an administrator will decide soon.`);
        }
        throw err;
      }
    },

    async find(id: string): Promise<Row | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await select().where(eq(accessRequests.id, id));
      return row;
    },

    async list(filter: { userId?: string; bu?: string }, actor: Actor): Promise<AccessRequestView[]> {
      const rows = await select()
        .where(and(filter.userId ? eq(accessRequests.userId, filter.userId) : undefined, filter.bu ? eq(users.bu, filter.bu) : undefined))
        .orderBy(desc(accessRequests.createdAt))
        .limit(500);
      return present(rows, actor);
    },

    /** Decides a pending request; approval grants the application in the same transaction. */
    async decide(id: string, status: 'approved' | 'rejected', deciderId: string, comment: string | undefined): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(accessRequests)
          .set({ status, decidedBy: deciderId, decidedAt: new Date(), comment: comment || null })
          .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
          .returning();
        if (!row) throw new AppError('CONFLICT', 'This request has already been decided.');
        if (status === 'approved') await tx.insert(appGrants).values({ appId: row.appId, userId: row.userId });
      });
    },

    /** Distinct users waiting, per kind: the red badges of tab 73. */
    async pendingAskers(bu?: string): Promise<{ ai: number; permissions: number }> {
      const buFilter = bu ? eq(users.bu, bu) : undefined;
      const [ai] = await db
        .select({ n: countDistinct(creditRequests.userId) })
        .from(creditRequests)
        .innerJoin(users, eq(users.id, creditRequests.userId))
        .where(and(eq(creditRequests.status, 'pending'), buFilter));
      const [permissions] = await db
        .select({ n: countDistinct(accessRequests.userId) })
        .from(accessRequests)
        .innerJoin(users, eq(users.id, accessRequests.userId))
        .where(and(eq(accessRequests.status, 'pending'), buFilter));
      return { ai: Number(ai?.n ?? 0), permissions: Number(permissions?.n ?? 0) };
    },
  };
}
