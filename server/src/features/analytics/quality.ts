import { type KpiQuality, type KpiQualityMonth, QUALITY_TABS, type SemanticQuery } from '@hangar/contract';
import type { Db } from '../../platform/db/client.ts';
import { type CheckStatusRow, checkStatusesOfDeliveries, currentCheckStatuses } from '../governance/index.ts';
import type { WarehouseFile } from './compile.ts';

const CHECK_LABEL = new Map(QUALITY_TABS.map((t) => [t.key, t.label]));
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The months a file's rows cover (whole-year files hold twelve); files listed without them hold their own month. */
export const heldMonths = (f: WarehouseFile): readonly string[] => f.months ?? [monthKey(f.year, f.month)];

function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  while (monthKey(y, m) <= to && out.length < 120) {
    out.push(monthKey(y, m));
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

function statusOf(checks: readonly CheckStatusRow[]): Pick<KpiQualityMonth, 'status' | 'failedChecks'> {
  const failedChecks = checks.filter((c) => c.status === 'failed').map((c) => CHECK_LABEL.get(c.check) ?? c.check);
  if (failedChecks.length) return { status: 'failed', failedChecks };
  // A month held with no result, or one still running, is not vouched for yet. "delayed" is the
  // file-not-received check's word for a file that came after its due day: received, so it passes.
  const passed = checks.length > 0 && checks.every((c) => c.status === 'success' || c.status === 'delayed');
  return { status: passed ? 'passed' : 'pending', failedChecks: [] };
}

/**
 * The quality status of each KPI an answer read, per BU and month used (issue 16): the months
 * held in the files read (within the period asked), each with its current checks from data
 * governance, and the past months of the period a BU did not deliver as missing. Warnings name the
 * months that failed a check; missing months are already warned of by the service.
 */
export async function kpiQuality(
  db: Db,
  kpis: readonly { useCase: string; kpi: string; table: string }[],
  files: readonly WarehouseFile[],
  query: SemanticQuery,
  today: Date,
): Promise<{ status: KpiQuality[]; warnings: string[] }> {
  const current = today.toISOString().slice(0, 7);
  const asked = query.time ? monthsBetween(query.time.from, query.time.to) : null;
  const status: KpiQuality[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const kpi of kpis) {
    if (seen.has(`${kpi.useCase}|${kpi.kpi}`)) continue;
    seen.add(`${kpi.useCase}|${kpi.kpi}`);
    const read = files.filter((f) => f.useCase === kpi.useCase && f.fileType === kpi.table);
    const bus = [...new Set(read.map((f) => f.bu))].sort();
    const scope = { useCase: kpi.useCase, fileType: kpi.table, bus, years: [...new Set(read.map((f) => f.year))] };
    const uploadIds = read.map((f) => f.uploadId).filter((id): id is string => !!id);
    // The checks of the deliveries the numbers came from; files without their upload (tests) fall back to the current ones.
    const rows = uploadIds.length ? await checkStatusesOfDeliveries(db, { ...scope, uploadIds }) : await currentCheckStatuses(db, scope);
    const months: KpiQualityMonth[] = [];
    for (const bu of bus) {
      // Each month held, with the delivery that holds it (a whole-year file holds twelve).
      const byMonth = new Map<string, WarehouseFile>();
      for (const f of read.filter((x) => x.bu === bu)) for (const m of heldMonths(f)) byMonth.set(m, f);
      const used = asked ? asked.filter((m) => byMonth.has(m) || m < current) : [...byMonth.keys()].sort();
      for (const month of used) {
        const f = byMonth.get(month);
        if (!f) {
          months.push({ bu, month, status: 'missing', failedChecks: [] });
          continue;
        }
        const checks = rows.filter((r) => r.bu === bu && r.year === f.year && r.month === f.month);
        months.push({ bu, month, ...statusOf(checks) });
      }
    }
    const failed = months.filter((m) => m.status === 'failed');
    for (const bu of new Set(failed.map((m) => m.bu))) {
      const list = failed
        .filter((m) => m.bu === bu)
        .map((m) => `${m.month} (${m.failedChecks.join(', ')})`)
        .join(', ');
      warnings.push(`${kpi.kpi}: ${bu}'s ${kpi.table} failed its quality checks for ${list}: check those months before relying on them.`);
    }
    status.push({ ...kpi, months });
  }
  return { status, warnings };
}
