import { GOV_TAB_IDS, type GovUseCase, TAB_BY_ID } from '@hangar/contract';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { ANALYTICS_TEXTS as T } from './texts';

const isGovUseCase = (name: string): name is GovUseCase => Object.hasOwn(GOV_TAB_IDS, name);

/**
 * Lineage and Quality for each KPI read: both open the use case's data-governance tab. The
 * governance tab takes a quality filter as params but no way to ask for its Lineage sub-tab or a
 * KPI, so both links land on the tab's default sub-tab.
 */
export function KpiLinks({ kpis }: { kpis: readonly { useCase: string; kpi: string; table: string }[] }) {
  const { openTab } = useTabs();
  const known = kpis.filter((k) => isGovUseCase(k.useCase));
  if (known.length === 0) return null;

  function open(useCase: GovUseCase, view: 'Lineage' | 'Quality', kpi: string) {
    const id = GOV_TAB_IDS[useCase];
    const definition = TAB_BY_ID.get(id);
    openTab({
      id,
      appId: `Data_gov/${useCase}`,
      title: definition?.title ?? useCase,
      icon: definition?.icon ?? 'shield-check',
      externalLink: null,
      // Carried for when the governance tab learns to open a sub-tab on a KPI; ignored today.
      params: { view, kpi },
    });
  }

  return (
    <div className="space-y-1 text-sm">
      <p className="text-fg-muted">{T.sources}</p>
      <ul className="flex flex-wrap gap-2" data-testid="analytics-kpis">
        {known.map((k) => (
          <li key={`${k.useCase}/${k.kpi}`} className="flex items-center gap-2 rounded-lg border border-line px-2 py-1">
            <span className="font-medium">{k.kpi}</span>
            <span className="text-fg-muted">({k.useCase})</span>
            <button
              type="button"
              className="text-accent underline-offset-2 hover:underline"
              onClick={() => open(k.useCase as GovUseCase, 'Lineage', k.kpi)}
            >
              {T.lineage}
            </button>
            <button
              type="button"
              className="text-accent underline-offset-2 hover:underline"
              onClick={() => open(k.useCase as GovUseCase, 'Quality', k.kpi)}
            >
              {T.quality}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
