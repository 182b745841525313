import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { getOrCreateSecret } from '../secrets.ts';

/** What the portal's access token carries (spec: token info). */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  apps: string[];
  bu: string | null;
  airport: string | null;
  exp: number;
  /** The user's auth version when issued, and the session it belongs to (revocation.ts). */
  ver?: number;
  sid?: string;
}

const ALG = 'ES256';
export const ACCESS_AUDIENCE = 'hangar-api';

export interface AccessTokens {
  sign(claims: Omit<AccessClaims, 'exp'>): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<AccessClaims>;
}

const CACHE_LIMIT = 10_000;

/** A token that is well signed but no longer current: revoked rights, ended session, disabled user. */
export interface CurrentCheck {
  isCurrent(claims: AccessClaims): Promise<boolean>;
}

export async function createAccessTokens(db: Db, issuer: string, ttlSeconds: number, revocation?: CurrentCheck): Promise<AccessTokens> {
  // Signature checks dominated an authenticated request's cost; a token verified once is
  // remembered until it expires (keyed by the whole token, so a changed byte misses).
  const verified = new Map<string, AccessClaims>();
  const jwk = await getOrCreateSecret<JWK>(db, 'access_token_signing_key', async () => {
    const { privateKey } = await generateKeyPair(ALG, { extractable: true });
    return { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: ALG };
  });
  const privateKey = await importJWK(jwk, ALG);
  const { d: _d, ...publicJwk } = jwk;
  const publicKey = await importJWK(publicJwk, ALG);
  return {
    async sign(claims) {
      const token = await new SignJWT({
        email: claims.email,
        name: claims.name,
        apps: claims.apps,
        bu: claims.bu,
        airport: claims.airport,
        ver: claims.ver,
        sid: claims.sid,
      })
        .setProtectedHeader({ alg: ALG, kid: jwk.kid })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(ACCESS_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      let claims = verified.get(token);
      if (claims && claims.exp * 1000 <= Date.now()) {
        verified.delete(token);
        claims = undefined;
      }
      if (!claims) {
        claims = await verifySignature(token);
        if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
      }
      if (revocation && !(await revocation.isCurrent(claims))) throw new Error('access token revoked');
      return claims;
    },
  };

  async function verifySignature(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, publicKey, { issuer, audience: ACCESS_AUDIENCE, algorithms: [ALG] });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !Array.isArray(payload.apps)) {
      throw new Error('access token lacks required claims');
    }
    return {
      sub: payload.sub,
      email: payload.email,
      name: String(payload.name ?? ''),
      apps: payload.apps.map(String),
      bu: typeof payload.bu === 'string' ? payload.bu : null,
      airport: typeof payload.airport === 'string' ? payload.airport : null,
      exp: payload.exp ?? 0,
      ver: typeof payload.ver === 'number' ? payload.ver : undefined,
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
    };
  }
}
