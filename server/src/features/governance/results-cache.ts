/**
 * The overview is read far more often than check results change. Answers are cached per scope for
 * a few seconds and dropped at once when this process records a result; another process's writes
 * show within the TTL. Concurrent requests for the same scope share one computation.
 */
const TTL_MS = 5000;
let version = 0;
const entries = new Map<string, { at: number; version: number; value: Promise<unknown> }>();

/** Grows each time this process records, restores or removes check results: other features' caches compare it. */
export const checkResultsVersion = (): number => version;

export function resultsChanged(): void {
  version++;
  entries.clear();
}

export function cachedResult<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.version === version && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  entries.set(key, { at: now, version, value });
  // A failure is not cached: the next request tries again.
  value.catch(() => entries.delete(key));
  if (entries.size > 1000) entries.delete(entries.keys().next().value as string);
  return value;
}
