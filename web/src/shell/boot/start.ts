import { getAccessToken } from '../../api/token-store';
import { boot } from './boot';
import { takeSigningIn } from './signing-in';
import { showLanding, showMaintenance } from './static-pages';

// The signed-in portal (React, sidebar, tabs, every application) is most of the code: the splash,
// landing and maintenance pages are plain DOM and load without it (issue 13, first load).
const loadPortal = () => import('../../app/portal-app');
const loadRoutedPages = () => import('../../app/routed-app');

/**
 * Starts the page in `root`, which holds index.html's static splash. On "/": the splash stays while
 * health and the session token are fetched (boot), then the maintenance page, the landing or the
 * portal replaces it. Any other address (/pdf, /download, an unknown path) is the routed React app.
 */
export async function startRoot(root: HTMLElement): Promise<void> {
  if (window.location.pathname !== '/') {
    (await loadRoutedPages()).mountRoutedApp(root);
    return;
  }
  // Someone who was signed in on this browser most likely still is, and someone back from the sign-in
  // form most likely is now: fetch the portal during the splash. Anyone else gets the landing without it.
  const signingIn = takeSigningIn();
  const prefetched = getAccessToken() || signingIn ? loadPortal().catch(() => null) : null;
  const phase = await boot();
  if (phase === 'maintenance') showMaintenance(root);
  else if (phase === 'signed-out') showLanding(root);
  else ((await prefetched) ?? (await loadPortal())).mountPortal(root);
}
