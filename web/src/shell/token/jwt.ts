export interface AccessTokenClaims {
  exp: number;
  /** The user's id. */
  sub?: string;
  email?: string;
  name?: string;
  apps?: string[];
  bu?: string | null;
  airport?: string | null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the payload of a JWT without verifying it: the server verifies; the client only needs
 * the expiry and the display name. Returns null for anything that is not a JWT with a numeric exp.
 */
export function decodeAccessToken(token: string): AccessTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return payload as AccessTokenClaims;
  } catch {
    return null;
  }
}
