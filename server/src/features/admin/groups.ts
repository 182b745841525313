import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { groupMembers, groups } from '../../platform/db/schema.ts';

/** A group as the policies see it: its members. */
export async function groupSubject(db: Db, id: string): Promise<{ id: string; name: string; members: string[] } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [group] = await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, id));
  if (!group) return undefined;
  const members = await db.select({ id: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, id));
  return { ...group, members: members.map((m) => m.id) };
}
