import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './db/client.ts';

/**
 * Small wake-up signals between portal processes ("answer 42 has more text"): the data itself
 * stays in the database. On PostgreSQL they travel by LISTEN/NOTIFY, so every process behind the
 * load balancer hears them; on PGlite (one process by construction) an in-process emitter is enough.
 * Signals can be missed (a reconnecting listener): readers also look at the database on a timer.
 */
export interface EventBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

const PG_CHANNEL = 'hangar_events';
const RECONNECT_MS = 1000;

export function createEventBus(database: Database, log: { warn(obj: object, msg: string): void }): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const subscribe = (channel: string, listener: (payload: string) => void) => {
    local.on(channel, listener);
    return () => local.off(channel, listener);
  };
  const connection = database.jobsConnection;
  if (database.kind !== 'postgres' || !('connectionString' in connection)) {
    return {
      publish: async (channel, payload) => {
        queueMicrotask(() => local.emit(channel, payload));
      },
      subscribe,
      close: async () => {
        local.removeAllListeners();
      },
    };
  }

  let closed = false;
  let client: pg.Client | null = null;
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: connection.connectionString });
    c.on('notification', (n) => {
      if (n.channel !== PG_CHANNEL || !n.payload) return;
      const at = n.payload.indexOf('\n');
      if (at > 0) local.emit(n.payload.slice(0, at), n.payload.slice(at + 1));
    });
    c.on('error', (err) => {
      log.warn({ err }, 'event listener connection lost; reconnecting');
      client = null;
      c.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${PG_CHANNEL}`);
      client = c;
    } catch (err) {
      log.warn({ err }, 'event listener could not connect; retrying');
      c.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    }
  };
  const ready = connect();

  return {
    publish: async (channel, payload) => {
      await database.db.execute(sql`SELECT pg_notify(${PG_CHANNEL}, ${`${channel}\n${payload}`})`);
    },
    subscribe,
    close: async () => {
      closed = true;
      await ready;
      local.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
