import { CREDIT_TEXTS } from '@hangar/contract';
import { CircleAlert } from 'lucide-react';
import { useCredits } from './CreditsProvider';

/** Spec section 8: the out-of-credit banner above the portal's main area while remaining <= 0. */
export function CreditBanner() {
  const { isExhausted } = useCredits();
  if (!isExhausted) return null;
  return (
    <div
      role="alert"
      className="flex shrink-0 items-start gap-3 border-red-200 border-b bg-red-50 px-4 py-3 text-red-900 text-sm dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-300" aria-hidden />
      <p>{CREDIT_TEXTS.exhausted}</p>
    </div>
  );
}
