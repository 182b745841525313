import { APP, ApplicationsResponse, GrantRequest, UserRightsView } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_RULE, canManageUser, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { createRights } from './rights.ts';
import { createUserDirectory } from './users.ts';

const SUPER = { anyApp: [APP.superAdmin] };

/** Tab 69 (application rights: holders, grant, revoke) and tab 75 (one user's rights and sources). */
export function registerRightsRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { audit } = ctx;
  const rights = createRights(ctx.db);
  const directory = createUserDirectory(ctx.db);

  app.get(
    '/api/admin/rights/applications',
    {
      config: { access: SUPER },
      schema: {
        tags: ['admin'],
        summary: 'Every application and who holds it, directly or through a group',
        response: { 200: ApplicationsResponse },
      },
    },
    async () => ({ applications: await rights.applications() }),
  );

  app.post(
    '/api/admin/rights/grants',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'Grant an application to a user or a group',
        body: GrantRequest,
        response: { 201: z.object({ grantId: z.string() }) },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const { appId, userId, groupId } = request.body;
      const isSuper = admin.apps.includes(APP.superAdmin);
      if (!isSuper && (groupId || appId.startsWith('Admin/'))) {
        throw forbidden('A local administrator grants applications to users of their BU only, and never administration rights.');
      }
      let target = groupId ? `group ${groupId}` : '';
      if (userId) {
        const user = await directory.get(userId);
        if (!user) throw new AppError('NOT_FOUND', 'No such user.');
        if (!canManageUser(admin, user.bu)) throw forbidden('This user belongs to another business unit.');
        target = user.email;
      }
      const grantId = await rights.grant(appId, { userId, groupId }).catch((err) => {
        throw (err as { cause?: { code?: string } }).cause?.code === '23503' ? new AppError('NOT_FOUND', 'No such group.') : err;
      });
      await audit({ action: 'permission.change', target, details: { event: 'granted', appId, grantId } }, request);
      return reply.status(201).send({ grantId });
    },
  );

  app.delete(
    '/api/admin/rights/grants/:id',
    {
      config: { access: ADMIN_RULE },
      schema: { tags: ['admin'], summary: 'Revoke a grant (takes effect at the next token refresh)', params: z.object({ id: z.string() }) },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const found = await rights.findGrant(request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'No such grant.');
      const isSuper = admin.apps.includes(APP.superAdmin);
      if (!isSuper && (found.g.groupId || found.g.appId.startsWith('Admin/') || !canManageUser(admin, found.bu))) {
        throw forbidden('A local administrator revokes applications of users of their BU only.');
      }
      if (found.g.userId === admin.sub && found.g.appId === APP.superAdmin)
        throw new AppError('BAD_REQUEST', 'You cannot revoke your own super-administrator right.');
      await rights.revoke(found.g.id);
      await audit(
        {
          action: 'permission.change',
          target: found.email ?? `group ${found.g.groupId}`,
          details: { event: 'revoked', appId: found.g.appId, grantId: found.g.id },
        },
        request,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/rights/users/:id',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: "One user's effective rights and where each comes from",
        params: z.object({ id: z.string() }),
        response: { 200: UserRightsView },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const user = await directory.get(request.params.id);
      if (!user) throw new AppError('NOT_FOUND', 'No such user.');
      if (!canManageUser(admin, user.bu)) throw forbidden('This user belongs to another business unit.');
      return { user, ...(await rights.ofUser(user.id)) };
    },
  );
}
