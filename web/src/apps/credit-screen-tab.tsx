import type { ComponentType } from 'react';
import { useCredits } from '../shell/credits/CreditsProvider';
import type { AppProps } from './registry';
import { TabLoading } from './TabLoading';

/**
 * A tab whose screen (given lazy, so the portal's first load does not carry it) refreshes the
 * portal's live balance after each paid action.
 */
export function CreditScreenTab({ tab, screen: Screen }: AppProps & { screen: ComponentType<{ onCreditsChanged?: () => void }> }) {
  const credits = useCredits();
  return (
    <TabLoading title={tab.title}>
      <Screen onCreditsChanged={() => void credits.refresh()} />
    </TabLoading>
  );
}
