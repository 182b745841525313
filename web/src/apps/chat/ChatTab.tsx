import { useMenu } from '../../shell/menu/useMenu';
import { HomeApp } from '../home/HomeApp';
import type { AppProps } from '../registry';
import { ChatApp } from './ChatApp';
import { CHAT_TAB_ID } from './constants';

/**
 * Tab 9. Users with the chat in their menu (SecuredGPT or ChatBot_SDH) get the chat, whose empty
 * state carries the home content; everyone else keeps the plain home page.
 */
export function ChatTab(props: AppProps) {
  const { data: menu } = useMenu();
  const hasChat = menu?.items.some((item) => item.id === CHAT_TAB_ID) ?? false;
  return hasChat ? <ChatApp {...props} /> : <HomeApp {...props} />;
}
