// Computes the question set's expected answers straight from the demo warehouse's Parquet files
// with hand-written DuckDB SQL (questions.ts), never through the semantic layer or the compiler,
// and writes them to expected.json. Run after changing the questions or the demo data:
//   npx node server/src/features/analytics/question-set/compute-expected.ts
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildDemoWarehouse, PINNED_TODAY } from './demo-warehouse.ts';
import { isClarified, QUESTIONS } from './questions.ts';

export interface ExpectedAnswer {
  columns: string[];
  rows: (string | number | null)[][];
}
export interface ExpectedFile {
  pinnedToday: string;
  answers: Record<string, ExpectedAnswer>;
}

/** Every table the questions read, as the pipeline leaves it under warehouse/bu=<BU>/use_case=<use case>/file_type=<TABLE>/period_month=<period>/version=<version>/. */
const VIEWS: Record<string, { path: string; columns: string }> = {
  traffic: {
    path: 'use_case=traffic/file_type=TRAFFIC_ACTUALS',
    columns: 'airline_code, CAST(month AS VARCHAR) AS month, departing_passengers, movements, seats',
  },
  ledger: {
    path: 'use_case=finance/file_type=GENERAL_LEDGER',
    columns: 'CAST(period AS VARCHAR) AS period, CAST(account AS VARCHAR) AS account, cost_center, amount, currency',
  },
  // The BUs' monthly exchange rates (issue 32): the ledger's amounts are in several currencies.
  fx: { path: 'use_case=finance/file_type=FX_RATES', columns: 'CAST(period AS VARCHAR) AS period, currency, rate_to_eur' },
  sales: { path: 'use_case=retail/file_type=EPOS_SALES', columns: 'shop_code, CAST(period AS VARCHAR) AS period, net_sales, transactions' },
  punctuality: {
    path: 'use_case=ops/file_type=PUNCTUALITY',
    columns: 'airline_code, CAST(period AS VARCHAR) AS period, flights, on_time_flights',
  },
  headcount: { path: 'use_case=hr/file_type=HEADCOUNT', columns: 'department_code, CAST(period AS VARCHAR) AS period, headcount' },
  audience: {
    path: 'use_case=communication/file_type=DIGITAL_AUDIENCE',
    columns: 'channel_code, CAST(period AS VARCHAR) AS period, visits',
  },
};

const cell = (v: unknown): string | number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' || typeof v === 'bigint' || typeof v === 'object' ? Number(String(v)) : Number.NaN;
  // Six decimals are more than the answers show, and keep the file readable.
  return Number.isFinite(n) ? Math.round(n * 1e6) / 1e6 : String(v);
};

/** Runs every answered question's SQL over the warehouse files under `filesDir`. */
export async function computeExpected(filesDir: string): Promise<Record<string, ExpectedAnswer>> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    for (const [name, view] of Object.entries(VIEWS)) {
      const glob = path.join(filesDir, 'warehouse', '*', view.path, '*', '*', '*.parquet');
      await db.run(
        `CREATE VIEW ${name} AS SELECT bu, ${view.columns}
         FROM read_parquet('${glob}', hive_partitioning = true, union_by_name = true)`,
      );
    }
    const answers: Record<string, ExpectedAnswer> = {};
    for (const q of QUESTIONS) {
      if (isClarified(q)) continue;
      const reader = await db.runAndReadAll(q.sql);
      const rows = reader.getRows().map((r) => r.map(cell));
      if (!q.ordered) rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      answers[q.id] = { columns: reader.columnNames(), rows };
      if (!answers[q.id]!.rows.length) throw new Error(`${q.id} has no expected rows: the question would test nothing`);
    }
    return answers;
  } finally {
    db.closeSync();
  }
}

if (import.meta.main) {
  const warehouse = await buildDemoWarehouse();
  try {
    const expected: ExpectedFile = {
      pinnedToday: PINNED_TODAY.toISOString().slice(0, 10),
      answers: await computeExpected(warehouse.filesDir),
    };
    const out = path.join(import.meta.dirname, 'expected.json');
    await writeFile(out, JSON.stringify(expected));
    // In the repository's format, so a change of the demo data reads as a short diff.
    execFileSync(path.join(process.cwd(), 'node_modules', '.bin', 'biome'), ['format', '--write', out], { stdio: 'ignore' });
    console.log(`${Object.keys(expected.answers).length} expected answers written to ${out}`);
  } finally {
    await warehouse.app.close();
  }
}
