// Computes the question bank's expected answers straight from the demo warehouse's Parquet files
// with the hand-written DuckDB SQL of each question (views.ts), never through the semantic layer
// or the compiler, and writes them to bank-expected.json. Run after changing the bank or the demo
// data (it builds the demo warehouse: a few minutes):
//   npx node server/src/features/analytics/question-bank/compute-expected.ts

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { buildDemoWarehouse, PINNED_TODAY } from '../question-set/demo-warehouse.ts';
import { BANK, isHeldOut } from './index.ts';
import { type AnsweredBankQuestion, isRefusal } from './types.ts';
import { FX_TABLES, FX_VIEW, VIEWS } from './views.ts';

export interface BankExpectedAnswer {
  columns: string[];
  rows: (string | number | null)[][];
}
export interface BankExpectedFile {
  pinnedToday: string;
  /**
   * Where the rates to the euro came from: the warehouse's FX_RATES files, or, while the demo
   * warehouse has none, euros only (rate 1): a question whose answer depends on another
   * currency's rate is then pending, not answered.
   */
  fxRates: 'FX_RATES' | 'euro only';
  answers: Record<string, BankExpectedAnswer>;
  /** Answered questions not computable yet, with the reason (other currencies without FX_RATES). */
  pending: Record<string, string>;
  /** A hash of each answered question's SQL: the test tells a file computed for other SQL. */
  sqlHashes: Record<string, string>;
  /** The held-out test part's ids, as the split rule (index.ts) gave them. */
  testPart: string[];
}

export const sqlHash = (q: AnsweredBankQuestion) =>
  createHash('sha256')
    .update(`${q.sql}\n${q.ordered ? 'ordered' : ''}`)
    .digest('hex')
    .slice(0, 16);

const cell = (v: unknown): string | number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' || typeof v === 'bigint' || typeof v === 'object' ? Number(String(v)) : Number.NaN;
  // Six decimals are more than the answers show, and keep the file readable.
  return Number.isFinite(n) ? Math.round(n * 1e6) / 1e6 : String(v);
};

const readsFx = (q: AnsweredBankQuestion) => /\bfx\b/.test(q.sql);

async function run(db: DuckDBConnection, sql: string): Promise<BankExpectedAnswer> {
  const reader = await db.runAndReadAll(sql);
  return { columns: reader.columnNames(), rows: reader.getRows().map((r) => r.map(cell)) };
}

/** While the warehouse has no FX_RATES: euros at 1, every other currency at `probe`. */
const provisionalFx = (probe: number) => `CREATE OR REPLACE VIEW fx AS
  SELECT DISTINCT bu, period, currency, CASE WHEN currency = 'EUR' THEN 1.0 ELSE ${probe} END AS rate_to_eur
  FROM (${FX_TABLES.map((t) => `SELECT bu, period, currency FROM ${t}`).join(' UNION ALL ')})`;

/** Runs every answered question's SQL over the warehouse files under `filesDir`. */
export async function computeBankExpected(filesDir: string): Promise<Omit<BankExpectedFile, 'pinnedToday'>> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const glob = (p: string) => path.join(filesDir, 'warehouse', '*', p, '*', '*', '*.parquet');
  try {
    for (const [name, view] of Object.entries(VIEWS)) {
      await db.run(
        `CREATE VIEW ${name} AS SELECT bu, ${view.columns}
         FROM read_parquet('${glob(view.path)}', hive_partitioning = true, union_by_name = true)`,
      );
    }
    const fxFiles = Number((await db.runAndReadAll(`SELECT count(*) FROM glob('${glob(FX_VIEW.path)}')`)).getRows()[0]![0]);
    const fxRates = fxFiles > 0 ? 'FX_RATES' : 'euro only';
    if (fxRates === 'FX_RATES') {
      await db.run(
        `CREATE VIEW fx_files AS SELECT bu, ${FX_VIEW.columns}
         FROM read_parquet('${glob(FX_VIEW.path)}', hive_partitioning = true, union_by_name = true)`,
      );
      // A euro is a euro: its rate is 1 whether or not the BU's file lists it.
      await db.run(
        `CREATE VIEW fx AS SELECT bu, period, currency, rate_to_eur FROM fx_files
         UNION ALL SELECT DISTINCT bu, period, 'EUR', 1.0 FROM (${FX_TABLES.map((t) => `SELECT bu, period FROM ${t}`).join(' UNION ALL ')}) t
         WHERE NOT EXISTS (SELECT 1 FROM fx_files f WHERE f.bu = t.bu AND f.period = t.period AND f.currency = 'EUR')`,
      );
      // A row without its rate would drop out of the join silently.
      const uncovered = await run(
        db,
        `${FX_TABLES.map((t) => `SELECT DISTINCT bu, period, currency FROM ${t}`).join(' UNION ')}
         EXCEPT SELECT bu, period, currency FROM fx`,
      );
      if (uncovered.rows.length) throw new Error(`FX_RATES has no rate for ${JSON.stringify(uncovered.rows.slice(0, 5))}`);
    }

    const answers: Record<string, BankExpectedAnswer> = {};
    const pending: Record<string, string> = {};
    const sqlHashes: Record<string, string> = {};
    for (const q of BANK) {
      if (isRefusal(q)) continue;
      sqlHashes[q.id] = sqlHash(q);
      let answer: BankExpectedAnswer;
      if (fxRates === 'euro only' && readsFx(q)) {
        // The answer holds only when no other currency's rate changes it.
        await db.run(provisionalFx(1));
        const one = await run(db, q.sql);
        await db.run(provisionalFx(2));
        const two = await run(db, q.sql);
        const sorted = (a: BankExpectedAnswer) => JSON.stringify(a.rows.map((r) => JSON.stringify(r)).sort());
        if (sorted(one) !== sorted(two)) {
          pending[q.id] = 'amounts in other currencies than the euro, and no FX_RATES in the demo warehouse yet';
          continue;
        }
        answer = one;
      } else {
        answer = await run(db, q.sql);
      }
      if (!answer.rows.some((r) => r.at(-1) !== null)) throw new Error(`${q.id} has no expected rows: the question would test nothing`);
      if (q.ordered) {
        // A top N cut between two equal values has no single right answer.
        const limit = /LIMIT (\d+)\s*$/.exec(q.sql);
        if (!limit) throw new Error(`${q.id} is ordered but ends with no LIMIT`);
        const more = await run(db, q.sql.replace(/LIMIT \d+\s*$/, `LIMIT ${Number(limit[1]) + 1}`));
        const [last, next] = [more.rows[Number(limit[1]) - 1], more.rows[Number(limit[1])]];
        if (last && next && last.at(-1) === next.at(-1)) throw new Error(`${q.id}: a tie at the cut of the top ${limit[1]}`);
      } else {
        answer.rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      }
      answers[q.id] = answer;
    }
    return { fxRates, answers, pending, sqlHashes, testPart: BANK.filter((q) => isHeldOut(q.id)).map((q) => q.id) };
  } finally {
    db.closeSync();
  }
}

if (import.meta.main) {
  const warehouse = await buildDemoWarehouse();
  try {
    const expected: BankExpectedFile = {
      pinnedToday: PINNED_TODAY.toISOString().slice(0, 10),
      ...(await computeBankExpected(warehouse.filesDir)),
    };
    const out = path.join(import.meta.dirname, 'bank-expected.json');
    await writeFile(out, JSON.stringify(expected));
    execFileSync(path.join(process.cwd(), 'node_modules', '.bin', 'biome'), ['format', '--write', out], { stdio: 'ignore' });
    console.log(
      `${Object.keys(expected.answers).length} expected answers, ${Object.keys(expected.pending).length} pending (rates: ${expected.fxRates}), ` +
        `${expected.testPart.length} of ${BANK.length} questions held out: ${out}`,
    );
  } finally {
    await warehouse.app.close();
  }
}
