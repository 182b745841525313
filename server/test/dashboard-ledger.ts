import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { warehouseKey } from '../src/features/governance/warehouse-layout.ts';
import { govWarehouse } from '../src/platform/db/schema.ts';
import type { TestApp } from './harness.ts';

export interface LedgerMonth {
  bu: string;
  month: number;
  /** Revenue per cost centre (posted as credits on class-7 accounts). */
  revenue: Record<string, number>;
  expenses: number;
}

/**
 * Delivers (or re-delivers) one month of a BU's general ledger to a test app's warehouse: the
 * Parquet under a new object key and the registry row pointed at it, as the governance pipeline's
 * publish step does. Returns the local Parquet path, for computing the expected numbers directly.
 */
export async function deliverLedgerMonth(t: TestApp, dir: string, m: LedgerMonth): Promise<string> {
  const period = `2025-${String(m.month).padStart(2, '0')}`;
  const stem = `${m.bu}-${m.month}-${crypto.randomUUID()}`;
  const csv = path.join(dir, `${stem}.csv`);
  const parquet = path.join(dir, `${stem}.parquet`);
  const lines = ['journal_id,line,posting_date,period,account,cost_center,amount,currency,description'];
  let n = 0;
  for (const [cc, amount] of Object.entries(m.revenue)) lines.push(`JE-${++n},1,${period}-05,${period},706100,${cc},${-amount},EUR,Fees`);
  lines.push(`JE-${++n},1,${period}-06,${period},606000,CC-1,${m.expenses},EUR,Supplies`);
  lines.push(`JE-${++n},1,${period}-07,${period},411000,CC-1,${m.expenses},EUR,Receivable`);
  await writeFile(csv, lines.join('\n'));
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(
    `COPY (SELECT * REPLACE (CAST(amount AS DOUBLE) AS amount) FROM read_csv('${csv}', all_varchar=true)) TO '${parquet}' (FORMAT parquet)`,
  );
  db.closeSync();
  // Where processing puts a delivery (governance/warehouse-layout.ts).
  const key = warehouseKey({
    id: crypto.randomUUID(),
    bu: m.bu,
    useCase: 'Finance',
    fileType: 'GENERAL_LEDGER',
    version: '',
    year: Number(period.slice(0, 4)),
    month: Number(period.slice(5, 7)),
  });
  await t.ctx.store.put(key, createReadStream(parquet), 'application/vnd.apache.parquet');
  await t.ctx.db
    .insert(govWarehouse)
    .values({
      bu: m.bu,
      useCase: 'Finance',
      fileType: 'GENERAL_LEDGER',
      year: 2025,
      month: m.month,
      objectKey: key,
      rows: n,
      uploadId: crypto.randomUUID(),
    })
    .onConflictDoUpdate({
      target: [govWarehouse.bu, govWarehouse.useCase, govWarehouse.fileType, govWarehouse.version, govWarehouse.year, govWarehouse.month],
      set: { objectKey: key, rows: n, processedAt: sql`now()` },
    });
  return parquet;
}

/** Runs SQL directly in DuckDB (no portal code): the independent side of the comparisons. */
export async function duckdb(query: string): Promise<unknown[][]> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    return (await db.runAndReadAll(query)).getRows().map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
  } finally {
    db.closeSync();
  }
}
