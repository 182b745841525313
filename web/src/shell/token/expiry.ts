import { decodeAccessToken } from './jwt';

/** Refresh this long before expiry, so a check every 60 s never lets the token lapse. */
export const REFRESH_WINDOW_MS = 2 * 60 * 1000;

export type TokenAction =
  /** No token at all: the user is signed out. */
  | 'signed-out'
  /** Not a decodable JWT: clear it and reload. */
  | 'invalid'
  /** Expired or expiring within the refresh window: refresh, log out if that fails. */
  | 'refresh'
  | 'keep';

export function decideTokenAction(token: string | null, nowMs: number): TokenAction {
  if (!token) return 'signed-out';
  const claims = decodeAccessToken(token);
  if (!claims) return 'invalid';
  return claims.exp * 1000 - nowMs <= REFRESH_WINDOW_MS ? 'refresh' : 'keep';
}
