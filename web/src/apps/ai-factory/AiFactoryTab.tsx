import { AI_FACTORY_URL_TAB_ID } from '@hangar/contract';
import type { AppProps } from '../registry';
import { AppFrame } from './AppFrame';
import { appNameOf } from './api';
import { UrlScreen } from './UrlScreen';

/** Tabs 999–1013: the URL screen (999), or the app the tab names. */
export function AiFactoryTab({ tab }: AppProps) {
  if (tab.id === AI_FACTORY_URL_TAB_ID) return <UrlScreen />;
  return <AppFrame tabId={tab.id} appName={appNameOf(tab.id)} title={tab.title} />;
}
