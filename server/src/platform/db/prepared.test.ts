import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import type { Database } from './client.ts';
import { preparedQuery } from './prepared.ts';

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
