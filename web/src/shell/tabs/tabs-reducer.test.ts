import { HOME_TAB_ID } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { initialTabsState, type Tab, type TabsState, tabsReducer } from './tabs-reducer';

const tab = (id: number, extra: Partial<Tab> = {}): Tab => ({
  id,
  appId: `App/${id}`,
  title: `Tab ${id}`,
  icon: 'files',
  externalLink: null,
  ...extra,
});

const home = tab(HOME_TAB_ID, { title: 'SecuredGPT' });

function openAll(...ids: number[]): TabsState {
  return ids.reduce((state, id) => tabsReducer(state, { type: 'open', tab: tab(id) }), initialTabsState(home));
}

const ids = (state: TabsState) => state.tabs.map((t) => t.id);

describe('tabs reducer', () => {
  it('starts with the home tab open and active', () => {
    const state = initialTabsState(home);
    expect(ids(state)).toEqual([HOME_TAB_ID]);
    expect(state.activeId).toBe(HOME_TAB_ID);
  });

  it('opens a new tab at the end and activates it', () => {
    const state = openAll(75, 3);
    expect(ids(state)).toEqual([HOME_TAB_ID, 75, 3]);
    expect(state.activeId).toBe(3);
  });

  it('activates an already open tab instead of opening it twice', () => {
    const state = tabsReducer(openAll(75, 3), { type: 'open', tab: tab(75) });
    expect(ids(state)).toEqual([HOME_TAB_ID, 75, 3]);
    expect(state.activeId).toBe(75);
  });

  it('carries params when opening, and replaces them on an already open tab while activating it', () => {
    const opened = tabsReducer(openAll(75), { type: 'open', tab: tab(52, { params: { check: 'file_integrity' } }) });
    expect(opened.tabs.find((t) => t.id === 52)?.params).toEqual({ check: 'file_integrity' });

    const elsewhere = tabsReducer(opened, { type: 'activate', id: 75 });
    const reopened = tabsReducer(elsewhere, { type: 'open', tab: tab(52, { params: { check: 'mapping_coverage', table: 'GL' } }) });
    expect(ids(reopened)).toEqual([HOME_TAB_ID, 75, 52]);
    expect(reopened.activeId).toBe(52);
    expect(reopened.tabs.find((t) => t.id === 52)?.params).toEqual({ check: 'mapping_coverage', table: 'GL' });

    // Opening from the menu (no params) only activates: what the tab shows stays.
    const fromMenu = tabsReducer(tabsReducer(reopened, { type: 'activate', id: 75 }), { type: 'open', tab: tab(52) });
    expect(fromMenu.activeId).toBe(52);
    expect(fromMenu.tabs.find((t) => t.id === 52)?.params).toEqual({ check: 'mapping_coverage', table: 'GL' });
  });

  it('never opens a tab that has an external link', () => {
    const before = openAll(75);
    const after = tabsReducer(before, { type: 'open', tab: tab(1001, { externalLink: 'https://example.org' }) });
    expect(after).toBe(before);
  });

  it('closing the active tab activates the first remaining tab', () => {
    const state = tabsReducer(openAll(75, 3), { type: 'close', id: 3 });
    expect(ids(state)).toEqual([HOME_TAB_ID, 75]);
    expect(state.activeId).toBe(HOME_TAB_ID);
  });

  it('closing the active first tab activates the next first one', () => {
    let state = tabsReducer(openAll(75, 3), { type: 'activate', id: HOME_TAB_ID });
    state = tabsReducer(state, { type: 'close', id: HOME_TAB_ID });
    expect(ids(state)).toEqual([75, 3]);
    expect(state.activeId).toBe(75);
  });

  it('closing an inactive tab keeps the active one', () => {
    const state = tabsReducer(openAll(75, 3), { type: 'close', id: 75 });
    expect(ids(state)).toEqual([HOME_TAB_ID, 3]);
    expect(state.activeId).toBe(3);
  });

  it('closing the last tab reopens the home tab 9', () => {
    let state = tabsReducer(openAll(75), { type: 'close', id: HOME_TAB_ID });
    state = tabsReducer(state, { type: 'close', id: 75 });
    expect(ids(state)).toEqual([HOME_TAB_ID]);
    expect(state.activeId).toBe(HOME_TAB_ID);
  });

  it('ignores activating or closing a tab that is not open', () => {
    const before = openAll(75);
    expect(tabsReducer(before, { type: 'activate', id: 3 })).toBe(before);
    expect(tabsReducer(before, { type: 'close', id: 3 })).toBe(before);
  });

  it('closeAll leaves only the home tab', () => {
    const state = tabsReducer(openAll(75, 3, 4), { type: 'closeAll' });
    expect(ids(state)).toEqual([HOME_TAB_ID]);
    expect(state.activeId).toBe(HOME_TAB_ID);
  });

  it('setHome renames the open home tab and the tab that closing reopens', () => {
    const renamed = { ...home, title: 'Explore' };
    let state = tabsReducer(openAll(75), { type: 'setHome', tab: renamed });
    expect(state.tabs[0]?.title).toBe('Explore');
    state = tabsReducer(tabsReducer(state, { type: 'close', id: HOME_TAB_ID }), { type: 'close', id: 75 });
    expect(state.tabs).toEqual([renamed]);
  });
});

describe('reconcile with the menu', () => {
  const tab = (id: number, title = `T${id}`) => ({ id, appId: `A/${id}`, title, icon: 'files', externalLink: null });
  const home = tab(9);
  it('closes tabs no longer held, renames changed ones, and keeps the state when nothing changed', () => {
    const state = { tabs: [home, tab(70), tab(75, 'Old')], activeId: 70, home };
    const held = new Map([
      [9, home],
      [75, tab(75, 'User Rights')],
    ]);
    const next = tabsReducer(state, { type: 'reconcile', held });
    expect(next.tabs.map((t) => [t.id, t.title])).toEqual([
      [9, 'T9'],
      [75, 'User Rights'],
    ]);
    expect(next.activeId).toBe(9);
    expect(tabsReducer(next, { type: 'reconcile', held })).toBe(next);
  });
});
