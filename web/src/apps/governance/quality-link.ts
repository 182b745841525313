import { CHECKS, type CheckName } from '@hangar/contract';

/** What the overview asks a use-case tab to show: its Quality sub-tab, filtered. Travels as the tab's params. */
export interface QualityFocus {
  check: CheckName;
  table: string | null;
  bu: string;
  year: number | null;
}

export function focusToParams(focus: QualityFocus): Record<string, string> {
  const params: Record<string, string> = { check: focus.check, bu: focus.bu };
  if (focus.table) params.table = focus.table;
  if (focus.year !== null) params.year = String(focus.year);
  return params;
}

/** Params that do not name a known check and a BU are not a quality focus. */
export function focusFromParams(params: Record<string, string> | undefined): QualityFocus | null {
  const check = CHECKS.find((c) => c === params?.check);
  if (!check || !params?.bu) return null;
  const year = Number(params.year);
  return { check, table: params.table || null, bu: params.bu, year: params.year && Number.isInteger(year) ? year : null };
}
