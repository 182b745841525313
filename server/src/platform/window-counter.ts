/**
 * Counts events per key in fixed one-window buckets, in this process's memory (like the rate-limit
 * plugin's local store). `hit` answers whether the key is still within its budget.
 */
export function createWindowCounter(max: number, windowMs: number, maxKeys = 50_000) {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key: string): boolean {
      const now = Date.now();
      let bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= now) {
        if (!bucket && buckets.size >= maxKeys) {
          for (const [k, b] of buckets) if (b.resetAt <= now) buckets.delete(k);
          if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value as string);
        }
        bucket = { count: 0, resetAt: now + windowMs };
        buckets.set(key, bucket);
      }
      bucket.count++;
      return bucket.count <= max;
    },
  };
}
