import {
  AI_FACTORY_APPS,
  AI_FACTORY_PINGED_IDS,
  AiFactoryAppStatus,
  AiFactoryCatalogue,
  StreamlitLocalUrlQuery,
  StreamlitPingRequest,
  StreamlitPingSingleRequest,
  StreamlitSessionCreate,
  StreamlitSessionCreated,
  StreamlitSessionParams,
  StreamlitUrlQuery,
  StreamlitUrlResponse,
  StreamlitWakeRequest,
} from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { createHealth, statusOf } from './health.ts';
import { checkLocalUrl } from './local-url.ts';
import { registerProxy } from './proxy.ts';
import { createRegistry, type RegisteredApp } from './registry.ts';
import { createAiFactorySessions, TICKET_MARK } from './sessions.ts';
import { streamSession } from './stream.ts';

const TAG = ['ai-factory'];
/** Holders of any AI Factory app; each route then checks the app's own right. */
const AI_FACTORY_RULE = { anyApp: [...new Set(AI_FACTORY_APPS.map((a) => a.right))] };

export async function registerAiFactoryRoutes(ctx: AppContext) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const registry = createRegistry(ctx.config.AI_FACTORY_APPS);
  const health = createHealth({ timeoutMs: ctx.config.AI_FACTORY_HEALTH_TIMEOUT_MS });
  const sessions = await createAiFactorySessions(ctx);
  await registerProxy(ctx, registry, sessions);

  /** The app the caller names, refused (and audited) when they do not hold its right. */
  async function appFor(request: Parameters<typeof requireUser>[0], appName: string): Promise<RegisteredApp> {
    const user = requireUser(request);
    const found = registry.find(appName);
    if (!found) throw notFound(`There is no AI Factory app named "${appName}".`);
    if (!user.apps.includes(found.right)) {
      await ctx.audit({ action: 'access.denied', target: `ai-factory ${found.id}`, outcome: 'denied' }, request);
      throw forbidden(`You do not hold ${found.right}, which opens ${found.title}. Ask an administrator for it.`);
    }
    return found;
  }
  const held = (user: AccessClaims) => registry.apps.filter((a) => user.apps.includes(a.right));
  const embedUrl = (a: RegisteredApp) => `${a.proxyPath}?embed=true`;

  app.get(
    '/api/streamlit/apps',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: TAG,
        summary: 'The AI Factory apps the caller holds, each with its real state (home page)',
        response: { 200: AiFactoryCatalogue },
      },
    },
    async (request) => {
      const mine = held(requireUser(request));
      return { apps: await Promise.all(mine.map(async (a) => statusOf(a, await health.probe(a)))) };
    },
  );

  app.post(
    '/api/streamlit/ping',
    {
      config: { access: 'authenticated', openapi: { errors: [400] } },
      schema: {
        tags: TAG,
        summary:
          'Pings the favourite apps (1001–1009) the caller holds: probes each, wakes the sleeping ones, and answers their states. Other ids in the body are ignored.',
        body: StreamlitPingRequest,
        response: { 200: z.array(AiFactoryAppStatus) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const asked = new Set<number>();
      for (const m of request.body) {
        const a = m.id !== undefined ? registry.byId(m.id) : m.appName ? registry.find(m.appName) : null;
        if (a && (AI_FACTORY_PINGED_IDS as readonly number[]).includes(a.id) && user.apps.includes(a.right)) asked.add(a.id);
      }
      return Promise.all(
        [...asked].map(async (id) => {
          const a = registry.byId(id)!;
          const p = await health.probe(a);
          return statusOf(a, p.state === 'sleeping' ? await health.wake(a) : p);
        }),
      );
    },
  );

  app.post(
    '/api/streamlit/ping/single',
    {
      config: { access: AI_FACTORY_RULE, openapi: { errors: [400, 403, 404] } },
      schema: {
        tags: TAG,
        summary: 'The real state of one app (running, sleeping, down, not_deployed)',
        body: StreamlitPingSingleRequest,
        response: { 200: AiFactoryAppStatus },
      },
    },
    async (request) => {
      const a = await appFor(request, request.body.appName);
      return statusOf(a, await health.probe(a, true));
    },
  );

  app.post(
    '/api/streamlit/wake',
    {
      config: { access: AI_FACTORY_RULE, openapi: { errors: [400, 403, 404] } },
      schema: {
        tags: TAG,
        summary: 'Wakes a sleeping app: POSTs its configured wake URL (if any), requests its page, then answers its state',
        body: StreamlitWakeRequest,
        response: { 200: AiFactoryAppStatus },
      },
    },
    async (request) => {
      const a = await appFor(request, request.body.appName);
      return statusOf(a, await health.wake(a));
    },
  );

  app.post(
    '/api/streamlit/create-session',
    {
      config: { access: AI_FACTORY_RULE, openapi: { errors: [400, 403, 404, 503] } },
      schema: {
        tags: TAG,
        summary:
          'Starts a session of an app: answers its uuid and the iframe address, which carries the session’s signed ticket in its path (the credential the proxy accepts)',
        body: StreamlitSessionCreate,
        response: { 200: StreamlitSessionCreated },
      },
    },
    async (request) => {
      const a = await appFor(request, request.body.appName);
      if (!a.upstream) throw new AppError('UNAVAILABLE', a.notDeployedReason ?? 'Not deployed.');
      const { row, ticket } = await sessions.create(requireUser(request), a.id);
      return { uuid: row.id, start_time: row.startTime.toISOString(), url: `${a.proxyPath}${TICKET_MARK}${ticket}/?embed=true` };
    },
  );

  app.post(
    '/api/streamlit/stream-session/:id',
    {
      config: {
        access: 'authenticated',
        openapi: {
          errors: [400],
          responses: {
            200: {
              description: 'The event stream: `data: {"status","error","app"}` lines, and `: heartbeat` comment lines',
              contentType: 'text/event-stream',
            },
          },
        },
      },
      schema: {
        tags: TAG,
        summary:
          'Follows a session as an event stream (text/event-stream): `data: {"status","error","app"}` with status active, expired, not_found, connection_closed or error; comment lines as heartbeat',
        params: StreamlitSessionParams,
      },
    },
    async (request, reply) => streamSession(ctx, { request, reply, sessions, registry, health, id: request.params.id }),
  );

  app.delete(
    '/api/streamlit/delete-session/:id',
    {
      config: { access: 'authenticated', openapi: { errors: [400, 404] } },
      schema: {
        tags: TAG,
        summary: 'Ends one of the caller’s app sessions',
        params: StreamlitSessionParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!(await sessions.remove(requireUser(request).sub, request.params.id))) throw notFound('There is no such app session of yours.');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/streamlit/url',
    {
      config: { access: AI_FACTORY_RULE, openapi: { errors: [400, 403, 404, 503] } },
      schema: {
        tags: TAG,
        summary:
          'The address (same origin, ?embed=true) at which the portal serves an app; its pages need a session, whose address create-session answers',
        querystring: StreamlitUrlQuery,
        response: { 200: StreamlitUrlResponse },
      },
    },
    async (request) => {
      const a = await appFor(request, request.query.appName);
      if (!a.upstream) throw new AppError('UNAVAILABLE', a.notDeployedReason ?? 'Not deployed.');
      return { url: embedUrl(a) };
    },
  );

  app.get(
    '/api/streamlit/local_url',
    {
      config: { access: { anyApp: [registry.byId(999)!.right] }, openapi: { errors: [400, 403] } },
      schema: {
        tags: TAG,
        summary:
          'The URL screen (tab 999): checks an address before it is loaded. A registered app’s address answers its portal address; otherwise only origins on AI_FACTORY_URL_ALLOWLIST that resolve to public addresses',
        querystring: StreamlitLocalUrlQuery,
        response: { 200: StreamlitUrlResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        url: await checkLocalUrl(request.query.url, {
          registry,
          user,
          allowList: ctx.config.AI_FACTORY_URL_ALLOWLIST,
          timeoutMs: ctx.config.AI_FACTORY_HEALTH_TIMEOUT_MS,
        }),
      };
    },
  );

  return { endFamilies: (families: readonly string[]) => sessions.endFamilies(families) };
}
