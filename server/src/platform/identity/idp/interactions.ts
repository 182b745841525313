import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AuditWriter } from '../../audit.ts';
import type { Db } from '../../db/client.ts';
import { findUserByEmail, verifyPassword } from '../directory.ts';
import { AUTO_LOGOUT_JS, errorPage, IDP_CSS, loginPage } from './pages.ts';

const LoginForm = z.object({ email: z.string().max(320).default(''), password: z.string().max(1024).default('') });

/** The embedded provider's own login and consent steps (instead of its development interactions). */
export function registerInteractions(
  app: FastifyInstance,
  opts: { provider: Provider; db: Db; audit: AuditWriter; loginRateLimit: number },
): void {
  const { provider, db, audit } = opts;
  const publicRoute = { access: 'public' as const };

  app.get('/interaction-assets/idp.css', { config: publicRoute }, async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(IDP_CSS),
  );
  app.get('/interaction-assets/auto-logout.js', { config: publicRoute }, async (_req, reply) =>
    reply.type('text/javascript').send(AUTO_LOGOUT_JS),
  );

  app.get<{ Params: { uid: string } }>('/interaction/:uid', { config: publicRoute }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (!details || details.uid !== request.params.uid) return expired(reply);
    const client = await provider.Client.find(String(details.params.client_id));
    if (details.prompt.name === 'login') {
      return reply.type('text/html').send(loginPage({ uid: details.uid, clientName: client?.clientName ?? 'Hangar' }));
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
      config: {
        ...publicRoute,
        // Per address and account: guessing one account is slowed, a whole office behind one NAT is not.
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) =>
            `${request.ip}|${String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
        },
      },
      errorHandler: (err, _request, reply) => {
        const tooMany = (err as { statusCode?: number }).statusCode === 429;
        const message = tooMany
          ? 'Too many sign-in attempts from your network. Wait a minute, then try again.'
          : 'The sign-in could not be completed. Try again.';
        return reply
          .status(tooMany ? 429 : 500)
          .type('text/html')
          .send(errorPage(message));
      },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') return expired(reply);
      const form = LoginForm.safeParse(request.body ?? {});
      const email = form.success ? form.data.email.trim() : '';
      const password = form.success ? form.data.password : '';
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (!(await verifyPassword(user, password))) {
        await audit(
          {
            action: 'auth.sign_in_failed',
            actorEmail: email || null,
            outcome: 'failure',
            details: { reason: user?.disabled ? 'disabled' : 'bad_credentials' },
          },
          request,
        );
        const client = await provider.Client.find(String(details.params.client_id));
        const error = user?.disabled ? 'This account is disabled. Ask a portal administrator.' : 'Incorrect email or password.';
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
