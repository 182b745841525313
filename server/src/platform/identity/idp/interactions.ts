import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AuditWriter } from '../../audit.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { createWindowCounter } from '../../window-counter.ts';
import { findUserByEmail, verifyPassword } from '../directory.ts';
import { normalizeEmail } from '../email.ts';
import { AUTO_LOGOUT_JS, errorPage, IDP_CSS, loginPage, THEME_JS } from './pages.ts';

const LoginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });

/** The embedded provider's own login and consent steps (instead of its development interactions). */
export function registerInteractions(
  app: FastifyInstance,
  opts: { provider: Provider; db: Db; audit: AuditWriter; loginRateLimit: number; loginRateLimitPerAddress?: number },
): void {
  const { provider, db, audit } = opts;
  const publicRoute = { access: 'public' as const };
  const perAddress = createWindowCounter(opts.loginRateLimitPerAddress ?? opts.loginRateLimit * 3, 60_000);

  // The sign-in pages and their assets are the identity provider's, not part of the API.
  const page = { config: publicRoute, schema: { hide: true } };
  app.get('/interaction-assets/idp.css', page, async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(IDP_CSS),
  );
  app.get('/interaction-assets/theme.js', page, async (_req, reply) =>
    reply.type('text/javascript').header('cache-control', 'public, max-age=3600').send(THEME_JS),
  );
  app.get('/interaction-assets/auto-logout.js', page, async (_req, reply) => reply.type('text/javascript').send(AUTO_LOGOUT_JS));

  app.get<{ Params: { uid: string } }>('/interaction/:uid', page, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    // A finished or abandoned sign-in (the back button after signing in lands here): back to the portal,
    // which shows itself to a signed-in user and the Login button to anyone else, not a stale form.
    if (!details || details.uid !== request.params.uid) return reply.header('cache-control', 'no-store').redirect('/', 303);
    const client = await provider.Client.find(String(details.params.client_id));
    if (details.prompt.name === 'login') {
      // no-store keeps the form out of the back/forward cache, so going back re-asks the server.
      return reply
        .header('cache-control', 'no-store')
        .type('text/html')
        .send(loginPage({ uid: details.uid, clientName: client?.clientName ?? 'Hangar' }));
    }
    // Consent: clients registered with the embedded provider are the portal itself (first party).
    const accountId = details.session?.accountId;
    if (!accountId) return expired(reply);
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) return expired(reply);
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    return reply.redirect(redirectTo, 303);
  });

  app.post<{ Params: { uid: string } }>(
    '/interaction/:uid/login',
    {
      schema: { hide: true },
      config: {
        ...publicRoute,
        // Per address and account: guessing one account is slowed, a whole office behind one NAT is not.
        // The key uses the same normal form as the look-up, so spacing or case variants share one budget.
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) =>
            `${request.ip}|${normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
        },
      },
      // ...and per address whatever the accounts, so spraying many accounts from one place is slowed too.
      // (The rate-limit plugin applies one limit per request, hence this second counter of our own.)
      preHandler: async (request) => {
        if (!perAddress.hit(request.ip)) throw new AppError('RATE_LIMITED', 'Too many sign-in attempts from your network.');
      },
      errorHandler: (err, _request, reply) => {
        const status = (err as { statusCode?: number; status?: number }).statusCode ?? (err as { status?: number }).status ?? 500;
        const tooMany = status === 429;
        const busy = status === 503;
        const message = tooMany
          ? 'Too many sign-in attempts from your network. Wait a minute, then try again.'
          : busy
            ? (err as Error).message
            : 'The sign-in could not be completed. Try again.';
        return reply
          .status(tooMany || busy ? status : 500)
          .type('text/html')
          .send(errorPage(message));
      },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') return expired(reply);
      const form = LoginForm.safeParse(request.body ?? {});
      const email = form.success ? normalizeEmail(form.data.email) : '';
      const password = form.success ? form.data.password : '';
      const user = email ? await findUserByEmail(db, email) : undefined;
      const passwordOk = await verifyPassword(user, password);
      if (!passwordOk || user?.disabled) {
        // "Disabled" is said only to someone who gave the right password: it would tell a guesser the account exists.
        const disabled = passwordOk && user?.disabled;
        await audit(
          {
            action: 'auth.sign_in_failed',
            actorEmail: email || null,
            outcome: 'failure',
            details: { reason: disabled ? 'disabled' : 'bad_credentials' },
          },
          request,
        );
        const client = await provider.Client.find(String(details.params.client_id));
        const error = disabled ? 'This account is disabled. Ask a portal administrator.' : 'Incorrect email or password.';
        return reply
          .status(401)
          .type('text/html')
          .send(loginPage({ uid: details.uid, email, error, clientName: client?.clientName ?? 'Hangar' }));
      }
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: user!.id } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    },
  );

  function expired(reply: FastifyReply) {
    return reply.status(400).type('text/html').send(errorPage('This sign-in page has expired. Go back to Hangar and press Login again.'));
  }
}
