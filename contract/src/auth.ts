import { z } from 'zod';

/** Claims of the portal's access token (spec: token info). */
export const TokenInfo = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  apps: z.array(z.string()),
  bu: z.string().nullable(),
  airport: z.string().nullable(),
  exp: z.number().int(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;

export const AccessTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type AccessTokenResponse = z.infer<typeof AccessTokenResponse>;

export const ValidAccessRequest = z.object({ token: z.string().min(1).max(8192) });
export const ValidResponse = z.object({ valid: z.boolean() });

export const LogoutResponse = z.object({
  ok: z.literal(true),
  /** Where the browser should go to end the identity provider's session too, if it has one. */
  logout_url: z.string().nullable(),
});

/** The refresh cookie: httpOnly, SameSite=Strict, Path=/auth. */
export const REFRESH_COOKIE = 'hangar_refresh';
/**
 * The refresh cookie's name on an https deployment. It is scoped to /auth (least exposure), which
 * the __Host- prefix forbids (it needs Path=/); __Secure- still makes browsers refuse it over http.
 */
export const refreshCookieName = (https: boolean) => (https ? `__Secure-${REFRESH_COOKIE}` : REFRESH_COOKIE);
