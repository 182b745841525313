import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dgPermissions, groupMembers, groups } from '../db/schema.ts';
import type { PermissionMap } from './governance.ts';

/** A user's data-governance rights per BU, from their groups (governance and Talk to my data read it). */
export async function permissionMap(db: Db, userId: string): Promise<PermissionMap> {
  const rows = await db
    .select({ bu: dgPermissions.bu, group: groups.name, app: dgPermissions.appName })
    .from(dgPermissions)
    .innerJoin(groups, eq(groups.id, dgPermissions.groupId))
    .innerJoin(groupMembers, eq(groupMembers.groupId, dgPermissions.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(dgPermissions.bu, groups.name, dgPermissions.appName);
  const map: PermissionMap = {};
  for (const r of rows) {
    const byGroup = map[r.bu] ?? {};
    map[r.bu] = byGroup;
    byGroup[r.group] = [...(byGroup[r.group] ?? []), r.app];
  }
  return map;
}
