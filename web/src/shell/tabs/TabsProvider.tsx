import { APP, HOME_TAB_ID, type MenuItem, TAB_BY_ID } from '@hangar/contract';
import { useIsFetching } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { browser } from '../../api/navigation';
import { requestAccess } from '../../api/requests';
import { tabFromMenuItem, useMenu } from '../menu/useMenu';
import { tabIdFromLocation, takeLinkedTab, writeTabToLocation } from './tab-address';
import { loadTabs, saveTabs } from './tab-storage';
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

export const notHeldMessage = (id: number) => {
  const known = TAB_BY_ID.get(id);
  return known
    ? `The link asks for ${known.title} (tab ${id}), which is not among your applications.`
    : `The link asks for tab ${id}, which is not a tab of this portal.`;
};

/**
 * A link to a tab the user does not hold is never a dead end: the reason, and "Ask for access" to
 * the application it needs, which an administrator decides (the same request as the home page's).
 */
function sayNotHeld(id: number): void {
  const known = TAB_BY_ID.get(id);
  const appId = known?.requires[0];
  if (!known || !appId) {
    toast.error(notHeldMessage(id), { description: 'Check the link you followed.' });
    return;
  }
  toast.error(notHeldMessage(id), {
    description: 'Ask for access: an administrator decides, and you are notified.',
    duration: 15_000,
    action: {
      label: 'Ask for access',
      onClick: () =>
        requestAccess(appId).then(
          () => toast.success(`Access to ${known.title} requested. You will be notified when an administrator decides.`),
          (error: unknown) => toast.error(error instanceof Error ? error.message : `Could not request access to ${known.title}.`),
        ),
    },
  });
}

interface TabsContextValue extends TabsState {
  openTab: (tab: Tab) => void;
  activateTab: (id: number) => void;
  closeTab: (id: number) => void;
  closeAllTabs: () => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

/** The tabs this browser kept for this user, with the tab the address asks for active when it is among them. */
function restoredState(userId: string | null): TabsState {
  const stored = loadTabs(userId);
  if (!stored) return initialTabsState(DEFAULT_HOME_TAB);
  const asked = tabIdFromLocation();
  const activeId = asked !== null && stored.tabs.some((t) => t.id === asked) ? asked : stored.activeId;
  return { tabs: stored.tabs, activeId, home: DEFAULT_HOME_TAB };
}

function heldTabs(items: readonly MenuItem[]): Map<number, Tab> {
  return new Map(items.map((item) => [item.id, tabFromMenuItem(item)]));
}

/**
 * The open tabs. With a `userId` they survive reloads (localStorage, per user) and the active one
 * lives in the address (`/?tab=<id>`), so back and forward move between tabs and a link opens one.
 */
export function TabsProvider({ children, userId = null }: { children: ReactNode; userId?: string | null }) {
  const [state, dispatch] = useReducer(tabsReducer, userId, restoredState);
  const { data: menu } = useMenu();
  const stateRef = useRef(state);
  stateRef.current = state;
  const heldRef = useRef<Map<number, Tab> | null>(null);
  // The tab the address asked for when the portal opened; settled once the menu says whether the user holds it.
  const askedRef = useRef<number | null>(null);
  const askedReadRef = useRef(false);
  if (!askedReadRef.current) {
    askedReadRef.current = true;
    askedRef.current = takeLinkedTab();
  }
  // How the next change of active tab reaches the address: the first one rewrites the entry the page loaded with.
  const addressModeRef = useRef<'push' | 'replace'>('replace');

  const homeItem = menu?.items.find((item) => item.id === HOME_TAB_ID);
  useEffect(() => {
    if (homeItem) dispatch({ type: 'setHome', tab: tabFromMenuItem(homeItem) });
  }, [homeItem]);

  useEffect(() => {
    if (!menu) return;
    const held = heldTabs(menu.items);
    heldRef.current = held;
    dispatch({ type: 'reconcile', held });
    const asked = askedRef.current;
    askedRef.current = null;
    if (asked === null || asked === stateRef.current.activeId) return;
    const tab = held.get(asked);
    if (tab && !opensExternally(tab)) {
      addressModeRef.current = 'replace';
      dispatch({ type: 'open', tab });
    } else {
      writeTabToLocation(stateRef.current.activeId, 'replace');
      if (asked !== HOME_TAB_ID) sayNotHeld(asked);
    }
  }, [menu]);

  useEffect(() => {
    const mode = addressModeRef.current;
    addressModeRef.current = 'push';
    // Until the menu settles a linked tab, the address keeps asking for it.
    if (askedRef.current !== null && askedRef.current !== state.activeId) {
      addressModeRef.current = mode;
      return;
    }
    writeTabToLocation(state.activeId, mode);
  }, [state.activeId]);

  useEffect(() => {
    saveTabs(userId, { tabs: state.tabs, activeId: state.activeId });
  }, [userId, state.tabs, state.activeId]);

  // Back and forward: the address already shows the tab, so the change is not written again.
  useEffect(() => {
    function onPopState() {
      const id = tabIdFromLocation();
      const current = stateRef.current;
      if (id === null || id === current.activeId) return;
      if (current.tabs.some((t) => t.id === id)) {
        dispatch({ type: 'activate', id });
        return;
      }
      const tab = heldRef.current?.get(id);
      if (tab && !opensExternally(tab)) {
        dispatch({ type: 'open', tab });
        return;
      }
      writeTabToLocation(current.activeId, 'replace');
      sayNotHeld(id);
    }
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

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
  const closeTab = useCallback((id: number) => {
    // Closing the active tab replaces its history entry: back should not reopen what was just closed.
    if (id === stateRef.current.activeId) addressModeRef.current = 'replace';
    dispatch({ type: 'close', id });
  }, []);
  const closeAllTabs = useCallback(() => {
    addressModeRef.current = 'replace';
    dispatch({ type: 'closeAll' });
  }, []);

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
