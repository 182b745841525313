import type { AdminUser, UserAbilities } from '@hangar/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { creditAccounts, users } from '../../platform/db/schema.ts';
import { userSubjectsOf } from '../../platform/identity/directory.ts';
import type { Actor } from '../../platform/policies/index.ts';
import { userAbilities } from '../../platform/policies/presenters.ts';

const DEFAULT_LIMIT = 5000;
const remaining = sql<number>`coalesce(${creditAccounts.remainingMilli}, ${DEFAULT_LIMIT * 1000})`;

export interface UserListOptions {
  q?: string;
  bu?: string;
  sort: 'email' | 'name' | 'bu' | 'createdAt' | 'remainingCredit';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const SORT_COLUMNS = { email: users.email, name: users.name, bu: users.bu, createdAt: users.createdAt, remainingCredit: remaining };

/** The users table of the admin area, with each user's credit account (or its defaults). */
export function createUserDirectory(db: Db) {
  const toView = (u: typeof users.$inferSelect, limit: number | null, milli: number, can: UserAbilities): AdminUser => ({
    id: u.id,
    email: u.email,
    name: u.name,
    bu: u.bu,
    airport: u.airport,
    disabled: u.disabled,
    creditLimit: limit ?? DEFAULT_LIMIT,
    remainingCredit: Number(milli) / 1000,
    createdAt: u.createdAt.toISOString(),
    can,
  });
  const abilitiesOf = async (actor: Actor, rows: { u: typeof users.$inferSelect }[]) =>
    (
      await userSubjectsOf(
        db,
        rows.map((r) => r.u),
      )
    ).map((subject) => userAbilities(actor, subject));

  return {
    async list(opts: UserListOptions, actor: Actor): Promise<{ users: AdminUser[]; total: number }> {
      const filters: (SQL | undefined)[] = [opts.bu ? eq(users.bu, opts.bu) : undefined];
      if (opts.q) {
        const pattern = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(or(ilike(users.email, pattern), ilike(users.name, pattern)));
      }
      const where = and(...filters);
      const direction = opts.order === 'asc' ? asc : desc;
      const rows = await db
        .select({ u: users, limit: creditAccounts.creditLimit, milli: remaining })
        .from(users)
        .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
        .where(where)
        .orderBy(direction(SORT_COLUMNS[opts.sort]), asc(users.email))
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const can = await abilitiesOf(actor, rows);
      return { users: rows.map((r, i) => toView(r.u, r.limit, r.milli, can[i]!)), total: Number(total?.n ?? 0) };
    },

    async get(id: string, actor: Actor): Promise<AdminUser | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [r] = await db
        .select({ u: users, limit: creditAccounts.creditLimit, milli: remaining })
        .from(users)
        .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
        .where(eq(users.id, id));
      return r ? toView(r.u, r.limit, r.milli, (await abilitiesOf(actor, [r]))[0]!) : undefined;
    },
  };
}
