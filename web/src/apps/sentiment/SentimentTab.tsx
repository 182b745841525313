import { lazy, Suspense } from 'react';
import { useCredits } from '../../shell/credits/CreditsProvider';
import { Spinner } from '../../ui/Spinner';
import type { AppProps } from '../registry';

// Loaded on first open: the portal's first load does not carry it.
const SentimentScreen = lazy(async () => ({ default: (await import('./SentimentScreen')).SentimentScreen }));

/** Tab 4: Sentiment analysis on spreadsheets, with the portal's live balance refreshed after a model run. */
export function SentimentTab({ tab }: AppProps) {
  const credits = useCredits();
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${tab.title}...`} />
        </div>
      }
    >
      <SentimentScreen onCreditsChanged={() => void credits.refresh()} />
    </Suspense>
  );
}
