import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { GOVERNANCE } from '@hangar/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { registerAnalyticsRoutes } from './features/admin/analytics-routes.ts';
import { registerAuditRoutes } from './features/admin/audit-routes.ts';
import { registerGroupRoutes } from './features/admin/groups-routes.ts';
import { registerRightsRoutes } from './features/admin/rights-routes.ts';
import { registerAdminRequestRoutes } from './features/admin/routes.ts';
import { registerUserAdminRoutes } from './features/admin/users-routes.ts';
import { registerAiFactoryRoutes } from './features/ai-factory/index.ts';
import { registerGenerativeAnalyticsRoutes } from './features/analytics/routes.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerChatRoutes } from './features/chat/routes.ts';
import { registerChatStreamRoutes } from './features/chat/stream-routes.ts';
import { createLedger } from './features/credits/ledger.ts';
import { registerCreditRoutes } from './features/credits/routes.ts';
import { createPowerBiProvider } from './features/dashboards/powerbi/index.ts';
import { type DashboardProviders, registerDashboardRoutes } from './features/dashboards/routes.ts';
import { registerFileRoutes } from './features/files/routes.ts';
import { registerGovernanceRoutes } from './features/governance/routes.ts';
import { registerMultidocsRoutes } from './features/multidocs/routes.ts';
import { registerNotificationRoutes } from './features/notifications/routes.ts';
import { registerSentimentRoutes } from './features/sentiment/routes.ts';
import { registerShellRoutes } from './features/shell/routes.ts';
import { registerTranslationRoutes } from './features/translation/routes.ts';
import { type RegisteredRoute, registerAccessRules } from './platform/access.ts';
import { createAuditWriter } from './platform/audit.ts';
import { registerCanonicalHost } from './platform/canonical-host.ts';
import type { AppContext } from './platform/context.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { createDocuments } from './platform/documents.ts';
import { auditRefusals, errorBody, registerErrorHandling } from './platform/errors.ts';
import { createEventBus } from './platform/events.ts';
import { scheduleHousekeeping } from './platform/housekeeping.ts';
import { createAccessTokens } from './platform/identity/access-token.ts';
import { limitPasswordHashing } from './platform/identity/directory.ts';
import { registerInteractions } from './platform/identity/idp/interactions.ts';
import { mountIdentityProvider } from './platform/identity/idp/mount.ts';
import { createIdentityProvider } from './platform/identity/idp/provider.ts';
import { createRelyingParty } from './platform/identity/relying-party.ts';
import { createRevocation } from './platform/identity/revocation.ts';
import { createSessions } from './platform/identity/sessions.ts';
import { createJobs } from './platform/jobs.ts';
import { fastifyLogging } from './platform/logging.ts';
import { registerMetrics } from './platform/metrics.ts';
import { createNotifications } from './platform/notifications.ts';
import { openApiTransform } from './platform/openapi.ts';
import { createAuthorize } from './platform/policies/index.ts';
import { registerCsrfGuard, registerInputGuards, registerNoStore } from './platform/request-guards.ts';
import { requestIdGenerator } from './platform/request-ids.ts';
import { responseSerializerCompiler } from './platform/response-serializer.ts';
import { getOrCreateSecret } from './platform/secrets.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createObjectStore } from './platform/storage/index.ts';
import { createUploadQuota } from './platform/uploads/quota.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RegisteredRoute[];
}

export const PORTAL_CLIENT_ID = 'hangar-portal';

export interface BuildOptions {
  database?: Database;
  /** Registers extra routes before the app is sealed (tests only). */
  extend?: (app: FastifyInstance) => void;
  /** Report providers other than builtin (Power BI), when not built from the configuration (tests). */
  dashboardProviders?: DashboardProviders;
  /** Every answer checked against its schema (default: yes; `npm start` passes VALIDATE_RESPONSES, default no). */
  validateResponses?: boolean;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.HANGAR_DATA_DIR }));
  const { db } = database;
  const logging = fastifyLogging(config.LOG_LEVEL, config.LOG_FORMAT);
  const app = Fastify({
    ...logging.options,
    genReqId: requestIdGenerator(),
    return503OnClosing: true,
    // Only the configured proxies' X-Forwarded-For is believed (rate limits and audit addresses).
    trustProxy: config.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onClose', () => database.close());
  // Graceful drain: in-flight requests finish, and their keep-alive connections close after them.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(opts.validateResponses ?? true));
  registerErrorHandling(app);
  registerInputGuards(app);
  registerCsrfGuard(app, new URL(config.publicUrl).origin);
  registerCanonicalHost(app, config.publicUrl);

  limitPasswordHashing(config.LOGIN_MAX_CONCURRENT_HASHES);
  const embeddedIssuer = !config.OIDC_ISSUER;
  const issuer = config.OIDC_ISSUER ?? `${config.publicUrl}/idp`;
  const store = await createObjectStore(config, app.log);
  const revocation = createRevocation(db, { tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS });
  await revocation.start();
  app.addHook('onClose', async () => revocation.stop());
  const accessTokens = await createAccessTokens(db, config.publicUrl, config.ACCESS_TOKEN_TTL_SECONDS, revocation);
  const cookieSecret = await getOrCreateSecret(db, 'cookie_secret', () => randomBytes(32).toString('base64url'));
  const clientSecret =
    config.OIDC_CLIENT_SECRET ?? (await getOrCreateSecret(db, 'portal_client_secret', () => randomBytes(32).toString('base64url')));
  const redirectUri = `${config.publicUrl}/auth/callback`;

  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https:'),
    extraFormActions: [new URL(issuer).origin],
    // The AI Factory URL screen frames the Streamlit apps the administrators allowed.
    extraFrameSources: config.AI_FACTORY_URL_ALLOWLIST,
  });
  await app.register(fastifyCookie, { secret: cookieSecret });
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Hangar API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const audit = createAuditWriter(db);
  // Refusals the audit log keeps (outbound guard, uploads, quotas), written by the error handler.
  auditRefusals(app, audit);
  const routes = registerAccessRules(
    app,
    (token) => accessTokens.verify(token),
    (request) => audit({ action: 'access.denied', target: `${request.method} ${request.routeOptions.url}`, outcome: 'denied' }, request),
  );
  registerMetrics(app, { token: config.METRICS_TOKEN, onRequestCompleted: logging.onRequestCompleted });
  registerNoStore(app);

  // What else ends with a sign-in session (logout, reuse detected): features add to this list.
  const sessionEndListeners: ((families: string[]) => void)[] = [];
  const events = createEventBus(database, app.log);
  const ctx: AppContext = {
    app,
    config,
    database,
    db,
    store,
    uploadQuota: createUploadQuota(db, config.UPLOAD_QUOTA_MB_PER_DAY * 1024 * 1024),
    documents: createDocuments(db, store),
    credits: createLedger(db, { user: config.CREDIT_USER_DAILY_CAP, org: config.CREDIT_ORG_DAILY_CAP }),
    notifications: createNotifications(db),
    jobs: createJobs(database, app.log, events),
    events,
    audit,
    authorize: createAuthorize(audit),
    accessTokens,
    revocation,
    sessions: createSessions(db, {
      ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
      maxDays: config.SESSION_MAX_DAYS,
      reuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
      successorKey: await getOrCreateSecret(db, 'refresh_successor_key', () => randomBytes(32).toString('base64url')),
      onEnded: (families) => {
        revocation.sessionsEnded(families);
        for (const listener of sessionEndListeners) listener(families);
      },
    }),
    relyingParty: createRelyingParty({
      issuer,
      clientId: config.OIDC_CLIENT_ID ?? PORTAL_CLIENT_ID,
      clientSecret,
      redirectUri,
      postLogoutRedirectUri: `${config.publicUrl}/`,
    }),
    embeddedIssuer,
  };

  if (embeddedIssuer) {
    const provider = await createIdentityProvider({
      db,
      issuer,
      clients: [
        {
          client_id: PORTAL_CLIENT_ID,
          client_secret: clientSecret,
          client_name: 'Hangar',
          redirect_uris: [redirectUri],
          post_logout_redirect_uris: [`${config.publicUrl}/`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
    });
    mountIdentityProvider(app, provider);
    registerInteractions(app, {
      provider,
      db,
      audit,
      loginRateLimit: config.RATE_LIMIT_LOGIN_PER_MINUTE,
      loginRateLimitPerAddress: config.RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE,
    });
  }

  registerAuthRoutes(ctx);
  registerShellRoutes(ctx);
  registerCreditRoutes(ctx);
  registerAdminRequestRoutes(ctx);
  registerUserAdminRoutes(ctx);
  registerAuditRoutes(ctx);
  registerRightsRoutes(ctx);
  registerGroupRoutes(ctx);
  registerAnalyticsRoutes(ctx);
  registerNotificationRoutes(ctx);
  registerChatRoutes(ctx);
  registerChatStreamRoutes(ctx);
  // The features that take uploads, in a scope of their own with @fastify/multipart: registered for
  // the whole app, its hooks (for files saved to disk, which the portal never does) ran on every
  // request, about 8% of a small one's CPU. Uploads stream part by part to the object store; a file
  // over the limit arrives truncated and is refused.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: GOVERNANCE.maxUploadBytes, files: 20, fields: 60, fieldSize: 64 * 1024, parts: 80 },
    });
    const withUploads: AppContext = { ...ctx, app: scope };
    await registerGovernanceRoutes(withUploads);
    registerTranslationRoutes(withUploads);
    registerMultidocsRoutes(withUploads);
    registerSentimentRoutes(withUploads);
  });
  registerGenerativeAnalyticsRoutes(ctx);
  const aiFactory = await registerAiFactoryRoutes(ctx);
  sessionEndListeners.push((families) => {
    aiFactory.endFamilies(families).catch((err) => app.log.warn({ err }, 'AI Factory sessions could not be ended at logout'));
  });
  await registerDashboardRoutes(ctx, opts.dashboardProviders ?? { powerbi: createPowerBiProvider(config) });
  const serveWebApp = await registerWebApp(app, config);
  registerFileRoutes(ctx, serveWebApp);
  opts.extend?.(app);
  scheduleHousekeeping(app, db);
  // Workers stop before the database closes, so no job is cut off mid-statement.
  app.addHook('preClose', () => ctx.jobs.stop());
  app.addHook('onClose', () => ctx.events.close());
  await app.ready();
  await ctx.jobs.start();
  return { app, ctx, routes };
}

/** Serves the built web app: its files, and index.html for the client-side routes. */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<(reply: FastifyReply) => FastifyReply> {
  const built = existsSync(path.join(config.webDist, 'index.html'));
  // preCompressed: the web build writes .br/.gz beside each asset; cacheControl off: the caching headers below are ours.
  if (built) await app.register(fastifyStatic, { root: config.webDist, serve: false, preCompressed: true, cacheControl: false });
  const serveIndex = (reply: FastifyReply) =>
    built
      ? reply.header('cache-control', 'no-cache').sendFile('index.html')
      : reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`, then restart.');
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (/^\/(api|auth|idp|interaction)(\/|$)/.test(urlPath)) {
      return reply.status(404).send(errorBody('NOT_FOUND', `No route GET ${urlPath}`, request.id));
    }
    const file = urlPath.slice(1);
    if (built && file && !file.split('/').includes('..') && existsSync(path.join(config.webDist, file))) {
      const immutable = file.startsWith('assets/');
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(file);
    }
    return serveIndex(reply);
  });
  return serveIndex;
}
