import { type KpiQuality, type KpiQualityMonth, QUALITY_TABS, type SemanticQuery } from '@hangar/contract';
import type { Db } from '../../platform/db/client.ts';
import { type CheckStatusRow, currentCheckStatuses } from '../governance/index.ts';
import type { WarehouseFile } from './compile.ts';

const CHECK_LABEL = new Map(QUALITY_TABS.map((t) => [t.key, t.label]));
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

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
    // Monthly deliveries only: a yearly file (month 0) has no month to vouch for.
    const read = files.filter((f) => f.useCase === kpi.useCase && f.fileType === kpi.table && f.month > 0);
    const bus = [...new Set(read.map((f) => f.bu))].sort();
    const rows = await currentCheckStatuses(db, {
      useCase: kpi.useCase,
      fileType: kpi.table,
      bus,
      years: [...new Set(read.map((f) => f.year))],
    });
    const months: KpiQualityMonth[] = [];
    for (const bu of bus) {
      const held = new Set(read.filter((f) => f.bu === bu).map((f) => monthKey(f.year, f.month)));
      const used = asked ? asked.filter((m) => held.has(m) || m < current) : [...held].sort();
      for (const month of used) {
        if (!held.has(month)) {
          months.push({ bu, month, status: 'missing', failedChecks: [] });
          continue;
        }
        const checks = rows.filter((r) => r.bu === bu && monthKey(r.year, r.month) === month);
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
