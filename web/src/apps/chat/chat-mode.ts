import { useEffect, useRef, useSyncExternalStore } from 'react';
import { CHAT_TAB_ID } from './constants';

/**
 * The chat's mode (spec section 2): CLASSIC in tab 9; ASSISTANT_OPEN / ASSISTANT_CLOSE for the
 * assistant side panel inside dashboards. One per page, like the portal's tabs.
 */
export type ChatMode = 'CLASSIC' | 'ASSISTANT_OPEN' | 'ASSISTANT_CLOSE';

let mode: ChatMode = 'CLASSIC';
const listeners = new Set<() => void>();

export function setChatMode(next: ChatMode): void {
  if (next === mode) return;
  mode = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useChatMode(): ChatMode {
  return useSyncExternalStore(subscribe, () => mode);
}

/** Spec: leaving tab 9 returns the chat to classic mode. */
export function useClassicModeOnLeavingChat(activeId: number): void {
  const previous = useRef(activeId);
  useEffect(() => {
    if (previous.current === CHAT_TAB_ID && activeId !== CHAT_TAB_ID) setChatMode('CLASSIC');
    previous.current = activeId;
  }, [activeId]);
}
