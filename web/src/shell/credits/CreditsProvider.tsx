import { CREDITS } from '@hangar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { logout } from '../../api/auth';
import { creditQueryKeys, fetchCreditLimit, fetchCreditRequestPending, fetchRemainingCredit } from '../../api/credits';
import { useTabs } from '../tabs/TabsProvider';
import { CREDIT_POLL_MS } from './constants';
import { creditRatio, isLowCredit } from './credit-math';

export interface CreditsState {
  /** The remaining balance; null until it has been read once. */
  remaining: number | null;
  /** The credit limit (CREDITS.defaultLimit until the profile says otherwise). */
  limit: number;
  /** remaining / limit; null until the balance is known. */
  pct: number | null;
  /** At or below the red threshold (20%). False while unknown. */
  isLow: boolean;
  /** Remaining credit is 0 or less: banner shown, restricted apps disabled. False while unknown. */
  isExhausted: boolean;
  /** A credit request of this user waits for a decision. */
  isPending: boolean;
  /** Re-reads balance, limit and request status; call it after anything that spends or grants credit. */
  refresh: () => Promise<void>;
  /** Records that a request was just sent, without waiting for the next status read. */
  markRequestPending: () => void;
}

const CreditsContext = createContext<CreditsState | null>(null);

const liveQuery = { refetchOnWindowFocus: true, staleTime: 5_000 } as const;

/** Reads the GenAI credit balance for the whole portal. Must sit inside <TabsProvider>. */
export function CreditsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { closeAllTabs } = useTabs();

  const balance = useQuery({
    queryKey: creditQueryKeys.balance,
    queryFn: fetchRemainingCredit,
    refetchInterval: CREDIT_POLL_MS,
    ...liveQuery,
  });
  const profile = useQuery({ queryKey: creditQueryKeys.profile, queryFn: fetchCreditLimit, ...liveQuery });
  // fetchCreditRequestPending never fails: a failed status read means "no pending request".
  const status = useQuery({
    queryKey: creditQueryKeys.status,
    queryFn: fetchCreditRequestPending,
    refetchInterval: CREDIT_POLL_MS,
    ...liveQuery,
  });

  // Spec section 8: "Credit fetch failure: logged and the user logged out", the way Logout Account does.
  const loggedOut = useRef(false);
  useEffect(() => {
    if (!balance.isError || loggedOut.current) return;
    loggedOut.current = true;
    console.error('The credit balance could not be read; signing out.', balance.error);
    closeAllTabs();
    void logout();
  }, [balance.isError, balance.error, closeAllTabs]);

  useEffect(() => {
    if (profile.isError) console.warn('The credit limit could not be read; using the default limit.', profile.error);
  }, [profile.isError, profile.error]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: creditQueryKeys.all }), [queryClient]);
  const markRequestPending = useCallback(() => queryClient.setQueryData(creditQueryKeys.status, true), [queryClient]);

  const remaining = balance.data ?? null;
  const limit = profile.data ?? CREDITS.defaultLimit;
  const isPending = status.data ?? false;
  const value = useMemo<CreditsState>(
    () => ({
      remaining,
      limit,
      pct: remaining === null ? null : creditRatio(remaining, limit),
      isLow: remaining !== null && isLowCredit(remaining, limit),
      isExhausted: remaining !== null && remaining <= 0,
      isPending,
      refresh,
      markRequestPending,
    }),
    [remaining, limit, isPending, refresh, markRequestPending],
  );
  return <CreditsContext value={value}>{children}</CreditsContext>;
}

export function useCredits(): CreditsState {
  const value = useContext(CreditsContext);
  if (!value) throw new Error('useCredits must be used inside <CreditsProvider>');
  return value;
}
