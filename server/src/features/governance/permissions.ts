import { GOV_USE_CASES, type GovApp, type GovUseCase } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { dgPermissions, groupMembers, groups } from '../../platform/db/schema.ts';
import { forbidden } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';

/** BU -> group name -> application names ('Finance/Ingestion'). */
export type PermissionMap = Record<string, Record<string, string[]>>;

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

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

/** Whether the map lists `<useCase>/<app>` for the BU; tab names compare ignoring spaces and case. */
export function holds(map: PermissionMap, bu: string, useCase: string, app: GovApp): boolean {
  const wanted = norm(`${useCase}/${app}`);
  return Object.values(map[bu] ?? {}).some((apps) => apps.some((a) => norm(a) === wanted));
}

/** The use-case tab application a token must hold ('Data_gov/Finance'). */
export const tabApp = (useCase: GovUseCase) => `Data_gov/${useCase}`;
export const GOVERNANCE_RULE = { anyApp: ['Data_gov/Overview', 'Data_gov/Overview HQ', ...GOV_USE_CASES.map(tabApp)] };

/**
 * Checks the caller may use `apps` (any of them) of a use case at a BU: the tab's application in
 * the token and the per-BU map. A refused ingestion upload is audited.
 */
export async function requireRight(
  ctx: AppContext,
  request: FastifyRequest,
  user: AccessClaims,
  bu: string,
  useCase: GovUseCase,
  apps: GovApp[],
): Promise<void> {
  const map = await permissionMap(ctx.db, user.sub);
  if (user.apps.includes(tabApp(useCase)) && apps.some((a) => holds(map, bu, useCase, a))) return;
  await ctx.audit(
    { action: 'access.denied', target: `${request.method} ${request.routeOptions.url}`, outcome: 'denied', details: { bu, useCase, apps } },
    request,
  );
  throw forbidden(`You do not have the ${apps.join(' or ')} right for ${useCase} at ${bu}. Ask your BU's data ambassador to grant it.`);
}
