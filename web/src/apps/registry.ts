import { AI_FACTORY_APPS, GOV_TAB_IDS, TABS } from '@hangar/contract';
import type { ComponentType } from 'react';
import type { Tab } from '../shell/tabs/tabs-reducer';
import { AccessMonitoringTab, ApplicationRightsTab, DataAnalyticsTab, NotificationsTab, PermissionsTab, UserTab } from './admin';
import { AiFactoryTab } from './ai-factory';
import { AnalyticsTab } from './analytics';
import { ChatTab, MultidocsTab } from './chat';
import { DashboardsTab } from './dashboards';
import { GovernanceTab, OverviewTab } from './governance';
import { NotAvailableApp } from './NotAvailableApp';
import { SentimentTab } from './sentiment';
import { TranslatorTab } from './translator';
import { UserRightsApp } from './user-rights/UserRightsApp';

export interface AppProps {
  tab: Tab;
}

/** Tab id -> application. Each feature adds its tabs here when it ships. */
const APPS: ReadonlyMap<number, ComponentType<AppProps>> = new Map<number, ComponentType<AppProps>>([
  // The chat; its empty state keeps the home content, so tab 9 stays the portal's home.
  [9, ChatTab],
  [3, TranslatorTab],
  [4, SentimentTab],
  [6, AnalyticsTab],
  // Multi Docs is a mode of the chat: the tab switches the chat into it.
  [7, MultidocsTab],
  // The dashboard report screen: the HQ and BU strips (1, 2) and every dashboard of the menu.
  ...TABS.filter((t) => t.section === 'Dashboards HQ' || t.section === 'Dashboards BU').map((t) => [t.id, DashboardsTab] as const),
  [49, OverviewTab],
  [50, OverviewTab],
  ...Object.values(GOV_TAB_IDS).map((id) => [id, GovernanceTab] as const),
  ...AI_FACTORY_APPS.map((a) => [a.id, AiFactoryTab] as const),
  [69, ApplicationRightsTab],
  [70, UserTab],
  [71, PermissionsTab],
  [72, AccessMonitoringTab],
  [73, NotificationsTab],
  [74, DataAnalyticsTab],
  [75, UserRightsApp],
]);

export function appFor(tabId: number): ComponentType<AppProps> {
  return APPS.get(tabId) ?? NotAvailableApp;
}
