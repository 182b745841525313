import { GOV_USE_CASES, type GovApp, type GovUseCase } from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { govTabApp, holds, type PermissionMap } from '../../platform/policies/governance.ts';
import { permissionMap } from '../../platform/policies/governance-map.ts';

export { holds, type PermissionMap, permissionMap };

export const tabApp = govTabApp;
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
  await ctx.authorize(request, 'governance.use', { map, bu, useCase, apps });
}
