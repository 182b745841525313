import { useMenu } from '../../shell/menu/useMenu';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { HomeApp } from '../home/HomeApp';
import type { AppProps } from '../registry';
import { ChatApp } from './ChatApp';
import { useClassicModeOnLeavingChat } from './chat-mode';
import { CHAT_TAB_ID } from './constants';

/**
 * Tab 9. Users with the chat in their menu (SecuredGPT or ChatBot_SDH) get the chat, whose empty
 * state carries the home content; everyone else keeps the plain home page.
 */
export function ChatTab(props: AppProps) {
  const { data: menu } = useMenu();
  useClassicModeOnLeavingChat(useTabs().activeId);
  const hasChat = menu?.items.some((item) => item.id === CHAT_TAB_ID) ?? false;
  return hasChat ? <ChatApp {...props} /> : <HomeApp {...props} />;
}
