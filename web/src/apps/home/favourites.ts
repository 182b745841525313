import { FAVOURITE_TAB_IDS, HOME_TAB_ID, type MenuItem, TAB_BY_ID, type TabDefinition } from '@hangar/contract';
import { useCallback, useState } from 'react';

export const FAVOURITE_SLOTS = 4;

/**
 * The favourites row (issue 33): the applications the user pinned, then the spec's four (1, 2, 10,
 * 11) the user holds, then other applications they hold, in menu order; the home tab (where the
 * row is) never. Only when the user holds fewer applications than the row has slots do the spec's
 * favourites they lack fill it, each with "Ask for access": a row of four "Not in your
 * applications" cards is a dead end.
 */
export function favouriteRow(items: readonly MenuItem[], pinned: readonly number[]): { held: MenuItem[]; missing: TabDefinition[] } {
  const byId = new Map(items.map((i) => [i.id, i]));
  const order = [...pinned, ...FAVOURITE_TAB_IDS, ...items.map((i) => i.id)];
  const held: MenuItem[] = [];
  for (const id of order) {
    const item = byId.get(id);
    if (item && id !== HOME_TAB_ID && !held.includes(item)) held.push(item);
    if (held.length === FAVOURITE_SLOTS) break;
  }
  const missing = FAVOURITE_TAB_IDS.filter((id) => !byId.has(id))
    .map((id) => TAB_BY_ID.get(id))
    .filter((t): t is TabDefinition => !!t)
    .slice(0, FAVOURITE_SLOTS - held.length);
  return { held, missing };
}

const storageKey = (userId: string | null) => `hangar.favourites.${userId ?? 'anonymous'}`;

function readPinned(userId: string | null): number[] {
  try {
    const raw = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x)).slice(0, FAVOURITE_SLOTS) : [];
  } catch {
    return [];
  }
}

/** The user's own pins, kept in this browser per user; at most as many as the row has slots (the oldest goes). */
export function usePinnedFavourites(userId: string | null) {
  const [pinned, setPinned] = useState<number[]>(() => readPinned(userId));
  const toggle = useCallback(
    (id: number) => {
      setPinned((now) => {
        const next = now.includes(id) ? now.filter((x) => x !== id) : [...now, id].slice(-FAVOURITE_SLOTS);
        try {
          localStorage.setItem(storageKey(userId), JSON.stringify(next));
        } catch {
          // Storage disabled: the pin lasts this page's life.
        }
        return next;
      });
    },
    [userId],
  );
  return { pinned, toggle };
}
