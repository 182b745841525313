/** The active tab's place in the address bar: `/?tab=<id>` (issue 13). */
export const TAB_PARAM = 'tab';

/** The tab id the current address asks for, or null when it names none (or not a number). */
export function tabIdFromLocation(search: string = window.location.search): number | null {
  const raw = new URLSearchParams(search).get(TAB_PARAM);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  return Number(raw);
}

function addressFor(id: number): string {
  const url = new URL(window.location.href);
  url.searchParams.set(TAB_PARAM, String(id));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `push` adds a history entry (back returns to the previous tab); `replace` rewrites the current one. */
export function writeTabToLocation(id: number, mode: 'push' | 'replace'): void {
  if (tabIdFromLocation() === id) return;
  const state = { ...(window.history.state ?? {}), hangarTab: id };
  if (mode === 'push') window.history.pushState(state, '', addressFor(id));
  else window.history.replaceState(state, '', addressFor(id));
}

const PENDING_KEY = 'hangar.linkedTab';

/**
 * A link followed while signed out: the sign-in round trip ends on "/", so the tab it named is kept
 * for this browser tab (sessionStorage) and opened once the portal starts.
 */
export function rememberLinkedTab(): void {
  const id = tabIdFromLocation();
  try {
    if (id !== null) sessionStorage.setItem(PENDING_KEY, String(id));
  } catch {
    // Storage disabled: the link's tab is simply not reopened after sign-in.
  }
}

/** The tab the address names, else one remembered across sign-in (read once). */
export function takeLinkedTab(): number | null {
  const fromAddress = tabIdFromLocation();
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing remembered.
  }
  if (fromAddress !== null) return fromAddress;
  return remembered !== null && /^\d{1,9}$/.test(remembered) ? Number(remembered) : null;
}
