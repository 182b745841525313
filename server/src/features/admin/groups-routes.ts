import { APP, CreateGroup, DgPermission, DgPermissionsResponse, GroupsResponse, Membership } from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/client.ts';
import { appGrants, dgPermissions, groupMembers, groups, users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { groupSubject } from './groups.ts';

const SUPER = { anyApp: [APP.superAdmin] };
const IdParams = z.object({ id: z.uuid('That is not a group id') });
const foreignKeyMissing = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === '23503';

/** Tab 71: groups, membership, and the data-governance permission map. Super administrators only. */
export function registerGroupRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { db, audit } = ctx;
  /** Audit targets name the group, so tab 72 reads well. */
  const existingGroup = async (id: string) => {
    const group = await groupSubject(db, id);
    if (!group) throw new AppError('NOT_FOUND', 'No such group.');
    return group;
  };
  const groupLabel = async (id: string) => {
    const [g] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, id));
    return `group ${g?.name ?? id}`;
  };

  app.get(
    '/api/admin/groups',
    {
      config: { access: SUPER },
      schema: { tags: ['admin'], summary: 'Groups with members and applications', response: { 200: GroupsResponse } },
    },
    async () => {
      const all = await db.select().from(groups).orderBy(groups.name);
      const members = await db
        .select({ groupId: groupMembers.groupId, id: users.id, email: users.email, name: users.name })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId));
      const grants = await db.select({ groupId: appGrants.groupId, appId: appGrants.appId }).from(appGrants);
      return {
        groups: all.map((g) => ({
          id: g.id,
          name: g.name,
          description: g.description,
          members: members.filter((m) => m.groupId === g.id).map(({ id, email, name }) => ({ id, email, name })),
          apps: grants
            .filter((a) => a.groupId === g.id)
            .map((a) => a.appId)
            .sort(),
        })),
      };
    },
  );

  app.post(
    '/api/admin/groups',
    { config: { access: SUPER }, schema: { tags: ['admin'], summary: 'Create a group', body: CreateGroup } },
    async (request, reply) => {
      try {
        const [row] = await db.insert(groups).values(request.body).returning();
        await audit({ action: 'permission.change', target: `group ${row!.name}`, details: { event: 'group_created' } }, request);
        return reply.status(201).send({ id: row!.id, name: row!.name });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', `A group named ${request.body.name} already exists.`);
        throw err;
      }
    },
  );

  app.delete(
    '/api/admin/groups/:id',
    {
      config: { access: SUPER },
      schema: { tags: ['admin'], summary: 'Delete a group (its members lose what it granted)', params: IdParams },
    },
    async (request, reply) => {
      const group = await existingGroup(request.params.id);
      await ctx.authorize(request, 'group.change', group, { target: `group ${group.name}` });
      await ctx.revocation.bumpGroup(group.id);
      const [row] = await db.delete(groups).where(eq(groups.id, request.params.id)).returning();
      if (!row) throw new AppError('NOT_FOUND', 'No such group.');
      await audit({ action: 'permission.change', target: `group ${row.name}`, details: { event: 'group_deleted' } }, request);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/admin/groups/:id/members',
    { config: { access: SUPER }, schema: { tags: ['admin'], summary: 'Add a user to a group', params: IdParams, body: Membership } },
    async (request, reply) => {
      const group = await existingGroup(request.params.id);
      const { userId } = request.body;
      await ctx.authorize(request, 'group.changeMembership', { group, userId }, { target: `group ${group.name}` });
      try {
        await db.insert(groupMembers).values({ groupId: group.id, userId }).onConflictDoNothing();
      } catch (err) {
        if (foreignKeyMissing(err)) throw new AppError('NOT_FOUND', 'No such user.');
        throw err;
      }
      await ctx.revocation.bump([userId]);
      await audit(
        {
          action: 'permission.change',
          target: await groupLabel(request.params.id),
          details: { event: 'member_added', userId: request.body.userId },
        },
        request,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/admin/groups/:id/members/:userId',
    {
      config: { access: SUPER },
      schema: {
        tags: ['admin'],
        summary: 'Remove a user from a group',
        params: IdParams.extend({ userId: z.uuid('That is not a user id') }),
      },
    },
    async (request, reply) => {
      const group = await existingGroup(request.params.id);
      const { userId } = request.params;
      await ctx.authorize(request, 'group.changeMembership', { group, userId }, { target: `group ${group.name}` });
      await db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)));
      await ctx.revocation.bump([userId]);
      await audit(
        {
          action: 'permission.change',
          target: await groupLabel(request.params.id),
          details: { event: 'member_removed', userId: request.params.userId },
        },
        request,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/dg_permissions',
    {
      config: { access: SUPER },
      schema: { tags: ['admin'], summary: 'The data-governance map: BU → groups → applications', response: { 200: DgPermissionsResponse } },
    },
    async () => ({
      map: await db
        .select({ bu: dgPermissions.bu, groupId: dgPermissions.groupId, group: groups.name, appName: dgPermissions.appName })
        .from(dgPermissions)
        .innerJoin(groups, eq(groups.id, dgPermissions.groupId))
        .orderBy(dgPermissions.bu, groups.name, dgPermissions.appName),
    }),
  );

  app.post(
    '/api/admin/dg_permissions',
    {
      config: { access: SUPER },
      schema: { tags: ['admin'], summary: 'Give a group a data-governance application for a BU', body: DgPermission },
    },
    async (request, reply) => {
      const group = await existingGroup(request.body.groupId);
      await ctx.authorize(request, 'group.changeGovernanceMap', group, { target: `group ${group.name}` });
      try {
        await db.insert(dgPermissions).values(request.body).onConflictDoNothing();
      } catch (err) {
        if (foreignKeyMissing(err)) throw new AppError('NOT_FOUND', 'No such group.');
        throw err;
      }
      await audit(
        { action: 'permission.change', target: await groupLabel(request.body.groupId), details: { event: 'dg_granted', ...request.body } },
        request,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/admin/dg_permissions',
    {
      config: { access: SUPER },
      schema: { tags: ['admin'], summary: 'Take a data-governance application from a group for a BU', body: DgPermission },
    },
    async (request, reply) => {
      const { bu, groupId, appName } = request.body;
      const group = await existingGroup(groupId);
      await ctx.authorize(request, 'group.changeGovernanceMap', group, { target: `group ${group.name}` });
      await db
        .delete(dgPermissions)
        .where(and(eq(dgPermissions.bu, bu), eq(dgPermissions.groupId, groupId), eq(dgPermissions.appName, appName)));
      await audit(
        { action: 'permission.change', target: await groupLabel(groupId), details: { event: 'dg_revoked', ...request.body } },
        request,
      );
      return reply.status(204).send();
    },
  );
}
