import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { AppProps } from '../registry';

// Loaded on first open: the governance screens (and DOMPurify) stay out of the main bundle.
const GovernanceApp = lazy(async () => ({ default: (await import('./GovernanceApp')).GovernanceApp }));

/** Tabs 51–57. */
export function GovernanceTab(props: AppProps) {
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${props.tab.title}...`} />
        </div>
      }
    >
      <GovernanceApp {...props} />
    </Suspense>
  );
}
