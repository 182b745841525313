import { lazy, type ReactNode } from 'react';
import type { AppProps } from '../registry';
import { TabLoading } from '../TabLoading';

// Admin tabs load on first open: admin screens (and ECharts) stay out of the main bundle.
const ApplicationRightsApp = lazy(async () => ({ default: (await import('./rights/ApplicationRightsApp')).ApplicationRightsApp }));
const UserAdminApp = lazy(async () => ({ default: (await import('./users/UserAdminApp')).UserAdminApp }));
const PermissionsApp = lazy(async () => ({ default: (await import('./groups/PermissionsApp')).PermissionsApp }));
const AccessMonitoringApp = lazy(async () => ({ default: (await import('./audit/AccessMonitoringApp')).AccessMonitoringApp }));
const NotificationsApp = lazy(async () => ({ default: (await import('./notifications/NotificationsApp')).NotificationsApp }));
const DataAnalyticsApp = lazy(async () => ({ default: (await import('./analytics/DataAnalyticsApp')).DataAnalyticsApp }));

function Loading({ tab, children }: AppProps & { children: ReactNode }) {
  return <TabLoading title={tab.title}>{children}</TabLoading>;
}

/** Tab 69. */
export const ApplicationRightsTab = (props: AppProps) => (
  <Loading {...props}>
    <ApplicationRightsApp {...props} />
  </Loading>
);
/** Tab 70. */
export const UserTab = (props: AppProps) => (
  <Loading {...props}>
    <UserAdminApp {...props} />
  </Loading>
);
/** Tab 71. */
export const PermissionsTab = (props: AppProps) => (
  <Loading {...props}>
    <PermissionsApp {...props} />
  </Loading>
);
/** Tab 72. */
export const AccessMonitoringTab = (props: AppProps) => (
  <Loading {...props}>
    <AccessMonitoringApp {...props} />
  </Loading>
);
/** Tab 73. */
export const NotificationsTab = (props: AppProps) => (
  <Loading {...props}>
    <NotificationsApp {...props} />
  </Loading>
);
/** Tab 74. */
export const DataAnalyticsTab = (props: AppProps) => (
  <Loading {...props}>
    <DataAnalyticsApp {...props} />
  </Loading>
);
