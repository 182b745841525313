import { AdjustCredits, AdminUser, CreateUser, UpdateUser, UserListQuery, UserListResponse } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_RULE, canManageUser, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/identity/directory.ts';
import { scopeOf } from './scope.ts';
import { createUserDirectory } from './users.ts';

const IdParams = z.object({ id: z.string() });

/** Tab 70: users, their BU and airport, their account state and credits. */
export function registerUserAdminRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { audit, credits, sessions } = ctx;
  const directory = createUserDirectory(ctx.db);

  /** The user, if the caller may manage them; 404 for an unknown id, 403 (audited) for another BU. */
  async function manageable(request: FastifyRequest, id: string) {
    const admin = requireUser(request);
    const user = await directory.get(id);
    if (!user) throw new AppError('NOT_FOUND', 'No such user.');
    if (!canManageUser(admin, user.bu)) {
      await audit({ action: 'access.denied', target: user.email, outcome: 'denied', details: { reason: 'other_bu' } }, request);
      throw forbidden('This user belongs to another business unit.');
    }
    return { admin, user };
  }

  app.get(
    '/api/admin/user_management/users',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'Search, sort and page through users',
        querystring: UserListQuery,
        response: { 200: UserListResponse },
      },
    },
    async (request) => {
      const scope = scopeOf(requireUser(request));
      const q = request.query;
      const result = await directory.list({ ...q, bu: scope ?? q.bu });
      return { ...result, page: q.page, pageSize: q.pageSize };
    },
  );

  app.post(
    '/api/admin/user_management/users',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'Create a user (with a password for the built-in sign-in)',
        body: CreateUser,
        response: { 201: AdminUser },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const body = request.body;
      if (!canManageUser(admin, body.bu ?? null)) throw forbidden('A local administrator creates users of their own business unit only.');
      let id: string;
      try {
        const [row] = await ctx.db
          .insert(users)
          .values({
            email: body.email.toLowerCase(),
            name: body.name,
            bu: body.bu ?? null,
            airport: body.airport ?? null,
            passwordHash: body.password ? await hashPassword(body.password) : null,
          })
          .returning({ id: users.id });
        id = row!.id;
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', `A user with the email ${body.email} already exists.`);
        throw err;
      }
      await audit({ action: 'permission.change', target: body.email, details: { event: 'user_created', bu: body.bu ?? null } }, request);
      return reply.status(201).send((await directory.get(id))!);
    },
  );

  app.patch(
    '/api/admin/user_management/users/:id',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'Change name, BU, airport, credit limit, or disable',
        params: IdParams,
        body: UpdateUser,
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const { admin, user } = await manageable(request, request.params.id);
      const { creditLimit, ...fields } = request.body;
      if (fields.bu !== undefined && !canManageUser(admin, fields.bu))
        throw forbidden('A local administrator cannot move a user to another business unit.');
      if (fields.disabled && user.id === admin.sub) throw new AppError('BAD_REQUEST', 'You cannot disable your own account.');
      if (Object.keys(fields).length) await ctx.db.update(users).set(fields).where(eq(users.id, user.id));
      if (creditLimit !== undefined) await credits.setLimit(user.id, creditLimit);
      if (fields.disabled) await sessions.endAllOfUser(user.id);
      await audit({ action: 'permission.change', target: user.email, details: { event: 'user_updated', changes: request.body } }, request);
      return (await directory.get(user.id))!;
    },
  );

  app.post(
    '/api/admin/user_management/users/:id/credits',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: "Adjust a user's balance, with a reason kept in the ledger",
        params: IdParams,
        body: AdjustCredits,
        response: { 200: AdminUser },
      },
    },
    async (request) => {
      const { admin, user } = await manageable(request, request.params.id);
      await credits.adjust(user.id, request.body.delta, { kind: 'admin_adjustment', actorId: admin.sub, reason: request.body.reason });
      await audit(
        {
          action: 'credit.change',
          target: user.email,
          details: { event: 'admin_adjustment', delta: request.body.delta, reason: request.body.reason },
        },
        request,
      );
      return (await directory.get(user.id))!;
    },
  );
}
