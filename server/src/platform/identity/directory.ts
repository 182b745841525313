import { APP, DASHBOARD_APPS_GRANTING_OVERVIEW } from '@hangar/contract';
import { hash, verify } from '@node-rs/argon2';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appGrants, groupMembers, groups, users } from '../db/schema.ts';
import type { UserSubject } from '../policies/roles.ts';
import { normalizeEmail } from './email.ts';
import { createHashLimiter, type HashLimiter } from './hash-limiter.ts';

export type UserRow = typeof users.$inferSelect;

let limited: HashLimiter = createHashLimiter(2);
/** How many password hashes may run at once in this process (LOGIN_MAX_CONCURRENT_HASHES). */
export const limitPasswordHashing = (max: number) => {
  limited = createHashLimiter(max);
};

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1), as OWASP recommends. */
export const hashPassword = (password: string) => limited(() => hash(password));

// Verifying against a fixed hash when the user is unknown keeps the answer time the same.
const DUMMY_HASH = hash('not-a-real-password-hangar');

/**
 * Whether the password is the user's. A disabled account's password is still checked, so "disabled"
 * is only ever said to someone who knows the password.
 */
export async function verifyPassword(user: UserRow | undefined, password: string): Promise<boolean> {
  const stored = user?.passwordHash ?? (await DUMMY_HASH);
  const ok = await limited(() => verify(stored, password).catch(() => false));
  return ok && Boolean(user?.passwordHash);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)));
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

/** The applications of several users at once (direct, through groups, and derived), for lists. */
export async function effectiveAppsOf(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
  if (userIds.length) {
    const direct = await db
      .select({ userId: appGrants.userId, appId: appGrants.appId })
      .from(appGrants)
      .where(inArray(appGrants.userId, [...userIds]));
    const viaGroups = await db
      .select({ userId: groupMembers.userId, appId: appGrants.appId })
      .from(groupMembers)
      .innerJoin(appGrants, eq(appGrants.groupId, groupMembers.groupId))
      .where(inArray(groupMembers.userId, [...userIds]));
    for (const r of [...direct, ...viaGroups]) if (r.userId) result.get(r.userId)?.add(r.appId);
  }
  return new Map(
    [...result].map(([id, apps]) => {
      if (DASHBOARD_APPS_GRANTING_OVERVIEW.some((a) => apps.has(a))) apps.add(APP.dataGovOverview);
      return [id, [...apps].sort()];
    }),
  );
}

/** Several users as the policies see them, for the rows of a list (one query for all their applications). */
export async function userSubjectsOf(db: Db, rows: readonly { id: string; bu: string | null }[]): Promise<UserSubject[]> {
  const apps = await effectiveAppsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ id: r.id, bu: r.bu, apps: apps.get(r.id) ?? [] }));
}

/** A user as the policies see them (platform/policies): BU and the applications held now. */
export async function userSubject(db: Db, id: string): Promise<(UserRow & { apps: string[] }) | undefined> {
  const user = await findUserById(db, id);
  return user ? { ...user, apps: await effectiveApps(db, user.id) } : undefined;
}
