import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { createAuditWriter } from '../src/platform/audit.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { users } from '../src/platform/db/schema.ts';
import { hashPassword } from '../src/platform/identity/directory.ts';
import { registerInteractions } from '../src/platform/identity/idp/interactions.ts';
import { mountIdentityProvider } from '../src/platform/identity/idp/mount.ts';
import { createIdentityProvider } from '../src/platform/identity/idp/provider.ts';
import { freePort } from './harness.ts';

/**
 * A second, separate OpenID Connect provider standing in for a corporate issuer (Entra ID, Keycloak):
 * its own process state, database, keys and accounts. The portal reaches it by configuration only.
 */
export async function startExternalIssuer(opts: {
  redirectUri: string;
  /** `unverified`: the issuer does not vouch for this account's email (email_verified false). */
  accounts: { email: string; name: string; password: string; unverified?: boolean }[];
}) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/idp`;
  const database = await openDatabase({ dataDir: '', inMemory: true });
  for (const a of opts.accounts) {
    await database.db.insert(users).values({ email: a.email, name: a.name, passwordHash: await hashPassword(a.password) });
  }
  const client = { client_id: 'hangar-external', client_secret: 'external-client-secret-0123456789' };
  const unverified = new Set(opts.accounts.filter((a) => a.unverified).map((a) => a.email));
  const provider = await createIdentityProvider({
    db: database.db,
    issuer,
    accountClaims: (user) => (unverified.has(user.email) ? { email_verified: false } : {}),
    clients: [
      {
        ...client,
        client_name: 'Hangar (corporate SSO)',
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
  });
  const app = Fastify();
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, { global: false });
  mountIdentityProvider(app, provider);
  registerInteractions(app, { provider, db: database.db, audit: createAuditWriter(database.db), loginRateLimit: 100 });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    issuer,
    ...client,
    /** Changes an account's email at the issuer (the subject stays). */
    async renameEmail(from: string, to: string) {
      await database.db.update(users).set({ email: to }).where(eq(users.email, from));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
