import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { type GovUseCase, SemanticQuery } from '@hangar/contract';
import { compileQuery, type Scope, type WarehouseFile } from '../server/src/features/analytics/compile.ts';
import { parseQuestion } from '../server/src/features/analytics/parser/parser.ts';
import { runCompiled } from '../server/src/features/analytics/run.ts';
import { buildSemanticLayer } from '../server/src/features/analytics/semantic-layer.ts';
import { tempDataDir } from './procs.ts';
import { log, median, type Result } from './result.ts';

const ROWS = 10_000_000;
const TARGET_RATIO = 1.3;
const TARGET_FIRST_ROWS_MS = 300;
const QUESTION = 'top 5 airlines by passengers in 2025';

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * Talk to my data on a 10-million-row traffic table (12 monthly Parquet files of two BUs): the
 * question parsed, compiled with the caller's scope and run in the boxed DuckDB, against the same
 * SQL run directly on an open DuckDB connection (the floor).
 */
export async function analytics(): Promise<Result> {
  const dir = tempDataDir();
  const warehouse = path.join(dir, 'warehouse');
  mkdirSync(warehouse, { recursive: true });
  log(`analytics: writing ${ROWS.toLocaleString('en')} traffic rows as Parquet`);
  const gen = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  const files: WarehouseFile[] = [];
  for (const bu of ['SSA', 'LGW']) {
    const file = path.join(warehouse, `traffic-${bu}.parquet`);
    await gen.run(`COPY (
      SELECT ['U2','FR','BA','AF','LH','TP','VY','IB','EK','QR','W6','LS'][1 + (i % 12)::INT] AS airline_code,
             '2025-' || lpad(CAST(1 + (i // 7) % 12 AS VARCHAR), 2, '0') AS month,
             CAST(50 + (i * 7919) % 200 AS BIGINT) AS departing_passengers,
             CAST(50 + (i * 104729) % 200 AS BIGINT) AS arriving_passengers,
             CAST(1 AS BIGINT) AS movements, CAST(260 AS BIGINT) AS seats
      FROM range(${ROWS / 2}) t(i)) TO '${file}' (FORMAT parquet)`);
    files.push({ bu, useCase: 'Traffic', fileType: 'TRAFFIC_ACTUALS', year: 2025, month: 0, path: file });
  }
  gen.closeSync();

  const layer = buildSemanticLayer();
  const scope: Scope = new Map<GovUseCase, Set<string>>([['Traffic', new Set(['SSA', 'LGW'])]]);
  const portal = async () => {
    const parsed = parseQuestion(QUESTION, layer, new Date(Date.UTC(2026, 3, 15)));
    const compiled = compileQuery(layer, SemanticQuery.parse(parsed.query), files, scope, 1000);
    return runCompiled(compiled, { warehouseDir: warehouse, timeoutMs: 30_000 });
  };
  const sample = await portal();
  if (sample.rows.length !== 5) throw new Error(`the benchmark question answered ${sample.rows.length} rows, not 5`);
  const direct = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  const floor = () => direct.runAndReadAll(sample.sql);
  await floor();

  log('analytics: 7 runs each, alternating');
  const ours: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < 7; i++) {
    ours.push(await timed(portal));
    base.push(await timed(floor));
  }
  direct.closeSync();
  const ratio = median(ours) / median(base);
  const firstRows = median(ours);
  return {
    name: 'Talk to my data: question to first rows on 10 M rows',
    measure: 'median ms',
    portal: `${firstRows.toFixed(0)} ms`,
    baseline: `${median(base).toFixed(0)} ms`,
    ratio,
    target: `ratio ≤ ${TARGET_RATIO}, question to rows < ${TARGET_FIRST_ROWS_MS} ms`,
    pass: ratio <= TARGET_RATIO && firstRows < TARGET_FIRST_ROWS_MS,
    details: [
      `question: "${QUESTION}" → ${sample.rows.map((r) => r[0]).join(', ')}`,
      `portal (parse, compile with scope, run on its own connection of the boxed DuckDB): ${ours.map((x) => x.toFixed(0)).join(', ')} ms`,
      `the same SQL on an open DuckDB connection: ${base.map((x) => x.toFixed(0)).join(', ')} ms`,
    ],
  };
}
