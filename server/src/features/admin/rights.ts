import { APP, GOV_USE_CASES, TABS } from '@hangar/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { appGrants, groupMembers, groups, users } from '../../platform/db/schema.ts';
import { effectiveApps } from '../../platform/identity/directory.ts';

/** Applications of the catalogue and the platform (what may be asked for). */
const CATALOGUE_APPS = new Set<string>([
  ...TABS.flatMap((t) => t.requires),
  ...Object.values(APP),
  ...GOV_USE_CASES.map((u) => `Data_gov/${u}`),
]);
export const isKnownApp = (appId: string) => CATALOGUE_APPS.has(appId);

/** Every application identifier the product knows: the catalogue's, the platform's and any granted. */
async function knownApps(db: Db): Promise<string[]> {
  const granted = await db.selectDistinct({ appId: appGrants.appId }).from(appGrants);
  return [...new Set([...CATALOGUE_APPS, ...granted.map((g) => g.appId)])].sort();
}

/** Tabs 69 and 75: who holds what, and where each right comes from. */
export function createRights(db: Db) {
  return {
    async applications() {
      const rows = await db
        .select({
          grantId: appGrants.id,
          appId: appGrants.appId,
          userId: users.id,
          email: users.email,
          groupId: groups.id,
          group: groups.name,
        })
        .from(appGrants)
        .leftJoin(users, eq(users.id, appGrants.userId))
        .leftJoin(groups, eq(groups.id, appGrants.groupId));
      return (await knownApps(db)).map((appId) => ({
        appId,
        tabs: TABS.filter((t) => t.requires.includes(appId)).map((t) => ({ id: t.id, title: t.title })),
        holders: rows
          .filter((r) => r.appId === appId)
          .map((r) => ({ grantId: r.grantId, userId: r.userId, email: r.email, groupId: r.groupId, group: r.group })),
      }));
    },

    async grant(appId: string, target: { userId?: string; groupId?: string }): Promise<string> {
      const existing = await db
        .select({ id: appGrants.id })
        .from(appGrants)
        .where(
          and(eq(appGrants.appId, appId), target.userId ? eq(appGrants.userId, target.userId) : eq(appGrants.groupId, target.groupId!)),
        );
      if (existing[0]) return existing[0].id;
      const [row] = await db
        .insert(appGrants)
        .values({ appId, userId: target.userId ?? null, groupId: target.groupId ?? null })
        .returning();
      return row!.id;
    },

    async findGrant(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db
        .select({ g: appGrants, bu: users.bu, email: users.email })
        .from(appGrants)
        .leftJoin(users, eq(users.id, appGrants.userId))
        .where(eq(appGrants.id, id));
      return row;
    },

    async revoke(id: string): Promise<void> {
      await db.delete(appGrants).where(eq(appGrants.id, id));
    },

    /** A user's effective rights with their sources: direct grant, group grant, or derived by rule. */
    async ofUser(userId: string) {
      const memberOf = await db
        .select({ id: groups.id, name: groups.name })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.userId, userId));
      const direct = await db.select({ appId: appGrants.appId }).from(appGrants).where(eq(appGrants.userId, userId));
      const viaGroups = memberOf.length
        ? await db
            .select({ appId: appGrants.appId, group: groups.name })
            .from(appGrants)
            .innerJoin(groups, eq(groups.id, appGrants.groupId))
            .where(
              and(
                isNotNull(appGrants.groupId),
                inArray(
                  appGrants.groupId,
                  memberOf.map((g) => g.id),
                ),
              ),
            )
        : [];
      const rights = (await effectiveApps(db, userId)).map((appId) => {
        const sources = [
          ...direct.filter((d) => d.appId === appId).map(() => ({ kind: 'direct' as const, group: null })),
          ...viaGroups.filter((g) => g.appId === appId).map((g) => ({ kind: 'group' as const, group: g.group })),
        ];
        return { appId, sources: sources.length ? sources : [{ kind: 'derived' as const, group: null }] };
      });
      return { groups: memberOf.sort((a, b) => a.name.localeCompare(b.name)), rights };
    },
  };
}
