import { createHash } from 'node:crypto';
import { SQL, StringChunk, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

interface NamedQueryPool {
  totalCount: number;
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
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

/** A prepared statement's name, from its text: the same text gets the same name wherever it is built. */
const statementName = (text: string) => `hangar_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

/** Names given to statement texts so far (text → name); bounded, so texts built with varying literals cannot grow it without end. */
const names = new Map<string, string>();
const MAX_NAMED_TEXTS = 200;

/**
 * Runs a statement built with drizzle's `sql` as a named prepared statement on PostgreSQL, named
 * after a hash of its text: each pooled connection parses and plans each distinct text once (a
 * statement composed of optional parts has a few texts, each prepared once). The chat's opening
 * statement spent two thirds of its server time parsing and planning before this. On PGlite, and
 * once the bound on distinct texts is reached, it runs as drizzle's `execute` does.
 */
export async function executePrepared(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const pool = pgPool(db);
  if (!pool) return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const { sql: text, params } = plainQuery(query) ?? (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_TEXTS) {
    name = statementName(text);
    names.set(text, name);
  }
  return (await pool.query({ ...(name ? { name } : {}), text, values: params })).rows;
}

/**
 * The text and parameters of a statement written with `sql` templates only (text, nested `sql`,
 * and strings, numbers, booleans or nulls as values), as PostgreSQL's dialect would give them, or
 * null when it holds anything else (columns, tables, arrays, dates...), which the dialect compiles.
 * The dialect's general walk was a tenth of the chat's CPU per question.
 */
/** `sql.raw`-style inlining (`.inlineParams()`), which the dialect handles. */
const inlined = (query: SQL) => (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

export function plainQuery(query: SQL): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  let text = '';
  const walk = (chunks: unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if (inlined(chunk) || !walk(chunk.queryChunks)) return false;
      } else if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean') {
        params.push(chunk);
        text += `$${params.length}`;
      } else if (chunk !== undefined) return false;
    }
    return true;
  };
  return !inlined(query) && walk(query.queryChunks) ? { sql: text, params } : null;
}

/** A piece of a statement: text with its parameters written `$?`, and their values in order. */
export interface StatementPart {
  readonly text: string;
  readonly values: readonly unknown[];
}

export const part = (text: string, ...values: unknown[]): StatementPart => ({ text, values });

/**
 * Runs statements made of parts, as preparedQuery does: the parts' `$?` numbered in order, the
 * text built and named once per sequence of part texts rather than on every call, as `sql`
 * templates do (the chat's two statements per question allocated some 30 KB building the same
 * texts). The texts are looked up one part at a time, so they should be constants (their hashes
 * are then computed once); the number of statements kept is bounded all the same.
 */
export function composedStatements(db: Db) {
  type Run = (values: unknown[]) => Promise<Record<string, unknown>[]>;
  type Node = { next: Map<string, Node>; run?: Run };
  let root: Node = { next: new Map() };
  let statements = 0;
  const build = (parts: readonly StatementPart[]): Run => {
    let n = 0;
    const text = parts
      .map((p) => p.text)
      .join('')
      .replace(/\$\?/g, () => `$${++n}`);
    return preparedQuery(db, statementName(text), text);
  };
  return (parts: readonly StatementPart[]): Promise<Record<string, unknown>[]> => {
    let node = root;
    const values: unknown[] = [];
    for (const p of parts) {
      let next = node.next.get(p.text);
      if (!next) {
        next = { next: new Map() };
        node.next.set(p.text, next);
      }
      node = next;
      for (const v of p.values) values.push(v);
    }
    if (!node.run) {
      if (++statements > MAX_NAMED_TEXTS) {
        root = { next: new Map() };
        statements = 0;
      }
      node.run = build(parts);
    }
    return node.run(values);
  };
}
