import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

export const TOO_MANY_ANSWERS_TEXT = 'Too many answers at once. Wait for one to finish before asking again.';

// One count per built app (its ledger is built once in app.ts; the upload routes get a copy of the
// context, not of the ledger), so the chat and Multi Docs count the same answers.
const openByApp = new WeakMap<object, Map<string, number>>();

/**
 * The per-user cap on model answers streaming at once in this process (CHAT_MAX_CONCURRENT_STREAMS),
 * shared by the chat and Multi Docs: a user's answers count together, whichever feature asked.
 */
export function streamCap(ctx: AppContext) {
  let open = openByApp.get(ctx.credits);
  if (!open) {
    open = new Map();
    openByApp.set(ctx.credits, open);
  }
  const counts = open;
  return {
    /**
     * Counts one more answer for the user, at once (before any await, so parallel requests cannot
     * all pass the check), or refuses with 429 at the cap. The returned function ends it; calling
     * it again does nothing.
     */
    admit(userId: string): () => void {
      const now = counts.get(userId) ?? 0;
      if (now >= ctx.config.CHAT_MAX_CONCURRENT_STREAMS) throw new AppError('RATE_LIMITED', TOO_MANY_ANSWERS_TEXT);
      counts.set(userId, now + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        const left = (counts.get(userId) ?? 1) - 1;
        if (left > 0) counts.set(userId, left);
        else counts.delete(userId);
      };
    },
  };
}

export type StreamCap = ReturnType<typeof streamCap>;
