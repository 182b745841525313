import { CHECKS, type CheckName } from '@hangar/contract';

/** What the overview asks a use-case tab to show: its Quality sub-tab, filtered. Travels as the tab's params. */
export interface QualityFocus {
  check: CheckName;
  table: string | null;
  /** The tab's BU choice (SSA/AMA for Finance). */
  bu: string;
  /** The BU whose results to show when the choice stands for several (AMA under SSA/AMA). */
  unit?: string | null;
  year: number | null;
}

export function focusToParams(focus: QualityFocus): Record<string, string> {
  const params: Record<string, string> = { check: focus.check, bu: focus.bu };
  if (focus.unit) params.unit = focus.unit;
  if (focus.table) params.table = focus.table;
  if (focus.year !== null) params.year = String(focus.year);
  return params;
}

/** Params that do not name a known check and a BU are not a quality focus. */
export function focusFromParams(params: Record<string, string> | undefined): QualityFocus | null {
  const check = CHECKS.find((c) => c === params?.check);
  if (!check || !params?.bu) return null;
  const year = Number(params.year);
  return {
    check,
    table: params.table || null,
    bu: params.bu,
    unit: params.unit || null,
    year: params.year && Number.isInteger(year) ? year : null,
  };
}

/** What Talk to my data asks a use-case tab to show for one KPI: its lineage, or its table's quality results. */
export interface KpiLink {
  view: 'Lineage' | 'Quality';
  kpi: string;
  /** The KPI's table (file type), the Quality view's table filter. */
  table: string | null;
}

/** Params `{view, kpi, table?}` (KpiLinks in web/src/apps/analytics); anything else is not a KPI link. */
export function kpiLinkFromParams(params: Record<string, string> | undefined): KpiLink | null {
  const view = params?.view;
  if ((view !== 'Lineage' && view !== 'Quality') || !params?.kpi) return null;
  return { view, kpi: params.kpi, table: params.table || null };
}
