import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { users } from '../../platform/db/schema.ts';
import { effectiveApps, findUserByEmail, findUserById, type UserRow } from '../../platform/identity/directory.ts';
import type { SignedInIdentity } from '../../platform/identity/relying-party.ts';

/**
 * Maps an identity from the issuer to a portal user. The embedded issuer's subject is the user id;
 * an external issuer's user is matched by email and, the first time, created with no applications.
 */
export async function signInFromIdentity(ctx: AppContext, identity: SignedInIdentity, request: FastifyRequest): Promise<UserRow | null> {
  const { db, audit } = ctx;
  let user = ctx.embeddedIssuer ? await findUserById(db, identity.subject) : await findUserByEmail(db, identity.email);
  if (!user && !ctx.embeddedIssuer) {
    [user] = await db.insert(users).values({ email: identity.email.toLowerCase(), name: identity.name }).onConflictDoNothing().returning();
    user ??= await findUserByEmail(db, identity.email);
    await audit(
      { action: 'auth.user_provisioned', actorId: user?.id, actorEmail: identity.email, details: { issuer: ctx.config.OIDC_ISSUER } },
      request,
    );
  }
  if (!user || user.disabled) {
    await audit(
      { action: 'auth.sign_in_failed', actorEmail: identity.email, outcome: 'denied', details: { reason: user ? 'disabled' : 'unknown' } },
      request,
    );
    return null;
  }
  await audit({ action: 'auth.sign_in', actorId: user.id, actorEmail: user.email }, request);
  return user;
}

/** A fresh access token with the user's current rights (so permission changes apply at refresh). */
export async function issueAccessToken(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.disabled) return null;
  return ctx.accessTokens.sign({
    sub: user.id,
    email: user.email,
    name: user.name,
    apps: await effectiveApps(ctx.db, user.id),
    bu: user.bu,
    airport: user.airport,
  });
}
