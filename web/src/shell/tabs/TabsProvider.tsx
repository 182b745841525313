import { APP, HOME_TAB_ID, TAB_BY_ID } from '@hangar/contract';
import { useIsFetching } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { browser } from '../../api/navigation';
import { tabFromMenuItem, useMenu } from '../menu/useMenu';
import { initialTabsState, opensExternally, type Tab, type TabsState, tabsReducer } from './tabs-reducer';

const catalogueHome = TAB_BY_ID.get(HOME_TAB_ID);

/** A query whose `meta` holds this key set to true keeps new tabs from opening during its first load. */
export const BLOCKS_TAB_OPENING = 'blocksTabOpening';

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

  // Spec: tabs cannot open while ingestion data loads. Apps mark such first loads with this query meta.
  const blocking = useIsFetching({ predicate: (q) => q.meta?.[BLOCKS_TAB_OPENING] === true && q.state.status === 'pending' });
  const blockingRef = useRef(blocking);
  blockingRef.current = blocking;

  const openTab = useCallback((tab: Tab) => {
    if (blockingRef.current > 0) return;
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
