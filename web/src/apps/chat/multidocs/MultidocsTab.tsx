import { useEffect } from 'react';
import { useTabs } from '../../../shell/tabs/TabsProvider';
import { Spinner } from '../../../ui/Spinner';
import type { AppProps } from '../../registry';
import { CHAT_TAB_ID } from '../constants';
import { requestMultidocs } from './mode-request';

/** Tab 7: turns the chat's multi-docs mode on and hands over to the chat, closing itself. */
export function MultidocsTab({ tab }: AppProps) {
  const { activateTab, closeTab } = useTabs();
  useEffect(() => {
    requestMultidocs();
    activateTab(CHAT_TAB_ID);
    closeTab(tab.id);
  }, [activateTab, closeTab, tab.id]);
  return <Spinner label="Opening Multi Docs in the chat..." />;
}
