import { AdjustCredits, AdminUser, CreateUser, UpdateUser, UserListQuery, UserListResponse } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_RULE, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, userSubject } from '../../platform/identity/directory.ts';
import { normalizeEmail } from '../../platform/identity/email.ts';
import { adminScope } from '../../platform/policies/roles.ts';
import { createUserDirectory } from './users.ts';

const IdParams = z.object({ id: z.string() });

/** Tab 70: users, their BU and airport, their account state and credits. */
export function registerUserAdminRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { audit, credits, sessions } = ctx;
  const directory = createUserDirectory(ctx.db);

  /** The user as the policies see them; 404 for an unknown id. */
  async function subject(id: string) {
    const user = await userSubject(ctx.db, id);
    if (!user) throw new AppError('NOT_FOUND', 'No such user.');
    return user;
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
      const scope = adminScope(requireUser(request));
      const q = request.query;
      const result = await directory.list({ ...q, bu: scope ?? q.bu }, requireUser(request));
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
      const body = request.body;
      await ctx.authorize(request, 'user.create', { bu: body.bu ?? null }, { target: body.email });
      let id: string;
      try {
        const [row] = await ctx.db
          .insert(users)
          .values({
            email: normalizeEmail(body.email),
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
      return reply.status(201).send((await directory.get(id, requireUser(request)))!);
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
      const user = await subject(request.params.id);
      const { creditLimit, ...fields } = request.body;
      const target = { target: user.email };
      await ctx.authorize(request, 'user.update', user, target);
      if (fields.bu !== undefined && fields.bu !== user.bu) await ctx.authorize(request, 'user.moveToBu', { user, bu: fields.bu }, target);
      if (fields.disabled !== undefined) await ctx.authorize(request, 'user.disable', user, target);
      if (creditLimit !== undefined) await ctx.authorize(request, 'user.setCreditLimit', user, target);
      if (Object.keys(fields).length) await ctx.db.update(users).set(fields).where(eq(users.id, user.id));
      if (creditLimit !== undefined) await credits.setLimit(user.id, creditLimit);
      // A disabled user, or one moved to another BU or airport, must not keep acting on the old token.
      if (fields.disabled) await sessions.endAllOfUser(user.id);
      if (fields.disabled !== undefined || fields.bu !== undefined || fields.airport !== undefined) await ctx.revocation.bump([user.id]);
      await audit({ action: 'permission.change', target: user.email, details: { event: 'user_updated', changes: request.body } }, request);
      return (await directory.get(user.id, requireUser(request)))!;
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
      const admin = requireUser(request);
      const user = await subject(request.params.id);
      await ctx.authorize(request, 'credits.adjust', user, { target: user.email });
      await credits.adjust(user.id, request.body.delta, { kind: 'admin_adjustment', actorId: admin.sub, reason: request.body.reason });
      await audit(
        {
          action: 'credit.change',
          target: user.email,
          details: { event: 'admin_adjustment', delta: request.body.delta, reason: request.body.reason },
        },
        request,
      );
      return (await directory.get(user.id, requireUser(request)))!;
    },
  );

  app.post(
    '/api/admin/user_management/users/:id/sessions/end',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: "Ends all of a user's sessions: every device is signed out and current access tokens stop working within seconds",
        params: IdParams,
        response: { 204: z.null().describe('Sessions ended') },
      },
    },
    async (request, reply) => {
      const user = await subject(request.params.id);
      await ctx.authorize(request, 'user.endSessions', user, { target: user.email });
      await sessions.endAllOfUser(user.id);
      await ctx.revocation.bump([user.id]);
      await audit({ action: 'auth.sign_out', target: user.email, details: { event: 'all_sessions_ended' } }, request);
      return reply.status(204).send(null);
    },
  );
}
