import { lazy, Suspense } from 'react';
import { useCredits } from '../../shell/credits/CreditsProvider';
import { Spinner } from '../../ui/Spinner';
import type { AppProps } from '../registry';

// Loaded on first open, like the governance screens: the portal's first load does not carry it.
const AnalyticsScreen = lazy(async () => ({ default: (await import('./AnalyticsScreen')).AnalyticsScreen }));

/** Tab 6: Talk to my data, with the portal's live balance refreshed after each question. */
export function AnalyticsTab({ tab }: AppProps) {
  const credits = useCredits();
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${tab.title}...`} />
        </div>
      }
    >
      <AnalyticsScreen onCreditsChanged={() => void credits.refresh()} />
    </Suspense>
  );
}
