import { type LineageEdge, LineageEdgesResponse, LineageKpisResponse, type LineageNode, LineageTablesResponse } from '@hangar/contract';
import { apiJson } from '../../../api/client';
import { govKeys } from '../api';

const BASE = '/api/data_gov/lineage';

export type LineageEntry = ReturnType<typeof LineageKpisResponse.parse>['data'][number];

/** Under the governance 'data' branch, so the BU selector stays locked while lineage loads. */
export const lineageKeys = {
  kpis: (useCase: string, bu: string) => [...govKeys.data(useCase), 'lineage', bu] as const,
  graph: (useCase: string, filePath: string) => [...govKeys.data(useCase), 'lineage-graph', filePath] as const,
};

/** As in ../api.ts: lineage failures are logged and read as empty; nothing is shown (spec section 8). */
async function orEmpty<T>(what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    return [];
  }
}

export const fetchLineageKpis = (useCase: string, bu: string): Promise<LineageEntry[]> =>
  orEmpty(
    'the lineage KPIs',
    async () => (await apiJson(`${BASE}/get_kpis?${new URLSearchParams({ use_case: useCase, asset: bu })}`, LineageKpisResponse)).data,
  );

export const fetchLineageTables = (filePath: string): Promise<LineageNode[]> =>
  orEmpty(
    'the lineage tables',
    async () => (await apiJson(`${BASE}/tables?${new URLSearchParams({ file_path: filePath })}`, LineageTablesResponse)).tables,
  );

export const fetchLineageEdges = (filePath: string): Promise<LineageEdge[]> =>
  orEmpty(
    'the lineage edges',
    async () => (await apiJson(`${BASE}/edges?${new URLSearchParams({ file_path: filePath })}`, LineageEdgesResponse)).edges,
  );
