import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { userIdentities, users } from '../../platform/db/schema.ts';
import { effectiveApps, findUserByEmail, findUserById, type UserRow } from '../../platform/identity/directory.ts';
import type { SignedInIdentity } from '../../platform/identity/relying-party.ts';

export type SignInOutcome = { user: UserRow } | { refused: string };

/**
 * Maps an identity from the issuer to a portal user. The embedded issuer's subject is the user id.
 * An external issuer's user is found by (issuer, subject). The first sign-in links to an existing
 * portal account by email only when the issuer vouches for the email (email_verified, or
 * OIDC_TRUST_EMAIL for issuers such as Entra ID that send no such claim); otherwise a new user with no
 * applications is created.
 */
export async function signInFromIdentity(ctx: AppContext, identity: SignedInIdentity, request: FastifyRequest): Promise<SignInOutcome> {
  const { db, audit } = ctx;
  const refuse = async (reason: string, message: string, userId?: string) => {
    await audit(
      { action: 'auth.sign_in_failed', actorId: userId, actorEmail: identity.email, outcome: 'denied', details: { reason } },
      request,
    );
    return { refused: message };
  };
  let user = ctx.embeddedIssuer ? await findUserById(db, identity.subject) : await linkedUser(ctx, identity);
  if (!user && !ctx.embeddedIssuer) {
    const byEmail = await findUserByEmail(db, identity.email);
    if (byEmail) {
      const vouched = identity.emailVerified || ctx.config.OIDC_TRUST_EMAIL;
      const [other] = await db
        .select({ subject: userIdentities.subject })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, byEmail.id), eq(userIdentities.issuer, identity.issuer)));
      if (other) {
        return refuse(
          'email_linked_to_other_subject',
          'This email address belongs to another account of your identity provider. Ask a portal administrator.',
          byEmail.id,
        );
      }
      if (!vouched) {
        return refuse(
          'email_not_verified',
          'Your identity provider did not confirm your email address, so it cannot be linked to your portal account. Ask a portal administrator.',
          byEmail.id,
        );
      }
      user = byEmail;
      await db.insert(userIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: byEmail.id });
      await audit(
        {
          action: 'auth.user_provisioned',
          actorId: user.id,
          actorEmail: user.email,
          details: { event: 'identity_linked', issuer: identity.issuer },
        },
        request,
      );
    } else {
      user = await db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values({ email: identity.email.trim().toLowerCase(), name: identity.name }).returning();
        await tx.insert(userIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: created!.id });
        return created;
      });
      await audit(
        { action: 'auth.user_provisioned', actorId: user?.id, actorEmail: identity.email, details: { issuer: identity.issuer } },
        request,
      );
    }
  }
  if (!user) return refuse('unknown', 'This account is not known to the portal. Ask a portal administrator.');
  if (user.disabled) return refuse('disabled', 'This account is disabled. Ask a portal administrator.', user.id);
  await audit({ action: 'auth.sign_in', actorId: user.id, actorEmail: user.email }, request);
  return { user };
}

async function linkedUser(ctx: AppContext, identity: SignedInIdentity): Promise<UserRow | undefined> {
  const [link] = await ctx.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
  return link ? findUserById(ctx.db, link.userId) : undefined;
}

/** A fresh access token with the user's current rights, version and session (so changes apply at once). */
export async function issueAccessToken(ctx: AppContext, userId: string, sessionId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled) return null;
  return ctx.accessTokens.sign({
    sub: user.id,
    email: user.email,
    name: user.name,
    apps: await effectiveApps(ctx.db, user.id),
    bu: user.bu,
    airport: user.airport,
    ver: user.authVersion,
    sid: sessionId,
  });
}
