import { NotificationsResponse } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';

/** The sidebar's notifications area: outcomes of the user's own requests. */
export function registerNotificationRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], summary: "The caller's notifications, newest first", response: { 200: NotificationsResponse } },
    },
    async (request) => {
      const rows = await ctx.notifications.list(requireUser(request).sub);
      return {
        notifications: rows.map((n) => ({
          id: n.id,
          kind: n.kind,
          title: n.title,
          body: n.body,
          createdAt: n.createdAt.toISOString(),
          read: n.readAt !== null,
        })),
        unread: rows.filter((n) => n.readAt === null).length,
      };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'authenticated', openapi: { responses: { 204: { description: 'Marked as read' } } } },
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification (or all) as read',
        body: z.object({ id: z.uuid('id must be a notification id').optional() }),
      },
    },
    async (request, reply) => {
      await ctx.notifications.markRead(requireUser(request).sub, request.body.id);
      return reply.status(204).send();
    },
  );
}
