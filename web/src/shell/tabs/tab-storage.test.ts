import { beforeEach, describe, expect, it } from 'vitest';
import { loadTabs, saveTabs, tabsStorageKey } from './tab-storage';

const tab = (id: number, extra: object = {}) => ({ id, appId: `App/${id}`, title: `T${id}`, icon: 'files', externalLink: null, ...extra });

beforeEach(() => localStorage.clear());

describe('tabs kept across reloads', () => {
  it('round-trips the open tabs, their params and the active one, per user', () => {
    saveTabs('u1', { tabs: [tab(9), tab(75, { params: { email: 'a@b' } })], activeId: 75 });
    saveTabs('u2', { tabs: [tab(9)], activeId: 9 });
    expect(loadTabs('u1')).toEqual({ tabs: [tab(9), tab(75, { params: { email: 'a@b' } })], activeId: 75 });
    expect(loadTabs('u2')?.tabs.map((t) => t.id)).toEqual([9]);
    expect(loadTabs('u3')).toBeNull();
  });

  it('stores nothing without a user', () => {
    saveTabs(null, { tabs: [tab(9)], activeId: 9 });
    expect(localStorage.length).toBe(0);
    expect(loadTabs(null)).toBeNull();
  });

  it('treats malformed entries as nothing stored, and drops bad or duplicate tabs', () => {
    localStorage.setItem(tabsStorageKey('u1'), '{not json');
    expect(loadTabs('u1')).toBeNull();
    localStorage.setItem(tabsStorageKey('u1'), JSON.stringify({ tabs: [], activeId: 9 }));
    expect(loadTabs('u1')).toBeNull();
    localStorage.setItem(
      tabsStorageKey('u1'),
      JSON.stringify({ tabs: [tab(9), { id: 'x' }, tab(9), tab(1001, { externalLink: 'https://x' }), tab(70)], activeId: 404 }),
    );
    expect(loadTabs('u1')).toEqual({ tabs: [tab(9), tab(70)], activeId: 9 });
  });
});
