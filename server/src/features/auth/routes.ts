import { AccessTokenResponse, LogoutResponse, refreshCookieName, ValidAccessRequest, ValidResponse } from '@hangar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { errorPage } from '../../platform/identity/idp/pages.ts';
import { issueAccessToken, signInFromIdentity } from './service.ts';

const LOGIN_COOKIE = 'hangar_login';
const AUTH_PATH = '/auth';

export function registerAuthRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { config, sessions, relyingParty, audit } = ctx;
  const secure = config.publicUrl.startsWith('https:');
  const REFRESH_COOKIE = refreshCookieName(secure);
  const limit = { rateLimit: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' } };

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      path: AUTH_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: AUTH_PATH, httpOnly: true, sameSite: 'strict', secure });

  async function accessTokenFor(
    _request: FastifyRequest,
    reply: FastifyReply,
    session: { userId: string; familyId: string },
    next?: string,
  ) {
    const issued = await issueAccessToken(ctx, session.userId, session.familyId);
    if (!issued) {
      await sessions.endAllOfUser(session.userId);
      clearRefreshCookie(reply);
      throw unauthenticated('Your account is disabled. Ask a portal administrator.');
    }
    if (next) setRefreshCookie(reply, next);
    reply.header('cache-control', 'no-store');
    return { access_token: issued.token, token_type: 'Bearer' as const, expires_in: issued.expiresIn };
  }

  /** POST /auth/refresh: rotates the refresh token (reuse after the grace ends the session). */
  async function rotateToAccessToken(request: FastifyRequest, reply: FastifyReply) {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw unauthenticated('You are not signed in.');
    const result = await sessions.rotate(presented);
    if (!result.ok) {
      clearRefreshCookie(reply);
      if (result.reason === 'reused') {
        await audit(
          { action: 'auth.refresh_reuse', actorId: result.userId, outcome: 'denied', details: { familyId: result.familyId } },
          request,
        );
      }
      throw unauthenticated('Your session has ended. Please sign in again.');
    }
    return accessTokenFor(request, reply, result, result.token);
  }

  /** GET /auth/get-jwt: the access token of the current session; a read, so nothing rotates. */
  async function currentAccessToken(request: FastifyRequest, reply: FastifyReply) {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) throw unauthenticated('You are not signed in.');
    const session = await sessions.current(presented);
    if (!session) {
      clearRefreshCookie(reply);
      throw unauthenticated('Your session has ended. Please sign in again.');
    }
    return accessTokenFor(request, reply, session);
  }

  app.get(
    '/auth/token',
    {
      config: { access: 'public', ...limit, openapi: { responses: { 302: { description: "To the identity provider's sign-in" } } } },
      schema: {
        tags: ['auth'],
        summary: 'Starts sign-in: redirects to the identity provider',
        querystring: z.object({ prompt: z.enum(['login']).optional() }),
      },
    },
    async (request, reply) => {
      const start = await relyingParty.startLogin({ prompt: request.query.prompt });
      reply.setCookie(LOGIN_COOKIE, JSON.stringify(start.checks), {
        path: AUTH_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(start.url, 302);
    },
  );

  app.get(
    '/auth/callback',
    { config: { access: 'public', ...limit }, schema: { tags: ['auth'], summary: 'Return from the identity provider' } },
    async (request, reply) => {
      const raw = request.cookies[LOGIN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(LOGIN_COOKIE, { path: AUTH_PATH });
      const fail = async (message: string, reason: string) => {
        await audit({ action: 'auth.sign_in_failed', outcome: 'failure', details: { reason } }, request);
        return reply.status(400).type('text/html').send(errorPage(message));
      };
      if (!unsigned?.valid || !unsigned.value)
        return fail('This sign-in took too long or was started in another browser. Press Login again.', 'missing_login_state');
      const callbackUrl = new URL(request.url, config.publicUrl);
      const idpError = callbackUrl.searchParams.get('error');
      if (idpError)
        return fail(
          `The identity provider refused the sign-in (${callbackUrl.searchParams.get('error_description') ?? idpError}).`,
          idpError,
        );
      let identity: Awaited<ReturnType<typeof relyingParty.finishLogin>>;
      try {
        identity = await relyingParty.finishLogin(callbackUrl, JSON.parse(unsigned.value));
      } catch (err) {
        request.log.warn({ err }, 'sign-in callback rejected');
        return fail('The sign-in could not be verified. Press Login again.', 'callback_rejected');
      }
      const outcome = await signInFromIdentity(ctx, identity, request);
      if ('refused' in outcome) return reply.status(403).type('text/html').send(errorPage(outcome.refused));
      setRefreshCookie(reply, (await sessions.start(outcome.user.id, identity.idToken)).token);
      return reply.redirect('/', 302);
    },
  );

  app.get(
    '/auth/get-jwt',
    {
      config: { access: 'public', ...limit, openapi: { errors: [401] } },
      schema: {
        tags: ['auth'],
        summary: 'Access token of the current session (does not rotate the refresh token)',
        response: { 200: AccessTokenResponse },
      },
    },
    currentAccessToken,
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public', ...limit, openapi: { errors: [401] } },
      schema: { tags: ['auth'], summary: 'Rotates the session and returns a new access token', response: { 200: AccessTokenResponse } },
    },
    rotateToAccessToken,
  );

  app.post(
    '/auth/valid_access',
    { config: { access: 'public', ...limit }, schema: { tags: ['auth'], body: ValidAccessRequest, response: { 200: ValidResponse } } },
    async (request) => ({
      valid: await Promise.resolve(ctx.accessTokens.verify(request.body.token)).then(
        () => true,
        () => false,
      ),
    }),
  );

  app.post(
    '/auth/valid_refresh',
    { config: { access: 'public', ...limit }, schema: { tags: ['auth'], response: { 200: ValidResponse } } },
    async (request) => {
      const presented = request.cookies[REFRESH_COOKIE];
      return { valid: presented ? await sessions.isValid(presented) : false };
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'public', ...limit }, schema: { tags: ['auth'], response: { 200: LogoutResponse } } },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const ended = presented ? await sessions.end(presented) : null;
      clearRefreshCookie(reply);
      if (ended) await audit({ action: 'auth.sign_out', actorId: ended.userId }, request);
      const logoutUrl = ended ? await relyingParty.logoutUrl(ended.idToken).catch(() => null) : null;
      return { ok: true as const, logout_url: logoutUrl };
    },
  );
}
