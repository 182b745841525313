import { buSentAs, GOV_TEXTS } from '@hangar/contract';
import { Network } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { saveBlob } from '../../../pages/download/download-file';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { safeFileName, toCsv, upstreamRows } from './csv';
import { KpiChips } from './KpiChips';
import { KpiDetails } from './KpiDetails';
import { KpiSearch } from './KpiSearch';
import type { Focus } from './LineageGraph';
import { kpiNodeOf } from './model';
import { filterKpis } from './search';
import { useLineage } from './useLineage';

// React Flow and its styles load with the first graph, not with the governance screens.
const LineageGraph = lazy(() => import('./LineageGraph').then((module) => ({ default: module.LineageGraph })));

/**
 * The Data Lineage sub-tab; search, selection and highlight start afresh for each BU. `kpi` (a
 * link from Talk to my data) is chosen and its path highlighted once the graph is there.
 */
export function LineageTab({ useCase, bu, kpi = null }: { useCase: string; bu: string; kpi?: string | null }) {
  return <LineageView key={bu} useCase={useCase} bu={bu} kpi={kpi} />;
}

const loading = (
  <div className="flex justify-center py-10">
    <Spinner label={GOV_TEXTS.loading} />
  </div>
);

function LineageView({ useCase, bu, kpi }: { useCase: string; bu: string; kpi: string | null }) {
  const { kpis, graph } = useLineage(useCase, buSentAs(bu));
  const entries = kpis.data;
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(kpi);
  const [focus, setFocus] = useState<Focus | null>(null);
  const [toReveal, setToReveal] = useState<string | null>(kpi);
  const shown = useMemo(() => filterKpis(entries ?? [], query), [entries, query]);
  const entry = entries?.find((e) => e.kpi_name === chosen) ?? entries?.[0];
  const model = graph.data?.model;
  const kpiNode = useMemo(() => (model && entry ? kpiNodeOf(model, entry.kpi_name) : undefined), [model, entry]);
  // The linked KPI's path is highlighted as soon as the graph has loaded.
  if (toReveal && model) {
    setToReveal(null);
    const node = kpiNodeOf(model, toReveal);
    if (node) setFocus({ id: node.id, reveal: true });
  }
  const linkedMissing = kpi !== null && entries !== undefined && !entries.some((e) => e.kpi_name === kpi);

  // Stable, so typing in the search box does not re-render the graph.
  const pickNode = useCallback(
    (id: string) => {
      setFocus({ id, reveal: false });
      const node = model?.byId.get(id);
      const listed = node?.kind === 'kpi' && entries?.find((e) => e.kpi_name === node.kpi || e.kpi_name === node.remapping_name);
      if (listed) setChosen(listed.kpi_name);
    },
    [model, entries],
  );
  const clearFocus = useCallback(() => setFocus(null), []);

  if (kpis.isLoading) return loading;
  if (!entry) return <EmptyState icon={Network} title={GOV_TEXTS.noLineage(bu, useCase)} />;
  const baseName = safeFileName(`lineage-${bu}-${useCase}`);

  function chooseKpi(name: string) {
    setChosen(name);
    const node = model && kpiNodeOf(model, name);
    setFocus(node ? { id: node.id, reveal: true } : null);
  }

  function downloadCsv(nodeId: string, kpiName: string) {
    if (!model) return;
    const csv = toCsv(upstreamRows(model, nodeId, kpiName));
    // The byte-order mark makes spreadsheet tools read the file as UTF-8.
    saveBlob(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }), safeFileName(`${baseName}-${kpiName}.csv`));
  }

  return (
    <div className="space-y-4">
      <div className="space-y-3">
        <KpiSearch value={query} onChange={setQuery} />
        {linkedMissing && <p className="text-fg-muted text-sm">{`${kpi} has no lineage for ${bu} - ${useCase}.`}</p>}
        <KpiChips label={`KPIs of ${bu} - ${useCase}`} entries={shown} selected={entry.kpi_name} onSelect={(e) => chooseKpi(e.kpi_name)} />
      </div>
      {graph.isLoading ? (
        loading
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {graph.data && (
              <Suspense fallback={loading}>
                <LineageGraph
                  flow={graph.data.flow}
                  index={graph.data.model.index}
                  focus={focus}
                  onPick={pickNode}
                  onClear={clearFocus}
                  imageName={`${baseName}.png`}
                />
              </Suspense>
            )}
          </div>
          <KpiDetails entry={entry} node={kpiNode} onDownloadCsv={kpiNode ? () => downloadCsv(kpiNode.id, entry.kpi_name) : null} />
        </div>
      )}
    </div>
  );
}
