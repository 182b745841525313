import type { KpiQuality, SemanticQuery } from '@hangar/contract';
import type { Db } from '../../platform/db/client.ts';
import { kpiQuality, type WarehouseFile } from '../analytics/index.ts';
import { checkResultsVersion } from '../governance/index.ts';

export interface KpiRef {
  useCase: string;
  kpi: string;
  table: string;
}

/** Check results recorded by another process (several portals on one database) show within this. */
export const QUALITY_TTL_MS = 5000;
const ENTRIES = 2000;

/**
 * The quality status of one KPI over the files a widget reads (Talk to my data's `kpiQuality`),
 * computed once for every widget and user that reads the same files, months asked and KPI. The key
 * names the files' object paths, so a registry switch (a new key per delivery) is another entry, as
 * for the widget results. Check results also change without a switch (a re-check, a late file, a
 * rejected upload): an entry is dropped at once when this process records results (governance's
 * results version), and after QUALITY_TTL_MS for the results another process records.
 */
export function createQualityCache(db: Db, opts: { ttlMs?: number; now?: () => number; version?: () => number } = {}) {
  const ttlMs = opts.ttlMs ?? QUALITY_TTL_MS;
  const now = opts.now ?? Date.now;
  const version = opts.version ?? checkResultsVersion;
  const entries = new Map<string, { at: number; version: number; value: Promise<KpiQuality> }>();

  return {
    size: () => entries.size,
    quality(kpi: KpiRef, files: readonly WarehouseFile[], time: SemanticQuery['time'], today: Date): Promise<KpiQuality> {
      // What kpiQuality reads: the monthly files of the KPI's table, the months asked and the current month.
      const read = files.filter((f) => f.useCase === kpi.useCase && f.fileType === kpi.table && f.month > 0);
      const key = JSON.stringify([
        kpi.useCase,
        kpi.kpi,
        kpi.table,
        time ?? null,
        today.toISOString().slice(0, 7),
        read.map((f) => [f.bu, f.year, f.month, f.path]).sort(),
      ]);
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.version === version() && at - hit.at < ttlMs) return hit.value;
      const ref = { useCase: kpi.useCase, kpi: kpi.kpi, table: kpi.table };
      const value = kpiQuality(db, [ref], read, { time } as SemanticQuery, today).then((q) => q.status[0]!);
      entries.set(key, { at, version: version(), value });
      // A failure is not kept: the next request asks the database again.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      if (entries.size > ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
export type QualityCache = ReturnType<typeof createQualityCache>;
