import { DASHBOARD_SESSION_CHECK_SECONDS } from '@hangar/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { createSession, deleteSession, fetchSession } from './api';

export type SessionState =
  | { status: 'starting' }
  /** `endsAt`: when the session expires (ms since the epoch), once its start_time is known. */
  | { status: 'live'; id: string; endsAt?: number }
  | { status: 'failed'; message: string };

/** How long before the end the tab says the session is ending (issue 33: it ended without a word). */
export const ENDING_WARNING_MS = 5 * 60_000;

/** Spec section 4: a session expires this long after its start_time. */
export const expiresAt = (startTime: string, minutes: number) => Date.parse(startTime) + minutes * 60_000;

/**
 * The dashboard session of one open tab (spec section 4): created when the tab opens, checked
 * every 30 seconds; 35 minutes (the portal's `sessionMinutes`) after its start_time, or once the
 * server no longer knows it, it is deleted and `onExpired` closes the tab. Closing the tab ends it too.
 */
export function useDashboardSession(minutes: number | undefined, onExpired: () => void): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'starting' });
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;

  useEffect(() => {
    let id: string | null = null;
    let ended = false;
    createSession()
      .then(({ uuid }) => {
        if (ended) void deleteSession(uuid).catch(() => {});
        else {
          id = uuid;
          setState({ status: 'live', id: uuid });
        }
      })
      .catch((error: unknown) => {
        if (!ended) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      ended = true;
      if (id) void deleteSession(id).catch(() => {});
    };
  }, []);

  const liveId = state.status === 'live' ? state.id : null;
  useEffect(() => {
    if (!liveId || minutes === undefined) return;
    let stopped = false;
    const expire = () => {
      if (stopped) return;
      stopped = true;
      void deleteSession(liveId).catch(() => {});
      onExpiredRef.current();
    };
    const check = async () => {
      try {
        const { start_time } = await fetchSession(liveId);
        const endsAt = expiresAt(start_time, minutes);
        if (!stopped) setState((now) => (now.status === 'live' && now.id === liveId && now.endsAt !== endsAt ? { ...now, endsAt } : now));
        if (Date.now() >= endsAt) expire();
      } catch (error) {
        // Gone on the server (expired there first, or deleted): the tab closes the same way.
        if (error instanceof ApiError && error.status === 404) expire();
      }
    };
    // Checked at once (the tab learns when its session ends), then every 30 seconds.
    void check();
    const timer = setInterval(() => void check(), DASHBOARD_SESSION_CHECK_SECONDS * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [liveId, minutes]);

  return state;
}

/** Minutes left before `endsAt`, counted down each 15 s once the end is near; null until then. */
export function useMinutesLeft(endsAt: number | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [endsAt]);
  if (endsAt === undefined || endsAt - now > ENDING_WARNING_MS) return null;
  return Math.max(0, Math.ceil((endsAt - now) / 60_000));
}
