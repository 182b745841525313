import type { AppContext } from '../../platform/context.ts';
import type { ModelDefinition } from '../../providers/llm/catalogue.ts';
import type { Answer } from './answer.ts';
import type { AnswerStatus, ChatStore } from './store.ts';

/**
 * Channels of the event bus: "answer {id} changed", "stop answer {id}", and "a reader on another
 * process follows answer {id}" (only then does its producer write every FLUSH_MS and signal).
 */
export const ANSWER_CHANNEL = 'chat-answer';
export const STOP_CHANNEL = 'chat-stop';
export const WATCH_CHANNEL = 'chat-watch';
/** A followed answer: the text so far is written this often while chunks arrive, and at least every HEARTBEAT_MS. */
const FLUSH_MS = 150;
const HEARTBEAT_MS = 1000;
/** An answer nobody follows from elsewhere: its text and heartbeat are written this often, without a signal. */
export const QUIET_WRITE_MS = 2000;
/** A streaming answer not written for this long lost its process (it is written at least every QUIET_WRITE_MS). */
export const STALE_MS = 30_000;

const SWEEP_MS = 60_000;

/** Fails every answer left streaming by a dead process and releases its whole hold (nothing was settled for it). */
export async function sweepStaleAnswers(ctx: AppContext, store: ChatStore): Promise<number> {
  try {
    const stale = await store.failAllStale(STALE_MS);
    for (const { id, reservationId } of stale) {
      if (reservationId) await ctx.credits.release(reservationId).catch(() => {});
      await ctx.events.publish(ANSWER_CHANNEL, String(id)).catch(() => {});
    }
    if (stale.length) ctx.app.log.info({ answers: stale.length }, 'answers left by a stopped process were marked failed');
    return stale.length;
  } catch (err) {
    ctx.app.log.warn({ err }, 'the sweep of stale answers failed');
    return 0;
  }
}

export const SHUTDOWN_TEXT = 'The portal restarted while answering. Please ask again.';

export interface AnswerEnd {
  status: AnswerStatus;
  cost: number;
  /** Shown after the answer: why it failed or was cut. */
  errorText: string | null;
  /** The upstream failed before any text: the asking request answers with an HTTP error instead. */
  failedBeforeText: unknown;
}

export type AnswerEvent = { type: 'text'; text: string } | { type: 'end'; end: AnswerEnd };

export interface AnswerJob {
  messageId: number;
  userId: string;
  sessionId: string;
  model: ModelDefinition;
  stream: Answer;
  abort: AbortController;
  reservation: string | null;
  heldCredits: number;
  newTitle: string | null;
  /** Turns an upstream failure into the spec's chat error text. */
  errorText: (err: unknown) => string;
  cutText: string;
}

/**
 * Produces answers independently of the request that asked (issue 13.2): the text is written to
 * the answer's row as it grows, so a reloaded page or another process can follow it; only Stop
 * (any process, by the bus or the row's flag) or the upstream timeout end it early. Listeners in
 * this process (the asking request) get the text as it comes.
 */
interface Running {
  abort: (reason: 'stop' | 'shutdown') => void;
  done: Promise<AnswerEnd>;
  /** The text produced so far. */
  text: () => string;
  /** A reader on another process follows it: write and signal every FLUSH_MS from now on. */
  watch: () => void;
  followers: Set<(event: AnswerEvent) => void>;
}

/** What the writes of one answer being produced need to know. */
interface Producer {
  messageId: number;
  text: string;
  /** A reader on another process follows it: written and signalled as it grows. */
  watched: boolean;
  flushedLength: number;
  writtenAt: number;
  /** The write under way, which the answer's end waits for. */
  flushing: Promise<void> | null;
  stop: () => void;
}

export function createAnswerRunner(ctx: AppContext, store: ChatStore) {
  const running = new Map<number, Running>();
  const unsubscribeStop = ctx.events.subscribe(STOP_CHANNEL, (payload) => running.get(Number(payload))?.abort('stop'));
  const unsubscribeWatch = ctx.events.subscribe(WATCH_CHANNEL, (payload) => running.get(Number(payload))?.watch());
  // Answers whose process died are failed and their holds given back even if nobody reopens them.
  const sweeper = setInterval(() => void sweepStaleAnswers(ctx, store), SWEEP_MS);
  sweeper.unref();
  ctx.app.addHook('preClose', async () => {
    clearInterval(sweeper);
    unsubscribeStop();
    unsubscribeWatch();
    const all = [...running.values()];
    for (const r of all) r.abort('shutdown');
    await Promise.allSettled(all.map((r) => r.done));
  });

  // Signals cost a statement and reach every process: only sent once a reader elsewhere asked.
  const notify = (p: Producer) => (p.watched ? ctx.events.publish(ANSWER_CHANNEL, String(p.messageId)).catch(() => {}) : undefined);

  /**
   * Writes the answers due in one statement: with 200 answers streaming, the quiet writes alone are
   * 100 a second, and one statement per answer made bursts that new questions queued behind.
   */
  function write(batch: Producer[]): Promise<void> {
    const lengths = batch.map((p) => p.text.length);
    const writtenAt = Date.now();
    for (const p of batch) p.writtenAt = writtenAt;
    const written = store
      .flushAnswers(batch.map((p) => ({ id: p.messageId, text: p.text })))
      .catch(async () => {
        // A text the batch's JSON cannot carry (a lone surrogate, say) must not keep the others
        // unwritten: each on its own, as a text parameter (stored with U+FFFD). A database that
        // refuses everything refuses these too, and each is logged.
        const stopped = new Set<number>();
        await Promise.all(
          batch.map((p, i) =>
            store.flushAnswer(p.messageId, p.text.slice(0, lengths[i])).then(
              ({ stopRequested }) => void (stopRequested && stopped.add(p.messageId)),
              (one) => ctx.app.log.warn({ err: one }, 'an answer could not be written'),
            ),
          ),
        );
        return stopped;
      })
      .then(async (stopped) => {
        await Promise.all(
          batch.map(async (p, i) => {
            if (lengths[i] !== p.flushedLength) await notify(p);
            p.flushedLength = lengths[i]!;
            if (stopped.has(p.messageId)) p.stop();
          }),
        );
      })
      .catch((err) => ctx.app.log.warn({ err }, 'an answer could not be written'))
      .finally(() => {
        for (const p of batch) if (p.flushing === written) p.flushing = null;
      });
    for (const p of batch) p.flushing = written;
    return written;
  }

  // One timer for every answer produced here: each tick writes those due, together.
  const producers = new Set<Producer>();
  let ticker: NodeJS.Timeout | null = null;
  const tick = () => {
    const now = Date.now();
    const due: Producer[] = [];
    for (const p of producers) {
      if (p.flushing) continue;
      const since = now - p.writtenAt;
      if (p.watched ? p.text.length !== p.flushedLength || since >= HEARTBEAT_MS : since >= QUIET_WRITE_MS) due.push(p);
    }
    if (due.length) void write(due);
  };
  const produce = (p: Producer) => {
    producers.add(p);
    ticker ??= setInterval(tick, FLUSH_MS);
  };
  const produced = (p: Producer) => {
    producers.delete(p);
    if (producers.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };

  function start(job: AnswerJob, listener: (event: AnswerEvent) => void): Promise<AnswerEnd> {
    let stopReason: 'stop' | 'shutdown' | null = null;
    const abort = (reason: 'stop' | 'shutdown') => {
      stopReason ??= reason;
      job.abort.abort();
    };
    const producer: Producer = {
      messageId: job.messageId,
      text: '',
      watched: false,
      flushedLength: 0,
      writtenAt: Date.now(),
      flushing: null,
      stop: () => abort('stop'),
    };
    produce(producer);
    const watch = () => {
      if (producer.watched) return;
      producer.watched = true;
      // Written and signalled now, so the reader that asked catches up at once.
      producer.flushedLength = -1;
      if (!producer.flushing) void write([producer]);
    };
    const followers = new Set<(event: AnswerEvent) => void>();
    const tell = (event: AnswerEvent) => {
      listener(event);
      for (const follower of followers) follower(event);
    };

    const done = (async (): Promise<AnswerEnd> => {
      let failure: unknown = null;
      try {
        for await (const chunk of job.stream.chunks) {
          producer.text += chunk;
          tell({ type: 'text', text: chunk });
        }
      } catch (err) {
        failure = err;
      } finally {
        produced(producer);
      }
      await producer.flushing;
      const text = producer.text;
      const { model, reservation } = job;
      if (failure && !text && !stopReason) {
        // Failed before any text: no answer row, the error line, and the hold back.
        const errorText = job.errorText(failure);
        await Promise.all([
          reservation && ctx.credits.release(reservation),
          store.finishAnswer(job.userId, job.sessionId, [{ role: 'error', text: errorText, model: model.id }], job.newTitle, undefined, {
            id: job.messageId,
            drop: true,
          }),
        ]);
        return { status: 'failed', cost: 0, errorText, failedBeforeText: failure };
      }
      const usage = await job.stream.usage();
      // Never more than the hold (the ledger caps it too); a free answer holds nothing and costs nothing.
      const cost = reservation
        ? Math.min(job.heldCredits, (usage.inputTokens * model.priceIn + usage.outputTokens * model.priceOut) / 1000)
        : 0;
      const status: AnswerStatus =
        stopReason === 'stop' ? 'stopped' : stopReason || failure ? 'failed' : job.stream.cut() ? 'cut' : 'complete';
      const errorText =
        stopReason === 'shutdown' ? SHUTDOWN_TEXT : failure && !stopReason ? job.errorText(failure) : status === 'cut' ? job.cutText : null;
      const settle = reservation
        ? ctx.credits.settling(reservation, cost, { model: model.id, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens })
        : undefined;
      await store.finishAnswer(
        job.userId,
        job.sessionId,
        errorText ? [{ role: 'error', text: errorText, model: model.id }] : [],
        job.newTitle,
        settle,
        { id: job.messageId, text, status, creditMilli: Math.round(cost * 1000) },
      );
      await notify(producer);
      return { status, cost, errorText, failedBeforeText: null };
    })();

    const entry: Running = {
      abort,
      text: () => producer.text,
      watch,
      followers,
      done: done
        .catch((err): AnswerEnd => {
          ctx.app.log.error({ err }, 'an answer could not be finished');
          return { status: 'failed', cost: 0, errorText: job.errorText(err), failedBeforeText: null };
        })
        .then((end) => {
          tell({ type: 'end', end });
          return end;
        })
        .finally(() => running.delete(job.messageId)),
    };
    running.set(job.messageId, entry);
    return entry.done;
  }

  return {
    start,
    /**
     * Follows an answer produced here, without the database: the text so far, then every event
     * (the end once its row is written). Null when it is not produced here (any more).
     */
    follow(messageId: number, follower: (event: AnswerEvent) => void): { text: string; unfollow: () => void } | null {
      const r = running.get(messageId);
      if (!r) return null;
      r.followers.add(follower);
      return { text: r.text(), unfollow: () => r.followers.delete(follower) };
    },
    /** Stops an answer produced here; false when another process produces it (then the bus and the row's flag do). */
    stopHere(messageId: number): boolean {
      const r = running.get(messageId);
      r?.abort('stop');
      return !!r;
    },
  };
}

export type AnswerRunner = ReturnType<typeof createAnswerRunner>;

/** Events handed from the producer to one reader; null once closed and drained. */
export function eventQueue<T>() {
  const items: T[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  return {
    push(item: T) {
      if (closed) return;
      items.push(item);
      wake?.();
      wake = null;
    },
    close() {
      closed = true;
      wake?.();
      wake = null;
    },
    /** What is queued now, without waiting (the reader catching up writes it at once). */
    drain(): T[] {
      return items.splice(0);
    },
    async next(): Promise<T | null> {
      while (!items.length) {
        if (closed) return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      return items.shift()!;
    },
  };
}
