import { APP, HOME_TAB_ID, TAB_BY_ID } from '@hangar/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer } from 'react';
import { browser } from '../../api/navigation';
import { tabFromMenuItem, useMenu } from '../menu/useMenu';
import { initialTabsState, opensExternally, type Tab, type TabsState, tabsReducer } from './tabs-reducer';

const catalogueHome = TAB_BY_ID.get(HOME_TAB_ID);

/** Until the menu says otherwise (the user may not hold SecuredGPT) the home tab is "Home". */
export const DEFAULT_HOME_TAB: Tab = {
  id: HOME_TAB_ID,
  appId: APP.securedGpt,
  title: 'Home',
  icon: catalogueHome?.icon ?? 'message-square',
  externalLink: null,
};

interface TabsContextValue extends TabsState {
  openTab: (tab: Tab) => void;
  activateTab: (id: number) => void;
  closeTab: (id: number) => void;
  closeAllTabs: () => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

export function TabsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(tabsReducer, DEFAULT_HOME_TAB, initialTabsState);
  const { data: menu } = useMenu();

  const homeItem = menu?.items.find((item) => item.id === HOME_TAB_ID);
  useEffect(() => {
    if (homeItem) dispatch({ type: 'setHome', tab: tabFromMenuItem(homeItem) });
  }, [homeItem]);

  const openTab = useCallback((tab: Tab) => {
    if (opensExternally(tab) && tab.externalLink) {
      browser.openInNewTab(tab.externalLink);
      return;
    }
    dispatch({ type: 'open', tab });
  }, []);
  const activateTab = useCallback((id: number) => dispatch({ type: 'activate', id }), []);
  const closeTab = useCallback((id: number) => dispatch({ type: 'close', id }), []);
  const closeAllTabs = useCallback(() => dispatch({ type: 'closeAll' }), []);

  const value = useMemo(
    () => ({ ...state, openTab, activateTab, closeTab, closeAllTabs }),
    [state, openTab, activateTab, closeTab, closeAllTabs],
  );
  return <TabsContext value={value}>{children}</TabsContext>;
}

export function useTabs(): TabsContextValue {
  const value = useContext(TabsContext);
  if (!value) throw new Error('useTabs must be used inside <TabsProvider>');
  return value;
}
