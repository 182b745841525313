import { APP, DASHBOARD_APPS_GRANTING_OVERVIEW } from '@hangar/contract';
import { hash, verify } from '@node-rs/argon2';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appGrants, groupMembers, groups, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1), as OWASP recommends. */
export const hashPassword = (password: string) => hash(password);

// Verifying against a fixed hash when the user is unknown keeps the answer time the same.
const DUMMY_HASH = hash('not-a-real-password-hangar');

export async function verifyPassword(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user?.passwordHash || user.disabled) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(user.passwordHash, password).catch(() => false);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0];
}

export async function groupNamesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  return rows.map((r) => r.name).sort();
}

/** Application identifiers a user holds: direct grants, group grants, and derived rights. */
export async function effectiveApps(db: Db, userId: string): Promise<string[]> {
  const memberOf = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  const rows = await db
    .selectDistinct({ appId: appGrants.appId })
    .from(appGrants)
    .where(or(eq(appGrants.userId, userId), inArray(appGrants.groupId, memberOf)));
  const apps = new Set(rows.map((r) => r.appId));
  if (DASHBOARD_APPS_GRANTING_OVERVIEW.some((a) => apps.has(a))) apps.add(APP.dataGovOverview);
  return [...apps].sort();
}
