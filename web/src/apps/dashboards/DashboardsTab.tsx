import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { AppProps } from '../registry';

// Loaded on first open (ECharts comes with the first chart): the portal's first load does not carry it.
const DashboardScreen = lazy(async () => ({ default: (await import('./DashboardScreen')).DashboardScreen }));

/** Tabs 1 and 2 (the HQ and BU strips), every dashboard tab 10–49, and the assistant-enabled 1111111. */
export function DashboardsTab({ tab }: AppProps) {
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${tab.title}...`} />
        </div>
      }
    >
      <DashboardScreen tab={tab} />
    </Suspense>
  );
}
