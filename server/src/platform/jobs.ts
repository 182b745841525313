import { type Job, PgBoss } from 'pg-boss';
import type { Database } from './db/client.ts';

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

interface Definition {
  queue: string;
  handler: (data: object) => Promise<void>;
  options: JobOptions;
}

export function createJobs(database: Database, log: { error(obj: object, msg: string): void }): Jobs {
  const definitions: Definition[] = [];
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;

  const connection = database.jobsConnection;
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
        await b.work(
          d.queue,
          { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: d.options.concurrency ?? 1 },
          async (jobs: Job<object>[]) => {
            for (const job of jobs) await d.handler(job.data);
          },
        );
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
    },
    async start() {
      await started();
    },
    async stop() {
      const b = boss ?? (starting ? await starting.catch(() => null) : null);
      boss = null;
      starting = null;
      await b?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
