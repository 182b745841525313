import { GOV_TEXTS, GOVERNANCE, type Stage, type StageError, type StageStatusMap, type UploadResult, VERSIONS } from './governance.ts';

// Rules of the data-governance screens that server and web must agree on (spec sections 2, 4, 5).

export const MERGED_SSA_AMA = 'SSA/AMA';

/** The BU choices for a tab: sorted; SSA and AMA merge into 'SSA/AMA' for Finance (and Overview). */
export function buChoices(authorised: readonly string[], useCase: string): string[] {
  const merge = useCase === 'Finance' || useCase === 'Overview';
  const out = new Set<string>();
  for (const bu of authorised) {
    if (bu === MERGED_SSA_AMA) {
      if (merge) out.add(bu);
      else {
        out.add('SSA');
        out.add('AMA');
      }
    } else if (merge && (bu === 'SSA' || bu === 'AMA')) out.add(MERGED_SSA_AMA);
    else out.add(bu);
  }
  return [...out].sort((a, b) => a.localeCompare(b));
}

/** What a BU choice is sent as: the merged choice goes as SSA. */
export const buSentAs = (choice: string): string => (choice === MERGED_SSA_AMA ? 'SSA' : choice);

/** The title's BU: SSA or AMA with Finance shows 'SSA/AMA'. */
export const buTitle = (bu: string, useCase: string): string =>
  useCase === 'Finance' && (bu === 'SSA' || bu === 'AMA') ? MERGED_SSA_AMA : bu;

export interface PeriodOption {
  label: string;
  month: number;
  year: number;
  /** Sent as use_case_type BUDGET: the period lies in next year. */
  budget: boolean;
  /** A whole year rather than a month (Traffic). */
  wholeYear: boolean;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Periods offered by the month selector: the current month and the 3 before (default: the
 * current one). Traffic offers the previous year and the next year instead; Finance adds the next year.
 */
export function periodOptions(useCase: string, today: Date): PeriodOption[] {
  const year = today.getUTCFullYear();
  const nextYear: PeriodOption = { label: String(year + 1), month: 1, year: year + 1, budget: true, wholeYear: true };
  if (useCase === 'Traffic') {
    return [{ label: String(year - 1), month: 12, year: year - 1, budget: false, wholeYear: true }, nextYear];
  }
  const months: PeriodOption[] = [];
  for (let back = 0; back < GOVERNANCE.monthTabs; back++) {
    const d = new Date(Date.UTC(year, today.getUTCMonth() - back, 1));
    const m = d.getUTCMonth();
    months.push({
      label: `${MONTH_NAMES[m]} ${d.getUTCFullYear()}`,
      month: m + 1,
      year: d.getUTCFullYear(),
      budget: false,
      wholeYear: false,
    });
  }
  return useCase === 'Finance' ? [...months, nextYear] : months;
}

const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, '').toUpperCase();
const hasToken = (name: string, token: string) => new RegExp(`(^|[^A-Z0-9])${token}([^A-Z0-9]|$)`).test(name);

/** BUDGET and BUDGET_FISCAL stand for each other: whichever the BU allows. */
function budgetFor(type: string, allowed: readonly string[]): string {
  if (type !== 'BUDGET' && type !== 'BUDGET_FISCAL') return type;
  if (allowed.includes(type)) return type;
  const other = type === 'BUDGET' ? 'BUDGET_FISCAL' : 'BUDGET';
  return allowed.includes(other) ? other : type;
}

/** Guesses an ingestion file's type from its name (spec section 5, rule by rule); null when nothing is allowed. */
export function detectFileType(fileName: string, allowed: readonly string[]): string | null {
  const name = stem(fileName);
  const compact = name.replace(/_/g, '');
  const byName = (): string | null => {
    if (/CAPEX_(B0|R1|R2|R3)/.test(name) || name.includes('CAPEX_FORECAST')) return 'CAPEX_FORECAST';
    if (name.includes('CPXFORECAST')) return 'CPXFORECAST';
    if (name.includes('CAPEX')) return 'CAPEX';
    if (compact.includes('MAPPINGLOCAL')) return 'MAPPING_LOCAL';
    if (hasToken(name, 'GL')) return 'GENERAL_LEDGER';
    if (name.includes('SUPPLIER')) return 'SUPPLIER_OPEX';
    if (name.includes('CUSTOMER')) return 'CUSTOMER_REVENUES';
    // Longest first, so BUDGET_FISCAL wins over BUDGET.
    const known = [...allowed, 'BUDGET', 'BUDGET_FISCAL'].sort((a, b) => b.length - a.length);
    return known.find((t) => hasToken(name, t.toUpperCase())) ?? null;
  };
  const guess = byName();
  const typed = guess ? budgetFor(guess, allowed) : null;
  if (typed && allowed.includes(typed)) return typed;
  return allowed[0] ?? null;
}

/** Referential files: names are compared with their types ignoring underscores and case. */
export function detectReferentialType(fileName: string, types: readonly string[]): string | null {
  const name = stem(fileName).replace(/_/g, '');
  const sorted = [...types].sort((a, b) => b.length - a.length);
  return sorted.find((t) => name.includes(t.toUpperCase().replace(/_/g, ''))) ?? types[0] ?? null;
}

/** Versions asked for a type at a BU; empty when no version is required. */
export function versionsFor(fileType: string, bu: string): string[] {
  if (fileType === 'RECEIVABLES') {
    if (bu === 'SCA') return ['KOS', 'PNH'];
    if (bu === 'SSA') return ['SSA', 'AMA'];
    return [];
  }
  if (['BUDGET', 'BUDGET_FISCAL', 'CPXFORECAST', 'CAPEX_FORECAST', 'MAPPING_LOCAL'].includes(fileType)) return [...VERSIONS];
  return [];
}

interface LinkedRow {
  file_type: string;
  linked: string | null;
}

/** Types a user may pick in the loader: no link, linked to itself, CAPEX_FORECAST, or linked to CPXFORECAST. */
export function selectableTypes(items: readonly LinkedRow[]): string[] {
  const out = items
    .filter((i) => !i.linked || i.linked === i.file_type || i.file_type === 'CAPEX_FORECAST' || i.linked === 'CPXFORECAST')
    .map((i) => i.file_type);
  return [...new Set(out)];
}

/**
 * Files uploaded together: a type occurring more than once, or (outside ANA) the CPXFORECAST
 * group. Returns the group key of each item, or null when it travels alone.
 */
export function linkedGroupOf(item: LinkedRow, items: readonly LinkedRow[], bu: string): string | null {
  if (items.filter((i) => i.file_type === item.file_type).length > 1) return item.file_type;
  if (bu !== 'ANA' && (item.linked === 'CPXFORECAST' || item.file_type === 'CPXFORECAST')) return 'CPXFORECAST';
  return null;
}

/** A quality overview row fails when an integrity value is -1 or coverage is strictly between 0 and 30. */
export function isFailingRow(row: {
  file_not_received: number | null;
  file_integrity: number | null;
  data_integrity: number | null;
  mapping_coverage: number | null;
}): boolean {
  const flag = GOVERNANCE.failureFlag;
  if (row.file_not_received === flag || row.file_integrity === flag || row.data_integrity === flag) return true;
  const c = row.mapping_coverage;
  return c !== null && c > 0 && c < GOVERNANCE.coverageThresholds[0];
}

export type CoverageColour = 'red' | 'orange' | 'light-green' | 'dark-green';
export function coverageColour(percent: number): CoverageColour {
  const [low, mid, high] = GOVERNANCE.coverageThresholds;
  if (percent < low) return 'red';
  if (percent < mid) return 'orange';
  if (percent < high) return 'light-green';
  return 'dark-green';
}

/** The stages a use case runs: checkKpis only where KPIs are reviewed (Finance). */
export const stagesFor = (kpiReview: boolean): Stage[] =>
  kpiReview ? ['loaded', 'checkfile', 'checkKpis', 'processed'] : ['loaded', 'checkfile', 'processed'];

export function pendingStages(kpiReview: boolean): StageStatusMap {
  return kpiReview
    ? { loaded: 'pending', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' }
    : { loaded: 'pending', checkfile: 'pending', processed: 'pending' };
}

/** A new upload: every stage back to pending, then loaded running, the error cleared. */
export function startUpload(kpiReview: boolean): { status: StageStatusMap; error: StageError | null } {
  return { status: { ...pendingStages(kpiReview), loaded: 'running' }, error: null };
}

/** The upload's answer applied to a row; an empty answer is the spec's 'Unexpected Error'. */
export function applyUploadResult(
  kpiReview: boolean,
  result: UploadResult | undefined,
): { status: StageStatusMap; error: StageError | null; fileId: string | null; tmpBucketUrl: string | null } {
  if (!result) {
    return {
      status: { ...pendingStages(kpiReview), loaded: 'error' },
      error: { title: GOV_TEXTS.unexpectedErrorTitle, description: GOV_TEXTS.unexpectedErrorDescription },
      fileId: null,
      tmpBucketUrl: null,
    };
  }
  return { status: result.status, error: result.error, fileId: result.file_id, tmpBucketUrl: result.tmp_bucket_url };
}

export type UploadButtonState = 'load' | 'checkKpis' | 'validating' | 'complete' | 'error' | 'busy';

/** The File Checks row's button (spec section 4, "Upload button"). */
export function uploadButtonState(status: StageStatusMap, kpiReview: boolean, validating: boolean): UploadButtonState {
  const values = Object.values(status);
  if (values.includes('error')) return 'error';
  if (validating) return 'validating';
  const done = (s: Stage) => status[s] === 'finished';
  if (done('loaded') && done('checkfile') && done('processed') && (!kpiReview || done('checkKpis'))) return 'complete';
  if (kpiReview && done('loaded') && done('checkfile') && status.checkKpis === 'running') return 'checkKpis';
  if (values.includes('running')) return 'busy';
  return 'load';
}
