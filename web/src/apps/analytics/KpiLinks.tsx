import { GOV_TAB_IDS, type GovUseCase, type KpiQuality, TAB_BY_ID } from '@hangar/contract';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { ANALYTICS_TEXTS as T } from './texts';

const isGovUseCase = (name: string): name is GovUseCase => Object.hasOwn(GOV_TAB_IDS, name);

/** "2 months passed, 1 failed (SSA 2025-02: Data Integrity), 1 missing": a KPI's checks for the months used. */
export function qualitySummary(months: KpiQuality['months']): string | null {
  if (months.length === 0) return null;
  const count = (status: string) => months.filter((m) => m.status === status);
  const parts: string[] = [];
  const passed = count('passed').length;
  if (passed) parts.push(`${passed} ${passed === 1 ? 'month' : 'months'} passed`);
  const failed = count('failed');
  if (failed.length)
    parts.push(`${failed.length} failed (${failed.map((m) => `${m.bu} ${m.month}: ${m.failedChecks.join(', ')}`).join('; ')})`);
  const pending = count('pending').length;
  if (pending) parts.push(`${pending} not checked yet`);
  const missing = count('missing');
  if (missing.length) parts.push(`${missing.length} missing (${missing.map((m) => `${m.bu} ${m.month}`).join(', ')})`);
  return parts.join(', ');
}

/**
 * Lineage and Quality for each KPI read: both open the use case's data-governance tab, on its Data
 * Lineage sub-tab with the KPI chosen, or on its Quality sub-tab filtered to the KPI's table.
 */
export function KpiLinks({
  kpis,
  quality = [],
}: {
  kpis: readonly { useCase: string; kpi: string; table: string }[];
  /** The checks of the months used, per KPI (answers stored before it existed have none). */
  quality?: readonly KpiQuality[];
}) {
  const { openTab } = useTabs();
  const known = kpis.filter((k) => isGovUseCase(k.useCase));
  if (known.length === 0) return null;

  function open(useCase: GovUseCase, view: 'Lineage' | 'Quality', kpi: string, table: string) {
    const id = GOV_TAB_IDS[useCase];
    const definition = TAB_BY_ID.get(id);
    openTab({
      id,
      appId: `Data_gov/${useCase}`,
      title: definition?.title ?? useCase,
      icon: definition?.icon ?? 'shield-check',
      externalLink: null,
      // Read by the governance tab (kpiLinkFromParams in apps/governance/quality-link.ts).
      params: view === 'Quality' ? { view, kpi, table } : { view, kpi },
    });
  }

  return (
    <div className="space-y-1 text-sm">
      <p className="text-fg-muted">{T.sources}</p>
      <ul className="flex flex-wrap gap-2" data-testid="analytics-kpis">
        {known.map((k) => {
          const months = quality.find((q) => q.useCase === k.useCase && q.kpi === k.kpi)?.months ?? [];
          const summary = qualitySummary(months);
          const failed = months.some((m) => m.status === 'failed' || m.status === 'missing');
          return (
            <li key={`${k.useCase}/${k.kpi}`} className="flex flex-wrap items-center gap-2 rounded-lg border border-line px-2 py-1">
              <span className="font-medium">{k.kpi}</span>
              <span className="text-fg-muted">({k.useCase})</span>
              <button
                type="button"
                className="text-accent underline-offset-2 hover:underline"
                onClick={() => open(k.useCase as GovUseCase, 'Lineage', k.kpi, k.table)}
              >
                {T.lineage}
              </button>
              <button
                type="button"
                className="text-accent underline-offset-2 hover:underline"
                onClick={() => open(k.useCase as GovUseCase, 'Quality', k.kpi, k.table)}
              >
                {T.quality}
              </button>
              {summary && (
                <span
                  data-testid="kpi-quality"
                  className={failed ? 'text-amber-800 dark:text-amber-300' : 'text-emerald-700 dark:text-emerald-300'}
                >
                  {summary}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
