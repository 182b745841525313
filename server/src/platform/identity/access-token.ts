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
  /**
   * The token's claims when it is well signed, unexpired and current. At once (no promise) for a
   * token verified before whose currency this process knows, which is nearly every request; a
   * promise otherwise, rejected when the token is not valid.
   */
  verify(token: string): AccessClaims | Promise<AccessClaims>;
}

const CACHE_LIMIT = 10_000;

/** A compact JWS's last part. */
const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

/** A token that is well signed but no longer current: revoked rights, ended session, disabled user. */
export interface CurrentCheck {
  isCurrent(claims: AccessClaims): Promise<boolean>;
  /** The same answer without waiting when this process knows it; undefined when it must read. */
  isCurrentNow?(claims: AccessClaims): boolean | undefined;
}

export async function createAccessTokens(db: Db, issuer: string, ttlSeconds: number, revocation?: CurrentCheck): Promise<AccessTokens> {
  // Signature checks dominated an authenticated request's cost; a token verified once is
  // remembered until it expires (keyed by the whole token, so a changed byte misses).
  const verified = new Map<string, { token: string; claims: AccessClaims }>();
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
    verify(token) {
      // Keyed by the signature (short to hash), then the whole token compared, so a changed byte misses.
      const entry = verified.get(signatureOf(token));
      if (entry && entry.token === token && entry.claims.exp * 1000 > Date.now()) {
        const current = revocation ? (revocation.isCurrentNow?.(entry.claims) ?? null) : true;
        if (current === true) return entry.claims;
        if (current === false) return Promise.reject(new Error('access token revoked'));
      }
      return verifySlowly(token);
    },
  };

  async function verifySlowly(token: string): Promise<AccessClaims> {
    const key = signatureOf(token);
    let entry = verified.get(key);
    if (entry && (entry.token !== token || entry.claims.exp * 1000 <= Date.now())) {
      verified.delete(key);
      entry = undefined;
    }
    if (!entry) {
      entry = { token, claims: await verifySignature(token) };
      if (verified.size >= CACHE_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(key, entry);
    }
    if (revocation && !(await revocation.isCurrent(entry.claims))) throw new Error('access token revoked');
    return entry.claims;
  }

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
