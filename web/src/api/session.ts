// Health, session token and Login: what the splash and the landing need, kept apart from logout
// (which needs the contract's zod schemas) so the landing's script stays free of zod (issue 13).
import { browser } from './navigation';
import { clearAccessToken, setAccessToken } from './token-store';

/** True only when the backend answers and says it is healthy. */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch('/api/healthcheck', { headers: { Accept: 'application/json' } });
    if (!response.ok) return false;
    // Checked by hand, not with the contract's zod schema: this runs on the landing, which loads no zod.
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === true;
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
    // Checked by hand (no zod before the portal loads): a token is a non-empty string.
    const access_token = ((await response.json()) as { access_token?: unknown } | null)?.access_token;
    if (typeof access_token !== 'string' || access_token === '') return 'unreachable';
    setAccessToken(access_token);
    return 'signed-in';
  } catch {
    return 'unreachable';
  }
}

/**
 * Starts sign-in: the server redirects the browser to the identity provider. The landing page is
 * replaced, not kept in history, so back after signing in does not walk through the sign-in path.
 */
export function startLogin(): void {
  browser.replace('/auth/token');
}
