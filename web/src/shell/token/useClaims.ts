import { useMemo } from 'react';
import { getAccessToken } from '../../api/token-store';
import { type AccessTokenClaims, decodeAccessToken } from './jwt';

/** The signed-in user's claims as the access token carries them (display only). */
export function useClaims(): AccessTokenClaims | null {
  const token = getAccessToken();
  return useMemo(() => (token ? decodeAccessToken(token) : null), [token]);
}

export function firstName(name: string | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}
