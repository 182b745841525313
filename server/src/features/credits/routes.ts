import {
  CreateCreditRequest,
  CreditRequestStatus,
  CreditRequestsResponse,
  CreditResponse,
  CurrentUserData,
  Decision,
} from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_RULE, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import { findUserById, userSubject } from '../../platform/identity/directory.ts';
import { adminScope } from '../../platform/policies/roles.ts';
import { createCreditRequests } from './requests.ts';

export function registerCreditRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { credits, audit } = ctx;
  const requests = createCreditRequests(ctx.db);

  app.get(
    '/api/credit',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['credits'], summary: "The caller's remaining GenAI credits", response: { 200: CreditResponse } },
    },
    async (request) => ({ remaining_credit: (await credits.balance(requireUser(request).sub)).remaining }),
  );

  app.get(
    '/api/admin/user_management/get_current_user_data',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['credits'], summary: "The caller's profile with credit limit", response: { 200: CurrentUserData } },
    },
    async (request) => {
      const claims = requireUser(request);
      const user = await findUserById(ctx.db, claims.sub);
      if (!user) throw unauthenticated();
      const balance = await credits.balance(user.id);
      return {
        email: user.email,
        name: user.name,
        bu: user.bu,
        airport: user.airport,
        creditLimit: balance.limit,
        remainingCredit: balance.remaining,
      };
    },
  );

  app.get(
    '/api/admin/credits_management/get_current_user_credits_requests_status',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['credits'], summary: 'Whether the caller has a credit request waiting', response: { 200: CreditRequestStatus } },
    },
    async (request) => ({ isPending: await requests.isPending(requireUser(request).sub) }),
  );

  app.post(
    '/api/admin/credits_management/create_credits_request',
    {
      config: { access: 'authenticated', rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: (r) => r.user?.sub ?? r.ip } },
      schema: {
        tags: ['credits'],
        summary: 'Ask the administrators for more credits',
        body: CreateCreditRequest,
        response: { 201: CreditRequestsResponse.shape.requests.element },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await requests.create(user.sub, request.body.creditAsked, request.body.message);
      await audit(
        {
          action: 'credit.change',
          target: user.email,
          details: { event: 'request_created', requestId: row.id, creditAsked: row.creditAsked },
        },
        request,
      );
      return reply.status(201).send(await requests.present((await requests.find(row.id))!, user));
    },
  );

  app.get(
    '/api/admin/credits_management/get_all_credits_requests',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['credits'],
        summary: 'Credit requests (a local admin sees their BU only)',
        response: { 200: CreditRequestsResponse },
      },
    },
    async (request) => {
      return { requests: await requests.list({ bu: adminScope(requireUser(request)) }, requireUser(request)) };
    },
  );

  app.post(
    '/api/admin/credits_management/decide/:id',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['credits'],
        summary: 'Approve (grants the credits) or reject a credit request',
        params: z.object({ id: z.string() }),
        body: Decision,
        response: { 200: CreditRequestsResponse.shape.requests.element },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const found = await requests.find(request.params.id);
      const requester = found && (await userSubject(ctx.db, found.r.userId));
      if (!found || !requester) throw new AppError('NOT_FOUND', 'No such credit request.');
      await ctx.authorize(request, 'creditRequest.decide', { user: requester }, { target: `credit request ${found.r.id}` });
      const { decision, comment } = request.body;
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const alreadyDecided = () => new AppError('CONFLICT', 'This request has already been decided.');
      if (status === 'approved') {
        await credits.adjust(
          found.r.userId,
          found.r.creditAsked,
          { kind: 'request_approved', actorId: admin.sub, reason: comment || 'Credit request approved' },
          async (tx) => {
            if (!(await requests.markDecided(tx, found.r.id, status, admin.sub, comment))) throw alreadyDecided();
          },
        );
      } else if (!(await requests.markDecided(ctx.db, found.r.id, status, admin.sub, comment))) {
        throw alreadyDecided();
      }
      await ctx.notifications.notify(found.r.userId, {
        kind: 'credit_request',
        title:
          status === 'approved'
            ? `Your request for ${found.r.creditAsked.toLocaleString('en')} credits was approved`
            : 'Your credit request was declined',
        body: comment ?? '',
      });
      await audit(
        {
          action: 'credit.change',
          target: found.u.email,
          details: { event: `request_${status}`, requestId: found.r.id, credits: found.r.creditAsked, comment },
        },
        request,
      );
      return requests.present((await requests.find(found.r.id))!, admin);
    },
  );
}
