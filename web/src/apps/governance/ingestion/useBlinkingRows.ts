import { GOVERNANCE, type IngestionItem, type StageStatus } from '@hangar/contract';
import { useEffect, useRef, useState } from 'react';
import { rowKey } from './rows';

/** Rows whose loaded stage has just turned running blink for a while, so the user sees where the upload went. */
export function useBlinkingRows(items: readonly IngestionItem[]): ReadonlySet<string> {
  const previous = useRef(new Map<string, StageStatus>());
  const timers = useRef(new Map<string, number>());
  const [blinking, setBlinking] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    const before = previous.current;
    previous.current = new Map(items.map((item) => [rowKey(item), item.status.loaded]));
    // Only rows seen before can "turn" running; a first load that is already running does not blink.
    const started = items.filter(
      (item) => item.status.loaded === 'running' && before.has(rowKey(item)) && before.get(rowKey(item)) !== 'running',
    );
    if (started.length === 0) return;
    const keys = started.map(rowKey);
    setBlinking((current) => new Set([...current, ...keys]));
    for (const key of keys) {
      window.clearTimeout(timers.current.get(key));
      const timer = window.setTimeout(() => {
        timers.current.delete(key);
        setBlinking((current) => new Set([...current].filter((k) => k !== key)));
      }, GOVERNANCE.rowBlinkMs);
      timers.current.set(key, timer);
    }
  }, [items]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) window.clearTimeout(timer);
    };
  }, []);

  return blinking;
}
