import { Abilities, HealthResponse, MenuResponse, MeResponse, TABS } from '@hangar/contract';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { groupNamesOf } from '../../platform/identity/directory.ts';
import { abilitiesOf } from '../../platform/policies/presenters.ts';
import { buildMenu } from './menu.ts';

/** Applications an admin could hand out: every application a tab of the catalogue needs. */
const GRANTABLE_CANDIDATES = [...new Set(TABS.flatMap((t) => t.requires))].sort();

const VERSION = process.env.npm_package_version ?? '0.1.0';
const HEALTH_PROBE_KEY = 'health/probe';

export function registerShellRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/healthcheck',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shell'],
        summary: 'Is the portal able to serve? (the database and the object store really answer)',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const within2s = (probe: Promise<unknown>) =>
        Promise.race([probe.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref())]).catch(
          () => false,
        );
      // A missing object is an answer (null); an unreachable bucket throws.
      const [database, storage] = await Promise.all([within2s(ctx.database.ping()), within2s(ctx.store.head(HEALTH_PROBE_KEY))]);
      reply.header('cache-control', 'no-store');
      return reply.status(database && storage ? 200 : 503).send({
        ok: database && storage,
        database: database ? 'up' : 'down',
        storage: storage ? 'up' : 'down',
        version: VERSION,
      });
    },
  );

  app.get(
    '/api/me/abilities',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['shell'],
        summary: 'What the signed-in user may do, as the server decides it (the web enables actions from this)',
        response: { 200: Abilities },
      },
    },
    async (request) => abilitiesOf(requireUser(request), GRANTABLE_CANDIDATES),
  );

  // The menu depends only on the token's rights and the configuration, and every page load asks for
  // it: written once per token (the access check hands each request of a token the same claims
  // object), by the route's own serializer (so tests still check it against the schema).
  const menus = new WeakMap<AccessClaims, string>();
  app.get(
    '/api/shell/menu',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['shell'], summary: "The signed-in user's menu of applications", response: { 200: MenuResponse } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      let body = menus.get(user);
      if (body === undefined) {
        // Our serializers write strings (platform/response-serializer.ts).
        body = reply.serialize({
          items: buildMenu(user.apps, ctx.config.HANGAR_STAGING),
          staging: ctx.config.HANGAR_STAGING,
          links: { documentation: ctx.config.DOCUMENTATION_URL, reportBug: ctx.config.REPORT_BUG_URL },
        }) as string;
        menus.set(user, body);
      }
      // Sent as written: Fastify passes a string with a JSON type through without serializing it again.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/shell/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['shell'],
        summary: 'The signed-in user as the access token carries them, with groups',
        response: { 200: MeResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        email: user.email,
        name: user.name,
        bu: user.bu,
        airport: user.airport,
        apps: user.apps,
        groups: await groupNamesOf(ctx.db, user.sub),
      };
    },
  );
}
