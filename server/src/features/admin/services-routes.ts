import { ServicesQuery, ServicesResponse } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_RULE } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { perUserPerMinute } from '../../platform/request-guards.ts';
import { createServiceStatus } from './services.ts';

/** Tab 74, Services section: the engines, configured or not, answering or not, and what to set (issue 33 item 6). */
export function registerServicesRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const serviceStatus = createServiceStatus(ctx);

  app.get(
    '/api/admin/services',
    {
      // Each check is a request to a configured service: bounded per admin, and shared for 15 seconds.
      config: { access: ADMIN_RULE, rateLimit: perUserPerMinute(30) },
      schema: {
        tags: ['admin'],
        summary:
          'Each engine (chat models, translation methods, speech to text, OCR, sentiment, Power BI, AI Factory apps): configured, answering, and the configuration keys it reads (never their values)',
        querystring: ServicesQuery,
        response: { 200: ServicesResponse },
      },
    },
    async (request) => serviceStatus(request, request.query.fresh === 'true'),
  );
}
