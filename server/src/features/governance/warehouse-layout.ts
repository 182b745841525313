/**
 * Where a delivery's Parquet lands in the object store: Hive-style folders (`name=value`), so
 * DuckDB, Spark, Trino or Athena read the warehouse folder or bucket with partition pruning and get
 * these as columns (docs/warehouse.md). The names must not be column names of any file type: DuckDB
 * lets a partition value override a file's column of the same name (catalogue test).
 */
export const WAREHOUSE_PARTITIONS = ['bu', 'use_case', 'file_type', 'period_month', 'version'] as const;

/** Files of versions the catalogue does not split (most file types) go under this version. */
export const DEFAULT_VERSION = 'default';

export interface Delivery {
  id: string;
  bu: string;
  useCase: string;
  fileType: string;
  version: string | null;
  year: number;
  month: number;
}

/**
 * One key per delivery, never reused: readers may hold an older file open, and the registry
 * switches to the new key in one transaction. Keys written before this layout
 * (`warehouse/<BU>/<use case>/<type>/<period>/<version>/<id>.parquet`) stay where they are: the
 * registry holds each file's key, and they go away as their periods are delivered again.
 */
export function warehouseKey(d: Delivery): string {
  const values: Record<(typeof WAREHOUSE_PARTITIONS)[number], string> = {
    bu: d.bu,
    use_case: d.useCase.toLowerCase(),
    file_type: d.fileType,
    period_month: `${d.year}-${String(d.month).padStart(2, '0')}`,
    version: d.version || DEFAULT_VERSION,
  };
  for (const value of Object.values(values)) {
    // Catalogue codes never hold these; a Hive reader would split or misread such a folder name.
    if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error(`Cannot place ${JSON.stringify(value)} in a warehouse partition`);
  }
  return `warehouse/${WAREHOUSE_PARTITIONS.map((name) => `${name}=${values[name]}`).join('/')}/${d.id}.parquet`;
}
