import { SHELL } from '@hangar/contract';
import { useEffect } from 'react';
import { logout } from '../../api/auth';
import { refreshAccessToken } from '../../api/client';
import { browser } from '../../api/navigation';
import { clearAccessToken, getAccessToken } from '../../api/token-store';
import { decideTokenAction } from './expiry';

async function refreshOrLogout(): Promise<void> {
  try {
    await refreshAccessToken();
  } catch {
    await logout();
  }
}

/** Runs one expiry check; exported for the tests and for the first check at mount. */
export async function checkTokenNow(now = Date.now()): Promise<void> {
  switch (decideTokenAction(getAccessToken(), now)) {
    case 'invalid':
      clearAccessToken();
      browser.reload();
      return;
    case 'signed-out':
      await logout();
      return;
    case 'refresh':
      await refreshOrLogout();
      return;
    case 'keep':
      return;
  }
}

/** Keeps the access token alive while the portal is open (spec section 4, Authentication). */
export function useTokenLifecycle(): void {
  useEffect(() => {
    void checkTokenNow();
    const expiryTimer = window.setInterval(() => void checkTokenNow(), SHELL.tokenExpiryCheckMs);
    const refreshTimer = window.setInterval(() => void refreshOrLogout(), SHELL.tokenRefreshMs);
    return () => {
      window.clearInterval(expiryTimer);
      window.clearInterval(refreshTimer);
    };
  }, []);
}
