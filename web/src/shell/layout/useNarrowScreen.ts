import { useSyncExternalStore } from 'react';

/** Below this width the sidebar leaves the layout and becomes a drawer over the page (Tailwind's `md`). */
export const DRAWER_BREAKPOINT_PX = 768;
const QUERY = `(max-width: ${DRAWER_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY).matches : false);

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
