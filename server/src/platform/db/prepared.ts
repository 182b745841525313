import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

interface NamedQueryPool {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

function pgPool(db: Db): NamedQueryPool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof client === 'object' && 'totalCount' in client ? (client as NamedQueryPool) : null;
}

/**
 * Runs one hot statement (`$1`, `$2`... placeholders) as a named prepared statement on
 * PostgreSQL: each pooled connection parses and plans it once instead of on every call, as
 * drizzle's `execute` does. On PGlite (one in-process connection) it runs as a plain query.
 */
export function preparedQuery(db: Db, name: string, text: string) {
  const pool = pgPool(db);
  const parts = text.split(/\$(\d+)/);
  return async (values: unknown[]): Promise<Record<string, unknown>[]> => {
    if (pool) return (await pool.query({ name, text, values })).rows;
    // PGlite: the same text with drizzle's parameters in place of $n.
    const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
    const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
}
