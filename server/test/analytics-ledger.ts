import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { warehouseKey } from '../src/features/governance/warehouse-layout.ts';
import { govWarehouse } from '../src/platform/db/schema.ts';
import type { TestApp } from './harness.ts';

/**
 * Delivers one month of a BU's general ledger to a test app's warehouse (Parquet in the store and
 * its registry row), with one revenue line of `revenue` EUR: what Talk to my data reads. Returns
 * the delivery's upload id, for check results recorded against it.
 */
export async function deliverLedger(t: TestApp, dir: string, bu: string, month: number, revenue: number): Promise<string> {
  const period = `2025-${String(month).padStart(2, '0')}`;
  const csv = path.join(dir, `${bu}-${month}.csv`);
  const parquet = path.join(dir, `${bu}-${month}.parquet`);
  await writeFile(
    csv,
    [
      'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
      `JE-1,1,${period}-05,${period},706100,CC-1,${-revenue},EUR,Fees`,
      `JE-1,2,${period}-05,${period},411000,CC-1,${revenue},EUR,Fees`,
    ].join('\n'),
  );
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  await db.run(
    `COPY (SELECT * REPLACE (CAST(amount AS DOUBLE) AS amount) FROM read_csv('${csv}', all_varchar=true)) TO '${parquet}' (FORMAT parquet)`,
  );
  db.closeSync();
  // Where processing puts a delivery (governance/warehouse-layout.ts).
  const key = warehouseKey({
    id: crypto.randomUUID(),
    bu: bu,
    useCase: 'Finance',
    fileType: 'GENERAL_LEDGER',
    version: '',
    year: Number(period.slice(0, 4)),
    month: Number(period.slice(5, 7)),
  });
  await t.ctx.store.put(key, createReadStream(parquet), 'application/vnd.apache.parquet');
  const uploadId = crypto.randomUUID();
  await t.ctx.db
    .insert(govWarehouse)
    .values({ bu, useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2025, month, objectKey: key, rows: 2, uploadId });
  return uploadId;
}
