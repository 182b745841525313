import { AccessRequestsResponse, CreateAccessRequest, Decision, NotificationCounts } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_RULE, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { userSubject } from '../../platform/identity/directory.ts';
import { adminScope } from '../../platform/policies/roles.ts';
import { createAccessRequests } from './access-requests.ts';
import { isKnownApp } from './rights.ts';

export function registerAdminRequestRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { audit } = ctx;
  const requests = createAccessRequests(ctx.db);

  app.post(
    '/api/access_requests',
    {
      config: { access: 'authenticated', rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: (r) => r.user?.sub ?? r.ip } },
      schema: {
        tags: ['access requests'],
        summary: 'Ask the administrators for an application',
        body: CreateAccessRequest,
        response: { 201: AccessRequestsResponse.shape.requests.element },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await ctx.authorize(request, 'accessRequest.create', { appId: request.body.appId });
      if (!isKnownApp(request.body.appId)) {
        throw badRequest(`${request.body.appId} is not an application of the portal. Pick one from the list of applications.`);
      }
      if (user.apps.includes(request.body.appId) && !request.body.bu) {
        throw new AppError('CONFLICT', `You already have ${request.body.appId}. Sign out and in again if it does not show.`);
      }
      const row = await requests.create(user.sub, request.body);
      await audit(
        {
          action: 'permission.change',
          target: user.email,
          details: { event: 'access_requested', requestId: row.id, appId: row.appId, bu: row.bu },
        },
        request,
      );
      return reply.status(201).send(await requests.present((await requests.find(row.id))!, user));
    },
  );

  app.get(
    '/api/access_requests/mine',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['access requests'], summary: "The caller's own access requests", response: { 200: AccessRequestsResponse } },
    },
    async (request) => ({ requests: await requests.list({ userId: requireUser(request).sub }, requireUser(request)) }),
  );

  app.get(
    '/api/admin/permissions_management/get_access_requests',
    {
      config: { access: ADMIN_RULE },
      schema: { tags: ['admin'], summary: 'Access requests (a local admin sees their BU only)', response: { 200: AccessRequestsResponse } },
    },
    async (request) => ({ requests: await requests.list({ bu: adminScope(requireUser(request)) }, requireUser(request)) }),
  );

  app.post(
    '/api/admin/permissions_management/decide/:id',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'Approve (grants the application) or reject an access request',
        params: z.object({ id: z.string() }),
        body: Decision,
        response: { 200: AccessRequestsResponse.shape.requests.element },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const found = await requests.find(request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'No such access request.');
      const requester = await userSubject(ctx.db, found.r.userId);
      if (!requester) throw new AppError('NOT_FOUND', 'No such access request.');
      await ctx.authorize(
        request,
        'accessRequest.decide',
        { appId: found.r.appId, user: requester },
        { target: `access request ${found.r.id}` },
      );
      const status = request.body.decision === 'approve' ? 'approved' : 'rejected';
      await requests.decide(found.r.id, status, admin.sub, request.body.comment);
      if (status === 'approved') await ctx.revocation.bump([found.r.userId]);
      await ctx.notifications.notify(found.r.userId, {
        kind: 'access_request',
        title: status === 'approved' ? `You now have ${found.r.appId}` : `Your request for ${found.r.appId} was declined`,
        body: request.body.comment ?? (status === 'approved' ? 'It appears in your menu at your next sign-in or within 15 minutes.' : ''),
      });
      await audit(
        {
          action: 'permission.change',
          target: found.u.email,
          details: { event: `access_${status}`, requestId: found.r.id, appId: found.r.appId, comment: request.body.comment },
        },
        request,
      );
      return requests.present((await requests.find(found.r.id))!, admin);
    },
  );

  app.get(
    '/api/admin/notifications/counts',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: "Tab 73's badges: distinct users waiting for a credit or an access decision",
        response: { 200: NotificationCounts },
      },
    },
    async (request) => requests.pendingAskers(adminScope(requireUser(request))),
  );
}
