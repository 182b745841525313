import { type ComponentType, lazy, Suspense } from 'react';
import { useCredits } from '../shell/credits/CreditsProvider';
import { Spinner } from '../ui/Spinner';
import type { AppProps } from './registry';

type CreditScreen = ComponentType<{ onCreditsChanged?: () => void }>;

/**
 * A tab whose screen is loaded on its first open (the portal's first load does not carry it) and
 * refreshes the portal's live balance after each paid action.
 */
export function creditScreenTab(load: () => Promise<CreditScreen>): ComponentType<AppProps> {
  const Screen = lazy(async () => ({ default: await load() }));
  return function CreditScreenTab({ tab }: AppProps) {
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
  };
}
