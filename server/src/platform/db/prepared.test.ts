import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import type { Database } from './client.ts';
import { composedStatements, executePrepared, part, plainQuery, preparedQuery } from './prepared.ts';
import { users } from './schema.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await testDatabase('/tmp'));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('preparedQuery', () => {
  it('binds every $n, nulls and json included, in order and repeated', async () => {
    const q = preparedQuery(
      database.db,
      'prepared_test_binding',
      "SELECT $2::text AS second, $1::bigint * 2 AS doubled, $3::jsonb -> 'a' AS a, $4::text IS NULL AS missing, $2::text || '!' AS again",
    );
    for (const n of [21, 5]) {
      const [row] = await q([n, "it's $1", JSON.stringify({ a: [1, 'x'] }), null]);
      // bigint comes back as text from node-postgres and as a number from PGlite.
      expect({ ...row, doubled: Number(row!.doubled) }).toEqual({
        second: "it's $1",
        doubled: n * 2,
        a: [1, 'x'],
        missing: true,
        again: "it's $1!",
      });
    }
  });

  if (!process.env.TEST_DATABASE_URL)
    console.info('Named prepared statements exist on PostgreSQL only: skipped here, run with TEST_DATABASE_URL.');
  it.runIf(process.env.TEST_DATABASE_URL)('is prepared under its name on the PostgreSQL connection that ran it', async () => {
    const q = preparedQuery(database.db, 'prepared_test_named', 'SELECT $1::int + 1 AS next');
    expect((await q([2]))[0]!.next).toBe(3);
    // The pool hands back the connection released last, so the next statements usually run on it;
    // a few tries cover the case where another connection answers.
    let prepared = 0;
    for (let i = 0; i < 10 && prepared === 0; i++) {
      await q([i]);
      const { rows } = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'prepared_test_named'`,
      )) as unknown as { rows: { n: number }[] };
      prepared = rows[0]!.n;
    }
    expect(prepared).toBe(1);
  });
});

describe('executePrepared', () => {
  const statement = (n: number, extra: boolean) =>
    sql`SELECT ${n}::int * 2 AS doubled, ${"it's"}::text AS said${extra ? sql`, ${'more'}::text AS extra` : sql``}`;

  it('answers a composed statement as drizzle would, for each of its shapes', async () => {
    for (const n of [1, 7]) {
      expect(await executePrepared(database.db, statement(n, false))).toEqual([{ doubled: n * 2, said: "it's" }]);
      expect(await executePrepared(database.db, statement(n, true))).toEqual([{ doubled: n * 2, said: "it's", extra: 'more' }]);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('prepares each distinct text once per connection, under a name of its own', async () => {
    const marker = `prepared_probe_${Date.now()}`;
    const probe = (n: number) => sql`SELECT ${n}::int AS n, ${marker}::text AS marker`;
    for (let i = 0; i < 10; i++) await executePrepared(database.db, probe(i));
    const { rows } = (await database.db.execute(
      sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE '%AS marker%' AND name LIKE 'hangar_%'`,
    )) as unknown as { rows: { name: string }[] };
    // The pool's connections each prepared it at most once, all under the same name.
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.name)).size).toBe(1);
  });
});

describe('composedStatements', () => {
  const HEAD = 'SELECT $?::int * 2 AS doubled, ';
  const SAID = '$?::text AS said';
  const EXTRA = ', $?::text AS extra, $?::int AS last';

  it("numbers the parts' parameters in order, for each combination of parts", async () => {
    const run = composedStatements(database.db);
    for (const n of [1, 7]) {
      expect(await run([part(HEAD, n), part(SAID, "it's $?")])).toEqual([{ doubled: n * 2, said: "it's $?" }]);
      expect(await run([part(HEAD, n), part(SAID, null), part(EXTRA, 'more', n + 1)])).toEqual([
        { doubled: n * 2, said: null, extra: 'more', last: n + 1 },
      ]);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('builds each combination once and prepares it under one name', async () => {
    const marker = `composed_probe_${Date.now()}`;
    const run = composedStatements(database.db);
    for (let i = 0; i < 10; i++) await run([part(`SELECT $?::int AS n, '${marker}'::text AS marker`, i)]);
    const { rows } = (await database.db.execute(
      sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`} AND name LIKE 'hangar_%'`,
    )) as unknown as { rows: { name: string }[] };
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.name)).size).toBe(1);
  });
});

describe('plainQuery', () => {
  const dialect = new PgDialect();

  it('gives the text and parameters PostgreSQL’s dialect gives a statement of templates and plain values', () => {
    const hold = sql`credit_hold AS (SELECT ${5}::numeric AS amount WHERE ${true} AND ${null}::text IS NULL)`;
    const statements = [
      sql`SELECT 1`,
      sql`SELECT ${'a'}::text, ${2.5}::numeric, ${false} AS off, ${null}::int AS none`,
      sql`WITH recent AS (SELECT ${'u'}::text AS u), ${hold} SELECT ${"it's $1"}::text${undefined} FROM recent, credit_hold`,
      sql`WITH ${sql.join([sql`a AS (SELECT ${1} AS x)`, sql`b AS (SELECT ${2} AS y)`], sql`, `)} SELECT ${3}, ${sql``}x FROM a, b`,
      sql`SELECT ${sql.raw('1')} + ${2}`,
    ];
    for (const statement of statements) {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      expect(plainQuery(statement)).toEqual({ sql: text, params });
    }
  });

  it('leaves to the dialect what it does not know: columns, tables, lists, dates and inlined parameters', () => {
    const others = [
      sql`SELECT ${users.email} FROM ${users}`,
      sql`SELECT 1 WHERE 2 IN ${[1, 2]}`,
      sql`SELECT ${new Date(0)}::timestamptz`,
      sql`SELECT ${'x'}`.inlineParams(),
      sql`SELECT ${sql`${'y'}`.inlineParams()}`,
      sql`SELECT ${sql.param(1)}`,
    ];
    for (const statement of others) expect(plainQuery(statement)).toBeNull();
  });
});
