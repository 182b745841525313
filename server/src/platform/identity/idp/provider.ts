import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { getOrCreateSecret } from '../../secrets.ts';
import { findUserById } from '../directory.ts';
import { DbOidcAdapter } from './adapter.ts';
import { logoutPage, postLogoutPage, providerErrorPage } from './pages.ts';

export interface IdpOptions {
  db: Db;
  /** Full issuer URL, e.g. http://localhost:8080/idp */
  issuer: string;
  clients: ClientMetadata[];
  /** Extra or changed claims per account (a test issuer that does not vouch for some emails). */
  accountClaims?: (user: { email: string }) => Record<string, unknown>;
}

/** The embedded OpenID Connect provider: built-in accounts, state in the database, keys generated once. */
export async function createIdentityProvider({ db, issuer, clients, accountClaims }: IdpOptions): Promise<Provider> {
  const signingKey = await getOrCreateSecret<JWK>(db, 'idp_signing_key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
  });
  const cookieKeys = await getOrCreateSecret<string[]>(db, 'idp_cookie_keys', () => [randomBytes(32).toString('base64url')]);

  const configuration: Configuration = {
    adapter: (name: string) => new DbOidcAdapter(db, name),
    clients,
    jwks: { keys: [signingKey] },
    cookies: { keys: cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    pkce: { required: () => true },
    // The portal reads email and name from the ID token, without a second call to userinfo.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource: logoutPage, postLogoutSuccessSource: postLogoutPage },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: providerErrorPage,
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user || user.disabled) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, email: user.email, email_verified: true, name: user.name, ...accountClaims?.(user) }),
      };
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 14 * 24 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = issuer.startsWith('https:');
  return provider;
}
