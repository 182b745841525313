import { type Job, PgBoss } from 'pg-boss';
import type { Database } from './db/client.ts';
import type { EventBus } from './events.ts';

export interface JobOptions {
  /** Seconds before a running job is considered lost and retried. */
  expireInSeconds?: number;
  retryLimit?: number;
  /** Also run on this cron schedule (UTC). */
  cron?: string;
  /** Jobs of this queue one process runs at once (default 1): long jobs must not queue short ones behind them. */
  concurrency?: number;
}

/**
 * The background queue (pg-boss) in the portal's own database. On PGlite it runs through the
 * in-process connection; on PostgreSQL through its own pool, and any number of processes may work.
 */
export interface Jobs {
  /** Declares a queue and its handler; call before start(). */
  define<T extends object>(queue: string, handler: (data: T) => Promise<void>, options?: JobOptions): void;
  send<T extends object>(queue: string, data: T): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How often an idle worker looks for due jobs. A send wakes its queue's workers in every process
 * (0.5 s later, as the 0.5 s poll did), through the event bus ("jobs" with the queue's name: LISTEN
 * on PostgreSQL, in-process on PGlite), so the poll only finds retries, cron jobs coming due and
 * sends whose signal was lost. Five queues polled every 0.5 s cost about 5% of a core of an idle
 * PGlite server, and on PostgreSQL ten statements a second per process (most of an idle process's
 * CPU, which weighs when a process has a small share of a core).
 */
const POLL_SECONDS = { postgres: 5, pglite: 10 };
const WAKE_AFTER_SEND_MS = 500;
const JOBS_CHANNEL = 'jobs';

interface Definition {
  queue: string;
  handler: (data: object) => Promise<void>;
  options: JobOptions;
}

export function createJobs(database: Database, log: { error(obj: object, msg: string): void }, events: EventBus): Jobs {
  const definitions: Definition[] = [];
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;

  const connection = database.jobsConnection;
  const pollingIntervalSeconds = 'connectionString' in connection ? POLL_SECONDS.postgres : POLL_SECONDS.pglite;
  /** Each queue's workers in this process, woken by a send here and after each job (a backlog drains without waiting for a poll). */
  const workers = new Map<string, string[]>();
  const wake = (b: PgBoss, queue: string) => {
    for (const id of workers.get(queue) ?? []) b.notifyWorker(id);
  };
  events.subscribe(JOBS_CHANNEL, (queue) => {
    if (boss) wake(boss, queue);
  });
  const create = () =>
    'connectionString' in connection
      ? new PgBoss({ connectionString: connection.connectionString, schema: 'pgboss', max: 4 })
      : new PgBoss({ db: connection, schema: 'pgboss' });

  async function started(): Promise<PgBoss> {
    if (boss) return boss;
    starting ??= (async () => {
      const b = create();
      b.on('error', (err) => log.error({ err }, 'job queue error'));
      await b.start();
      for (const d of definitions) {
        await b.createQueue(d.queue, {
          expireInSeconds: d.options.expireInSeconds ?? 900,
          retryLimit: d.options.retryLimit ?? 2,
          retryDelay: 5,
          // A job whose worker died (a crash, a kill) is retried once its heartbeat lapses, not after expiry.
          heartbeatSeconds: 20,
        });
        // One worker per unit of concurrency, each with its own id to wake.
        const ids: string[] = [];
        workers.set(d.queue, ids);
        for (let i = 0; i < (d.options.concurrency ?? 1); i++) {
          let id = '';
          id = await b.work(d.queue, { pollingIntervalSeconds, batchSize: 1, localConcurrency: 1 }, async (jobs: Job<object>[]) => {
            try {
              for (const job of jobs) await d.handler(job.data);
            } finally {
              // Look for the next job as soon as this one is done, not a poll interval later.
              b.notifyWorker(id);
            }
          });
          ids.push(id);
        }
        if (d.options.cron) await b.schedule(d.queue, d.options.cron, {}, { tz: 'UTC' });
      }
      boss = b;
      return b;
    })();
    return starting;
  }

  return {
    define(queue, handler, options = {}) {
      definitions.push({ queue, handler: handler as (data: object) => Promise<void>, options });
    },
    async send(queue, data) {
      const b = await started();
      await b.send(queue, data);
      // Half a second later, the longest a job waited for the 0.5 s poll: routes that send a job and
      // then read its row (an upload answering "pending") see what they saw with the poll. Every
      // process's workers of the queue are woken; the first free one takes the job.
      setTimeout(() => void events.publish(JOBS_CHANNEL, queue).catch(() => wake(b, queue)), WAKE_AFTER_SEND_MS).unref();
    },
    async start() {
      await started();
    },
    async stop() {
      const b = boss ?? (starting ? await starting.catch(() => null) : null);
      boss = null;
      starting = null;
      workers.clear();
      await b?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
