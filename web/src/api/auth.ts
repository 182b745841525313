import { LogoutResponse } from '@hangar/contract';
import { browser } from './navigation';
import { clearAccessToken } from './token-store';

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
