import { AppError } from '../errors.ts';

/**
 * Bounds password hashing: argon2 runs on libuv's few worker threads, which file and DNS work share,
 * so 500 parallel sign-ins once made the health check wait 6 s. At most `max` hashes run at once;
 * up to `queue` more wait their turn; beyond that a sign-in is asked to retry in a moment.
 */
export function createHashLimiter(max: number, queue = 200) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) {
      if (waiting.length >= queue) {
        throw new AppError('UNAVAILABLE', 'Too many people are signing in right now. Wait a few seconds, then try again.');
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export type HashLimiter = ReturnType<typeof createHashLimiter>;
