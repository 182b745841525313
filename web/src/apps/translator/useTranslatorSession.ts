import type { TranslationConfig } from '@hangar/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearSession, fetchConfig, prepareSession } from './api';

export type TranslatorSession =
  | { status: 'loading' }
  | { status: 'ready'; sessionId: string; config: TranslationConfig }
  | { status: 'error'; message: string };

/**
 * Prepares a translator session and its configuration, and clears it when the screen goes away
 * (spec section 4: "Leaving the screen clears the session"): on unmount, and on pagehide when the
 * browser tab closes, where only a keepalive request still leaves.
 */
export function useTranslatorSession() {
  const [session, setSession] = useState<TranslatorSession>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt prepares a new session
  useEffect(() => {
    let cancelled = false;
    const leave = () => {
      if (current.current) clearSession(current.current);
      current.current = null;
    };
    setSession({ status: 'loading' });
    prepareSession()
      .then(async (sessionId) => {
        if (cancelled) {
          clearSession(sessionId);
          return;
        }
        current.current = sessionId;
        const config = await fetchConfig(sessionId);
        if (!cancelled) setSession({ status: 'ready', sessionId, config });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('The translator session could not be prepared.', error);
        setSession({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    window.addEventListener('pagehide', leave);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** Re-reads the configuration of the same session (the allowed methods change with the credit). */
  const reloadConfig = useCallback(() => {
    const sessionId = current.current;
    if (!sessionId) return;
    fetchConfig(sessionId).then(
      (config) => setSession((s) => (s.status === 'ready' && s.sessionId === sessionId ? { ...s, config } : s)),
      (error: unknown) => console.warn('The translator configuration could not be reloaded.', error),
    );
  }, []);

  return { session, retry, reloadConfig };
}
