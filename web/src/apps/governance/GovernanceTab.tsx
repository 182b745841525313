import { type ComponentType, lazy } from 'react';
import type { AppProps } from '../registry';
import { TabLoading } from '../TabLoading';

// Loaded on first open: the governance screens (and DOMPurify) stay out of the main bundle.
const GovernanceApp = lazy(async () => ({ default: (await import('./GovernanceApp')).GovernanceApp }));
const OverviewApp = lazy(async () => ({ default: (await import('./overview/OverviewApp')).OverviewApp }));

function Loading({ App, ...props }: AppProps & { App: ComponentType<AppProps> }) {
  return (
    <TabLoading title={props.tab.title}>
      <App {...props} />
    </TabLoading>
  );
}

/** Tabs 51–57. */
export const GovernanceTab = (props: AppProps) => <Loading App={GovernanceApp} {...props} />;

/** Tabs 49 (Overview HQ) and 50 (Overview). */
export const OverviewTab = (props: AppProps) => <Loading App={OverviewApp} {...props} />;
