import { type ComponentType, Suspense } from 'react';
import { useCredits } from '../shell/credits/CreditsProvider';
import { Spinner } from '../ui/Spinner';
import type { AppProps } from './registry';

/**
 * A tab whose screen (given lazy, so the portal's first load does not carry it) refreshes the
 * portal's live balance after each paid action.
 */
export function CreditScreenTab({ tab, screen: Screen }: AppProps & { screen: ComponentType<{ onCreditsChanged?: () => void }> }) {
  const credits = useCredits();
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${tab.title}...`} />
        </div>
      }
    >
      <Screen onCreditsChanged={() => void credits.refresh()} />
    </Suspense>
  );
}
