import { APP, ApplicationsResponse, GrantRequest, UserRightsView } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_RULE, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { userSubject } from '../../platform/identity/directory.ts';
import { groupSubject } from './groups.ts';
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
      const { appId, userId, groupId } = request.body;
      let target: string;
      if (userId) {
        const user = await userSubject(ctx.db, userId);
        if (!user) throw new AppError('NOT_FOUND', 'No such user.');
        target = user.email;
        await ctx.authorize(request, 'grant.toUser', { appId, user }, { target });
      } else {
        const group = await groupSubject(ctx.db, groupId!);
        if (!group) throw new AppError('NOT_FOUND', 'No such group.');
        target = `group ${group.name}`;
        await ctx.authorize(request, 'grant.toGroup', { appId, group }, { target });
      }
      const grantId = await rights.grant(appId, { userId, groupId });
      if (userId) await ctx.revocation.bump([userId]);
      else await ctx.revocation.bumpGroup(groupId!);
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
      const found = await rights.findGrant(request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'No such grant.');
      const { appId, userId, groupId } = found.g;
      const target = found.email ?? `group ${groupId}`;
      if (userId) {
        const user = await userSubject(ctx.db, userId);
        if (!user) throw new AppError('NOT_FOUND', 'No such grant.');
        await ctx.authorize(request, 'grant.toUser', { appId, user }, { target });
      } else {
        const group = await groupSubject(ctx.db, groupId!);
        if (!group) throw new AppError('NOT_FOUND', 'No such grant.');
        await ctx.authorize(request, 'grant.toGroup', { appId, group }, { target });
      }
      // Members of a group lose the right at once: bump them before the grant goes.
      const members = groupId ? await groupSubject(ctx.db, groupId) : null;
      await rights.revoke(found.g.id);
      await ctx.revocation.bump(userId ? [userId] : [...(members?.members ?? [])]);
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
      const user = await directory.get(request.params.id, requireUser(request));
      const subject = user && (await userSubject(ctx.db, user.id));
      if (!user || !subject) throw new AppError('NOT_FOUND', 'No such user.');
      await ctx.authorize(request, 'user.read', subject, { target: user.email });
      return { user, ...(await rights.ofUser(user.id)) };
    },
  );
}
