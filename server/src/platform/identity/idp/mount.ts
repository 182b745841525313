import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';

export const IDP_PREFIX = '/idp';

/**
 * Hands every /idp request to the provider (a Koa app) before Fastify reads the body: the provider
 * parses its own. A route instead of a middleware layer keeps other requests free of the check.
 */
export function mountIdentityProvider(app: FastifyInstance, provider: Provider): void {
  const handle = provider.callback();
  app.route({
    method: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    url: `${IDP_PREFIX}/*`,
    config: { access: 'public' },
    schema: { hide: true },
    onRequest: (request, reply, done) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(IDP_PREFIX.length) || '/';
      handle(raw, reply.raw);
      done();
    },
    handler: async () => undefined,
  });
}
