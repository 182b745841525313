import { SHELL } from '@hangar/contract';
import { checkHealth, fetchSessionToken } from '../../api/session';
import { clearAccessToken, getAccessToken } from '../../api/token-store';
import { decideTokenAction } from '../token/expiry';

export type BootPhase = 'loading' | 'maintenance' | 'signed-out' | 'portal';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Decides what the root route shows. The splash stays at least SHELL.splashMinMs so it does
 * not flash; health and the token are fetched meanwhile.
 */
export async function boot(): Promise<Exclude<BootPhase, 'loading'>> {
  const [healthy, session] = await Promise.all([checkHealth(), fetchSessionToken(), wait(SHELL.splashMinMs)]);
  if (!healthy) return 'maintenance';
  if (session === 'signed-in') return 'portal';
  if (session === 'signed-out') return 'signed-out';
  // The token endpoint failed for another reason: a still-valid stored token keeps the user in.
  const action = decideTokenAction(getAccessToken(), Date.now());
  if (action === 'keep') return 'portal';
  clearAccessToken();
  return 'signed-out';
}
