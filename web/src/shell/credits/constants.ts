import { CREDITS, HOME_TAB_ID } from '@hangar/contract';

/** Tab ids of the apps that need GenAI credit: disabled in the menu at 0 or less (spec section 2). */
export const CREDIT_RESTRICTED_TAB_IDS: readonly number[] = CREDITS.restrictedTabIds;

/** The home tab (the chat, 9) stays reachable as the home page even without credit. */
export function isCreditRestrictedTab(tabId: number): boolean {
  return tabId !== HOME_TAB_ID && CREDIT_RESTRICTED_TAB_IDS.includes(tabId);
}

/** How often the balance is re-read while the portal is open (it is also re-read on focus). */
export const CREDIT_POLL_MS = 60_000;

/** Spec section 9: the thank-you view closes itself after 5 s, counting down. */
export const CREDIT_THANKS_SECONDS: number = CREDITS.thanksSeconds;

/** Title of a credit-restricted menu entry while the balance is exhausted. */
export const OUT_OF_CREDIT_TITLE = 'You have run out of credits';
