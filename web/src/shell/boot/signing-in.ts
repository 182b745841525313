// The landing's Login marks this browser tab; the next "/" is then most likely the end of a sign-in
// (which shows the portal), so the portal is fetched during the splash rather than after it.
const SIGNING_IN_KEY = 'hangar.signingIn';

export function markSigningIn(): void {
  try {
    sessionStorage.setItem(SIGNING_IN_KEY, '1');
  } catch {
    // Storage disabled: the portal is fetched after the splash instead of during it.
  }
}

/** Whether Login was pressed in this tab since the last start (read once). */
export function takeSigningIn(): boolean {
  try {
    const signingIn = sessionStorage.getItem(SIGNING_IN_KEY) !== null;
    sessionStorage.removeItem(SIGNING_IN_KEY);
    return signingIn;
  } catch {
    return false;
  }
}
