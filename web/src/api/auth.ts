import { AccessTokenResponse, HealthResponse, LogoutResponse } from '@hangar/contract';
import { browser } from './navigation';
import { clearAccessToken, setAccessToken } from './token-store';

/** True only when the backend answers and says it is healthy. */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch('/api/healthcheck', { headers: { Accept: 'application/json' } });
    if (!response.ok) return false;
    const body = HealthResponse.pick({ ok: true }).parse(await response.json());
    return body.ok;
  } catch {
    return false;
  }
}

export type JwtFetchResult = 'signed-in' | 'signed-out' | 'unreachable';

/** Asks the server for an access token from the session cookie and stores it. */
export async function fetchSessionToken(): Promise<JwtFetchResult> {
  try {
    const response = await fetch('/auth/get-jwt', { credentials: 'include', headers: { Accept: 'application/json' } });
    if (response.status === 401 || response.status === 403) {
      clearAccessToken();
      return 'signed-out';
    }
    if (!response.ok) return 'unreachable';
    const { access_token } = AccessTokenResponse.parse(await response.json());
    setAccessToken(access_token);
    return 'signed-in';
  } catch {
    return 'unreachable';
  }
}

/** Starts sign-in: the server redirects the browser to the identity provider. */
export function startLogin(): void {
  browser.assign('/auth/token');
}

/**
 * Ends the session on the server and in this browser, then leaves for the identity provider's
 * logout page when there is one. The local token is cleared even if the server call fails.
 */
export async function logout(): Promise<void> {
  let logoutUrl: string | null = null;
  try {
    const response = await fetch('/auth/logout', { method: 'POST', credentials: 'include' });
    if (response.ok) logoutUrl = LogoutResponse.parse(await response.json()).logout_url;
  } catch {
    // The server may be down; the browser side of the session still ends.
  }
  clearAccessToken();
  browser.assign(logoutUrl ?? '/');
}
