import {
  buChoices,
  type CheckName,
  GOV_USE_CASES,
  GOVERNANCE,
  type GovUseCase,
  isFailingRow,
  MERGED_SSA_AMA,
  type OverviewHqRow,
  type OverviewResponse,
  type OverviewRow,
} from '@hangar/contract';

// What the overview screens show, computed from the overview answer (spec section 2, "Overview screen").

export type OverviewVariant = 'bu' | 'hq';
export type AnyOverviewRow = OverviewRow | OverviewHqRow;
type ByYear = Record<string, Record<string, Record<string, AnyOverviewRow[]>>>;

/** Tab 49 is the head-office variant, fed by overview_hq; tab 50 the BU one. */
export const OVERVIEW_TAB_IDS: Record<OverviewVariant, number> = { hq: 49, bu: 50 };

export function overviewSource(data: OverviewResponse | null | undefined, variant: OverviewVariant): ByYear {
  return (variant === 'hq' ? data?.overview_hq : data?.overview_data) ?? {};
}

/** The years on offer, newest first: get_years, or the data's own years when that list is empty. */
export function yearChoices(years: readonly number[], source: ByYear): number[] {
  const list = years.length > 0 ? years : Object.keys(source).map(Number).filter(Number.isInteger);
  return [...new Set(list)].sort((a, b) => b - a);
}

export const overviewBus = (source: ByYear, year: number | null): string[] =>
  year === null ? [] : buChoices(Object.keys(source[String(year)] ?? {}), 'Overview');

/** The data keys behind a BU choice: the merged choice stands for SSA, AMA and anything filed under the merged key. */
const keysOf = (choice: string): string[] => (choice === MERGED_SSA_AMA ? ['SSA', 'AMA', MERGED_SSA_AMA] : [choice]);

const normalise = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** The use-case tab behind an overview use case ('Car Parks' is the Carparks tab). */
export const tabUseCaseOf = (useCase: string): GovUseCase | null => GOV_USE_CASES.find((u) => normalise(u) === normalise(useCase)) ?? null;

export interface OverviewTable {
  row: AnyOverviewRow;
  /** The BU the row is filed under, which the use-case tab is opened on. */
  bu: string;
}

export interface UseCaseCard {
  useCase: string;
  tabUseCase: GovUseCase | null;
  tables: OverviewTable[];
  alerts: number;
}

/** HQ rows carry coverage as a flag too, so any -1 fails there. */
export const isFailing = (row: AnyOverviewRow, variant: OverviewVariant): boolean =>
  variant === 'hq'
    ? [row.data_integrity, row.file_integrity, row.file_not_received, row.mapping_coverage].includes(GOVERNANCE.failureFlag)
    : isFailingRow(row);

/** One card per use case of the BU that the user holds (`Data_gov/<UseCase>` in the token's apps), in menu order. */
export function useCaseCards(
  source: ByYear,
  year: number | null,
  choice: string | null,
  apps: readonly string[],
  variant: OverviewVariant,
): UseCaseCard[] {
  if (year === null || !choice) return [];
  const held = new Set(apps.map(normalise));
  const byUseCase = new Map<string, OverviewTable[]>();
  for (const bu of keysOf(choice)) {
    for (const [useCase, rows] of Object.entries(source[String(year)]?.[bu] ?? {})) {
      if (!held.has(normalise(`Data_gov/${useCase}`))) continue;
      byUseCase.set(useCase, [...(byUseCase.get(useCase) ?? []), ...rows.map((row) => ({ row, bu }))]);
    }
  }
  const order = (useCase: string) => {
    const index = GOV_USE_CASES.indexOf(tabUseCaseOf(useCase) as GovUseCase);
    return index === -1 ? GOV_USE_CASES.length : index;
  };
  return [...byUseCase]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([useCase, tables]) => ({
      useCase,
      tabUseCase: tabUseCaseOf(useCase),
      // Grouped by BU when a card holds several (merged SSA/AMA), each BU's tables in their order.
      tables: [...tables].sort((x, y) => keysOf(choice).indexOf(x.bu) - keysOf(choice).indexOf(y.bu)),
      alerts: tables.filter((t) => isFailing(t.row, variant)).length,
    }));
}

/** The BU a use-case tab offers for a row's BU: merged for Finance, split elsewhere (spec "BU selector rules"). */
export function tabBuFor(bu: string, useCase: GovUseCase): string {
  const ssaOrAma = bu === 'SSA' || bu === 'AMA' || bu === MERGED_SSA_AMA;
  if (useCase === 'Finance' && ssaOrAma) return MERGED_SSA_AMA;
  return bu === MERGED_SSA_AMA ? 'SSA' : bu;
}

/** The overview's columns after Table name and End Date, in order. */
export const OVERVIEW_CHECK_COLUMNS: { key: CheckName; label: string }[] = [
  { key: 'data_integrity', label: 'Data Integrity' },
  { key: 'file_integrity', label: 'File Integrity' },
  { key: 'file_not_received', label: 'File not sent' },
  { key: 'mapping_coverage', label: 'Referential' },
];
