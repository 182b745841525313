import { DASHBOARD_SESSION_CHECK_SECONDS } from '@hangar/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { createSession, deleteSession, fetchSession } from './api';

export type SessionState = { status: 'starting' } | { status: 'live'; id: string } | { status: 'failed'; message: string };

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
        if (Date.now() >= expiresAt(start_time, minutes)) expire();
      } catch (error) {
        // Gone on the server (expired there first, or deleted): the tab closes the same way.
        if (error instanceof ApiError && error.status === 404) expire();
      }
    };
    const timer = setInterval(() => void check(), DASHBOARD_SESSION_CHECK_SECONDS * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [liveId, minutes]);

  return state;
}
