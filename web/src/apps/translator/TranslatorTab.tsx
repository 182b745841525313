import { useCredits } from '../../shell/credits/CreditsProvider';
import type { AppProps } from '../registry';
import { TranslatorScreen } from './TranslatorScreen';

/** Tab 3: the translator with the portal's live balance. */
export function TranslatorTab(_props: AppProps) {
  const credits = useCredits();
  return <TranslatorScreen remainingCredit={credits.remaining} onCreditsChanged={() => void credits.refresh()} />;
}
