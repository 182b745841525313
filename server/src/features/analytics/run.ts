import type { SemanticResult } from '@hangar/contract';
import { AppError } from '../../platform/errors.ts';
import { literal } from '../../platform/sql-text.ts';
import type { CompiledQuery } from './compile.ts';
import { missingRateRefusal } from './currency.ts';

export interface RunLimits {
  /** The only folder DuckDB may open: where the warehouse's Parquet files are. */
  warehouseDir: string;
  timeoutMs: number;
  memoryLimit?: string;
}

const cell = (v: unknown): string | number | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  return String(v);
};

type Instance = Awaited<ReturnType<typeof import('@duckdb/node-api')['DuckDBInstance']['create']>>;
const instances = new Map<string, Promise<Instance>>();

/**
 * One DuckDB per warehouse folder, opened once: in memory, allowed to open files only under that
 * folder, with its configuration locked so no query can undo it. Opening one per question cost
 * more than the query itself on small answers (see docs/benchmarks.md).
 */
function instanceFor(limits: RunLimits): Promise<Instance> {
  const key = `${limits.warehouseDir}|${limits.memoryLimit ?? ''}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = (async () => {
      const { DuckDBInstance } = await import('@duckdb/node-api');
      const created = await DuckDBInstance.create(':memory:', { memory_limit: limits.memoryLimit ?? '512MB', threads: '2' });
      const setup = await created.connect();
      await setup.run(`SET allowed_directories = [${literal(limits.warehouseDir)}]`);
      await setup.run('SET enable_external_access = false');
      await setup.run('SET parquet_metadata_cache = true');
      await setup.run('SET lock_configuration = true');
      setup.closeSync();
      return created;
    })();
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}

/** Runs a compiled query read-only, on its own connection, interrupted at the time limit. */
export async function runCompiled(compiled: CompiledQuery, limits: RunLimits): Promise<SemanticResult> {
  const db = await (await instanceFor(limits)).connect();
  const timer = setTimeout(() => db.interrupt(), limits.timeoutMs);
  try {
    const reader = await db.runAndReadAll(compiled.sql);
    const rows = reader.getRows().map((r) => r.map(cell));
    const truncated = rows.length > compiled.cap;
    return { columns: compiled.columns, rows: rows.slice(0, compiled.cap), truncated, sql: compiled.sql };
  } catch (err) {
    if (/interrupt/i.test(String(err))) {
      throw new AppError(
        'UNAVAILABLE',
        `The query took longer than ${Math.round(limits.timeoutMs / 1000)} s: ask for fewer months or fewer breakdowns.`,
      );
    }
    // Amounts in a currency without its month's exchange rate: refused with the reason (currency.ts).
    throw missingRateRefusal(err) ?? err;
  } finally {
    clearTimeout(timer);
    db.closeSync();
  }
}
