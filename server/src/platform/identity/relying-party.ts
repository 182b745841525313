import * as oidc from 'openid-client';

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

export interface LoginStart {
  url: string;
  /** Kept by the browser in a signed, short-lived cookie until the callback. */
  checks: { verifier: string; state: string; nonce: string };
}

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email: string;
  /** The issuer vouches that the email address belongs to this subject (the email_verified claim). */
  emailVerified: boolean;
  name: string;
  idToken: string | null;
}

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** The portal as an OpenID Connect client (code flow + PKCE + state + nonce) of any issuer. */
export function createRelyingParty(opts: RelyingPartyOptions) {
  let discovered: Promise<oidc.Configuration> | null = null;
  const config = () => {
    discovered ??= oidc
      .discovery(new URL(opts.issuer), opts.clientId, opts.clientSecret, undefined, {
        // Plain http is allowed only for an issuer on this machine (the embedded provider in development).
        execute: isLoopback(opts.issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };

  return {
    async startLogin(extra: { prompt?: string } = {}): Promise<LoginStart> {
      const verifier = oidc.randomPKCECodeVerifier();
      const checks = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
      const url = oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: opts.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        ...(extra.prompt ? { prompt: extra.prompt } : {}),
      });
      return { url: url.href, checks };
    },

    async finishLogin(callbackUrl: URL, checks: LoginStart['checks']): Promise<SignedInIdentity> {
      const cfg = await config();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token');
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string' && cfg.serverMetadata().userinfo_endpoint) {
        // Issuers that follow the spec strictly put scope claims only in userinfo.
        profile = await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub);
      }
      const email = typeof profile.email === 'string' ? profile.email : null;
      if (!email) throw new Error('The identity provider did not share an email address (scope "email")');
      const name = typeof profile.name === 'string' && profile.name ? profile.name : email;
      const emailVerified = profile.email_verified === true || claims.email_verified === true;
      return { issuer: claims.iss, subject: claims.sub, email, emailVerified, name, idToken: tokens.id_token ?? null };
    },

    async logoutUrl(idToken: string | null): Promise<string | null> {
      const cfg = await config();
      if (!cfg.serverMetadata().end_session_endpoint) return null;
      const params: Record<string, string> = { post_logout_redirect_uri: opts.postLogoutRedirectUri, client_id: opts.clientId };
      if (idToken) params.id_token_hint = idToken;
      return oidc.buildEndSessionUrl(cfg, params).href;
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
