import { type ComponentType, lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { AppProps } from '../registry';

// Loaded on first open: the governance screens (and DOMPurify) stay out of the main bundle.
const GovernanceApp = lazy(async () => ({ default: (await import('./GovernanceApp')).GovernanceApp }));
const OverviewApp = lazy(async () => ({ default: (await import('./overview/OverviewApp')).OverviewApp }));

function Loading({ App, ...props }: AppProps & { App: ComponentType<AppProps> }) {
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${props.tab.title}...`} />
        </div>
      }
    >
      <App {...props} />
    </Suspense>
  );
}

/** Tabs 51–57. */
export const GovernanceTab = (props: AppProps) => <Loading App={GovernanceApp} {...props} />;

/** Tabs 49 (Overview HQ) and 50 (Overview). */
export const OverviewTab = (props: AppProps) => <Loading App={OverviewApp} {...props} />;
