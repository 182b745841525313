import type { AiFactoryAppStatus } from '@hangar/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { createSession, deleteSession, followSession, pingApp, wakeApp } from './api';
import { type BarState, StateBar } from './StateBar';

/**
 * An AI Factory app in its tab (spec "Streamlit screens"): pinged, given a session, embedded in a
 * same-origin iframe, and followed. A failed ping, or a session expired, not found or closed,
 * closes the tab (spec section 4); the app's own state shows in the bar above it.
 */
export function AppFrame({ tabId, appName, title }: { tabId: number; appName: string; title: string }) {
  const { closeTab } = useTabs();
  const [status, setStatus] = useState<AiFactoryAppStatus | null>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [waking, setWaking] = useState(false);
  const [streamError, setStreamError] = useState<string | null>(null);
  const [frameKey, setFrameKey] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const lastState = useRef<string | null>(null);
  // The app came back (woken, restarted): the frame is loaded again, since its page had failed.
  useEffect(() => {
    const now = status?.state ?? null;
    if (now === 'running' && lastState.current && lastState.current !== 'running') {
      setLoaded(false);
      setFrameKey((k) => k + 1);
    }
    lastState.current = now;
  }, [status?.state]);

  useEffect(() => {
    const abort = new AbortController();
    let sessionId: string | null = null;
    const close = (message: string) => {
      if (abort.signal.aborted) return;
      toast.error(message);
      closeTab(tabId);
    };
    (async () => {
      let first: AiFactoryAppStatus;
      try {
        first = await pingApp(appName);
      } catch (err) {
        return close(`${title} could not be reached: ${err instanceof Error ? err.message : 'the ping failed'}`);
      }
      if (abort.signal.aborted) return;
      setStatus(first);
      if (first.state === 'not_deployed') return;
      try {
        const session = await createSession(appName);
        sessionId = session.uuid;
        if (abort.signal.aborted) return void deleteSession(session.uuid);
        setSrc(session.url);
      } catch (err) {
        return close(`${title} could not be opened: ${err instanceof Error ? err.message : 'no session'}`);
      }
      await followSession(
        sessionId,
        (event) => {
          if (event.status === 'active') {
            setStreamError(null);
            if (event.app) setStatus((s) => (s ? { ...s, state: event.app!, reason: event.app === 'running' ? null : s.reason } : s));
          } else if (event.status === 'error') {
            setStreamError(event.error ?? 'The session could not be followed.');
          } else {
            const id = sessionId;
            sessionId = null;
            if (id) void deleteSession(id);
            close(event.error ?? `Your session of ${title} ended.`);
          }
        },
        abort.signal,
      );
    })();
    return () => {
      abort.abort();
      if (sessionId) void deleteSession(sessionId);
    };
  }, [appName, closeTab, tabId, title]);

  async function retry() {
    try {
      setStatus(await pingApp(appName));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The app could not be reached.');
    }
  }

  async function wake() {
    setWaking(true);
    try {
      setStatus(await wakeApp(appName));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The app could not be woken.');
    } finally {
      setWaking(false);
    }
  }

  const state: BarState = !status || (status.state === 'running' && !loaded) ? 'starting' : status.state;
  const reason = streamError ?? (state === 'starting' ? `Opening ${title}…` : (status?.reason ?? null));
  return (
    <div className="flex h-full flex-col">
      <StateBar title={title} state={state} reason={reason} onWake={wake} waking={waking} />
      {status?.state === 'not_deployed' ? (
        <div className="flex flex-1 items-center justify-center p-8">
          <div className="max-w-lg rounded-2xl border border-line bg-surface p-8 text-center">
            <h2 className="font-semibold text-lg">{title} is not deployed</h2>
            <p className="mt-2 text-fg-muted text-sm">{status.reason}</p>
          </div>
        </div>
      ) : status?.state === 'down' ? (
        <div className="flex flex-1 items-center justify-center p-8">
          <div className="max-w-lg rounded-2xl border border-line bg-surface p-8 text-center">
            <h2 className="font-semibold text-lg">{title} is down</h2>
            <p className="mt-2 text-fg-muted text-sm">{status.reason}</p>
            <button
              type="button"
              onClick={retry}
              className="mt-4 rounded-lg bg-brand px-4 py-1.5 font-medium text-sm text-white dark:bg-accent dark:text-page"
            >
              Try again
            </button>
          </div>
        </div>
      ) : (
        src && (
          <iframe
            key={frameKey}
            ref={frameRef}
            title={title}
            src={src}
            onLoad={() => setLoaded(true)}
            className="w-full flex-1 border-0 bg-white"
            allow="clipboard-write; fullscreen"
          />
        )
      )}
    </div>
  );
}
