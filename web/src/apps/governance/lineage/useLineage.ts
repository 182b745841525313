import { useQuery } from '@tanstack/react-query';
import { fetchLineageEdges, fetchLineageKpis, fetchLineageTables, lineageKeys } from './api';
import { type LineageFlow, toFlow } from './flow';
import { ownLayered } from './layered';
import { layoutInput, runLayout } from './layout';
import { buildModel, type LineageModel } from './model';

const FIVE_MINUTES = 5 * 60_000;

export interface LaidOutGraph {
  model: LineageModel;
  flow: LineageFlow;
}

async function loadGraph(filePath: string): Promise<LaidOutGraph> {
  const [tables, edges] = await Promise.all([fetchLineageTables(filePath), fetchLineageEdges(filePath)]);
  const model = buildModel(tables, edges);
  const input = layoutInput(model);
  const positions = await runLayout(input).catch((error: unknown) => {
    console.error('The lineage layout failed; using our own', error);
    return ownLayered(input);
  });
  return { model, flow: toFlow(model, positions) };
}

/** The BU's KPIs, then the graph they share (one file_path per use case), laid out. */
export function useLineage(useCase: string, bu: string) {
  const kpis = useQuery({
    queryKey: lineageKeys.kpis(useCase, bu),
    queryFn: () => fetchLineageKpis(useCase, bu),
    staleTime: FIVE_MINUTES,
  });
  const filePath = kpis.data?.[0]?.file_path ?? null;
  const graph = useQuery({
    queryKey: lineageKeys.graph(useCase, filePath ?? ''),
    queryFn: () => loadGraph(filePath!),
    enabled: filePath !== null,
    staleTime: FIVE_MINUTES,
  });
  return { kpis, graph };
}
