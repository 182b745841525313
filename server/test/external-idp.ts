import fastifyFormbody from '@fastify/formbody';
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
export async function startExternalIssuer(opts: { redirectUri: string; accounts: { email: string; name: string; password: string }[] }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/idp`;
  const database = await openDatabase({ dataDir: '', inMemory: true });
  for (const a of opts.accounts) {
    await database.db.insert(users).values({ email: a.email, name: a.name, passwordHash: await hashPassword(a.password) });
  }
  const client = { client_id: 'hangar-external', client_secret: 'external-client-secret-0123456789' };
  const provider = await createIdentityProvider({
    db: database.db,
    issuer,
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
  mountIdentityProvider(app, provider);
  registerInteractions(app, { provider, db: database.db, audit: createAuditWriter(database.db), loginRateLimit: 100 });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    issuer,
    ...client,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
