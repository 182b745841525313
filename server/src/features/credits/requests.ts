import type { CreditRequestView } from '@hangar/contract';
import { and, desc, eq } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../platform/db/client.ts';
import { creditRequests, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { userSubjectsOf } from '../../platform/identity/directory.ts';
import { type Actor, can } from '../../platform/policies/index.ts';
import { decideAbility } from '../../platform/policies/presenters.ts';
import type { Tx } from './ledger.ts';

/** Users' requests for more credits. One pending per user, enforced by a unique index. */
export function createCreditRequests(db: Db) {
  type Row = { r: typeof creditRequests.$inferSelect; u: { email: string; name: string; bu: string | null } };
  const view = ({ r, u }: Row, can: CreditRequestView['can']): CreditRequestView => ({
    id: r.id,
    askedBy: u.email,
    askedByName: u.name,
    bu: u.bu,
    creditAsked: r.creditAsked,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedBy,
    comment: r.comment,
    can,
  });
  /** The rows as the caller sees them: with whether they may decide each. */
  async function present(rows: Row[], actor: Actor): Promise<CreditRequestView[]> {
    const requesters = await userSubjectsOf(
      db,
      rows.map((row) => ({ id: row.r.userId, bu: row.u.bu })),
    );
    return rows.map((row, i) => view(row, decideAbility(can(actor, 'creditRequest.decide', { user: requesters[i]! }))));
  }

  return {
    present: async (row: Row, actor: Actor) => (await present([row], actor))[0]!,

    async isPending(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: creditRequests.id })
        .from(creditRequests)
        .where(and(eq(creditRequests.userId, userId), eq(creditRequests.status, 'pending')));
      return rows.length > 0;
    },

    async create(userId: string, creditAsked: number, message: string | undefined) {
      try {
        const [row] = await db
          .insert(creditRequests)
          .values({ userId, creditAsked, message: message || null })
          .returning();
        return row!;
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError('CONFLICT', 'You already have a credit request waiting for review. You will be told when it is decided.');
        }
        throw err;
      }
    },

    async find(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db
        .select({ r: creditRequests, u: { email: users.email, name: users.name, bu: users.bu } })
        .from(creditRequests)
        .innerJoin(users, eq(users.id, creditRequests.userId))
        .where(eq(creditRequests.id, id));
      return row;
    },

    /** Marks a pending request decided; false when someone decided it first. */
    async markDecided(
      tx: Tx | Db,
      id: string,
      status: 'approved' | 'rejected',
      deciderId: string,
      comment: string | undefined,
    ): Promise<boolean> {
      const rows = await tx
        .update(creditRequests)
        .set({ status, decidedBy: deciderId, decidedAt: new Date(), comment: comment || null })
        .where(and(eq(creditRequests.id, id), eq(creditRequests.status, 'pending')))
        .returning({ id: creditRequests.id });
      return rows.length > 0;
    },

    async list(filter: { status?: 'pending' | 'approved' | 'rejected'; bu?: string | null }, actor: Actor): Promise<CreditRequestView[]> {
      const rows = await db
        .select({ r: creditRequests, u: { email: users.email, name: users.name, bu: users.bu } })
        .from(creditRequests)
        .innerJoin(users, eq(users.id, creditRequests.userId))
        .where(and(filter.status ? eq(creditRequests.status, filter.status) : undefined, filter.bu ? eq(users.bu, filter.bu) : undefined))
        .orderBy(desc(creditRequests.createdAt))
        .limit(500);
      return present(rows, actor);
    },
  };
}

export type CreditRequests = ReturnType<typeof createCreditRequests>;
