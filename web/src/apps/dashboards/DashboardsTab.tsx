import { lazy } from 'react';
import type { AppProps } from '../registry';
import { TabLoading } from '../TabLoading';

// Loaded on first open (ECharts comes with the first chart): the portal's first load does not carry it.
const DashboardScreen = lazy(async () => ({ default: (await import('./DashboardScreen')).DashboardScreen }));

/** Tabs 1 and 2 (the HQ and BU strips), every dashboard tab 10–49, and the assistant-enabled 1111111. */
export function DashboardsTab({ tab }: AppProps) {
  return (
    <TabLoading title={tab.title}>
      <DashboardScreen tab={tab} />
    </TabLoading>
  );
}
