import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_LIMITS } from '../constants';

const distanceToBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

/**
 * Keeps a scrolling area at its bottom while content grows, as long as the reader is there
 * (within 2 px); shows a scroll-to-bottom button once they are further than 50 px away.
 */
export function useFollowBottom(ref: RefObject<HTMLElement | null>, content: unknown, enabled: boolean) {
  const following = useRef(true);
  const [away, setAway] = useState(false);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const distance = distanceToBottom(el);
    following.current = distance <= CHAT_LIMITS.bottomStickPx;
    setAway(distance > CHAT_LIMITS.bottomNearPx);
  }, [ref]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the content changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    if (following.current) el.scrollTop = el.scrollHeight;
    setAway(distanceToBottom(el) > CHAT_LIMITS.bottomNearPx);
  }, [content, enabled, ref]);

  const scrollToBottom = useCallback(
    (smooth = true) => {
      const el = ref.current;
      if (!el) return;
      following.current = true;
      if (smooth && typeof el.scrollTo === 'function') el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
      else el.scrollTop = el.scrollHeight;
      setAway(false);
    },
    [ref],
  );

  /** Back to the top (an empty conversation shows its greeting); content arriving later is followed. */
  const scrollToTop = useCallback(() => {
    const el = ref.current;
    following.current = true;
    setAway(false);
    if (el) el.scrollTop = 0;
  }, [ref]);

  return { onScroll: measure, showButton: enabled && away, scrollToBottom, scrollToTop };
}
