import type { Tab } from './tabs-reducer';

/** What survives a reload: the open tabs in their order and the active one (issue 13). */
export interface StoredTabs {
  tabs: Tab[];
  activeId: number;
}

const KEY_PREFIX = 'hangar.tabs.';

/** One entry per user, so two people sharing a browser profile never see each other's tabs. */
export const tabsStorageKey = (userId: string) => `${KEY_PREFIX}${userId}`;

function isStringRecord(value: unknown): value is Record<string, string> {
  return Boolean(value) && typeof value === 'object' && Object.values(value as object).every((v) => typeof v === 'string');
}

function asTab(value: unknown): Tab | null {
  if (!value || typeof value !== 'object') return null;
  const t = value as Record<string, unknown>;
  if (typeof t.id !== 'number' || !Number.isInteger(t.id)) return null;
  if (typeof t.appId !== 'string' || typeof t.title !== 'string' || typeof t.icon !== 'string') return null;
  if (t.externalLink) return null; // external items never open as tabs
  const tab: Tab = { id: t.id, appId: t.appId, title: t.title, icon: t.icon, externalLink: null };
  if (t.params !== undefined && isStringRecord(t.params)) tab.params = t.params;
  return tab;
}

/** Reads the stored tabs; anything malformed (an older format, a hand edit) counts as nothing stored. */
export function loadTabs(userId: string | null, storage: Storage = localStorage): StoredTabs | null {
  if (!userId) return null;
  try {
    const raw = storage.getItem(tabsStorageKey(userId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { tabs, activeId } = parsed as { tabs?: unknown; activeId?: unknown };
    if (!Array.isArray(tabs) || typeof activeId !== 'number') return null;
    const seen = new Set<number>();
    const valid: Tab[] = [];
    for (const candidate of tabs) {
      const tab = asTab(candidate);
      if (tab && !seen.has(tab.id)) {
        seen.add(tab.id);
        valid.push(tab);
      }
    }
    const first = valid[0];
    if (!first) return null;
    return { tabs: valid, activeId: seen.has(activeId) ? activeId : first.id };
  } catch {
    return null;
  }
}

export function saveTabs(userId: string | null, value: StoredTabs, storage: Storage = localStorage): void {
  if (!userId) return;
  try {
    storage.setItem(tabsStorageKey(userId), JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): tabs simply do not survive the reload.
  }
}
