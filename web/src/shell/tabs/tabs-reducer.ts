/** A portal tab (spec section 2, Main portal). */
export interface Tab {
  id: number;
  appId: string;
  title: string;
  icon: string;
  /** When set the item opens in a new browser tab, never as a portal tab. */
  externalLink: string | null;
  /** What the opener asks the app to show (a filter, a selection); read by the app as `tab.params`. */
  params?: Record<string, string>;
}

export interface TabsState {
  tabs: Tab[];
  activeId: number;
  /** Reopened whenever the last tab closes. */
  home: Tab;
}

export type TabsAction =
  | { type: 'open'; tab: Tab }
  | { type: 'activate'; id: number }
  | { type: 'close'; id: number }
  | { type: 'closeAll' }
  | { type: 'setHome'; tab: Tab }
  /** The menu arrived: restored tabs the user no longer holds close, the others take the menu's title and icon. */
  | { type: 'reconcile'; held: ReadonlyMap<number, Tab> };

export function initialTabsState(home: Tab): TabsState {
  return { tabs: [home], activeId: home.id, home };
}

export function opensExternally(tab: Tab): boolean {
  return Boolean(tab.externalLink);
}

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'open': {
      if (opensExternally(action.tab)) return state;
      const existing = state.tabs.some((t) => t.id === action.tab.id);
      if (existing && action.tab.params) {
        // New params replace the old ones so the already-open app shows what was asked this time.
        const tabs = state.tabs.map((t) => (t.id === action.tab.id ? { ...t, params: action.tab.params } : t));
        return { ...state, tabs, activeId: action.tab.id };
      }
      if (existing) return state.activeId === action.tab.id ? state : { ...state, activeId: action.tab.id };
      return { ...state, tabs: [...state.tabs, action.tab], activeId: action.tab.id };
    }
    case 'activate':
      if (state.activeId === action.id || !state.tabs.some((t) => t.id === action.id)) return state;
      return { ...state, activeId: action.id };
    case 'close': {
      if (!state.tabs.some((t) => t.id === action.id)) return state;
      const remaining = state.tabs.filter((t) => t.id !== action.id);
      const first = remaining[0];
      if (!first) return initialTabsState(state.home);
      const activeId = state.activeId === action.id ? first.id : state.activeId;
      return { ...state, tabs: remaining, activeId };
    }
    case 'closeAll':
      return initialTabsState(state.home);
    case 'reconcile': {
      const tabs = state.tabs.flatMap((t) => {
        if (t.id === state.home.id) return [t];
        const item = action.held.get(t.id);
        if (!item || opensExternally(item)) return [];
        const same = item.title === t.title && item.icon === t.icon && item.appId === t.appId;
        // Unchanged tabs keep their object, so their applications do not re-render for nothing.
        return [same ? t : { ...item, params: t.params }];
      });
      if (tabs.length === state.tabs.length && tabs.every((t, i) => t === state.tabs[i])) return state;
      const first = tabs[0];
      if (!first) return initialTabsState(state.home);
      const activeId = tabs.some((t) => t.id === state.activeId) ? state.activeId : first.id;
      return { ...state, tabs, activeId };
    }
    case 'setHome': {
      const tabs = state.tabs.map((t) => (t.id === action.tab.id ? action.tab : t));
      return { ...state, tabs, home: action.tab };
    }
  }
}
