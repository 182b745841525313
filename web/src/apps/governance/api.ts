import {
  AuthorizedBusResponse,
  DemoStatusResponse,
  fileNameFromUri,
  IngestionDataResponse,
  OverviewResponse,
  type PeriodOption,
  QualityResponse,
  ReferentialDataResponse,
  ReferentialUploadResult,
  type StageError,
  StageStatusMap,
  UploadResponse,
  type UploadResult,
  YearsResponse,
} from '@hangar/contract';
import { apiBlob, apiFetch, apiJson, type Parser } from '../../api/client';
import { browser } from '../../api/navigation';
import { saveBlob } from '../../pages/download/download-file';

const BASE = '/api/data_gov';

export type Period = Pick<PeriodOption, 'month' | 'year' | 'budget'>;

/** Everything governance keeps under one prefix; the 'data' branch is what locks the BU selector while it loads. */
export const govKeys = {
  authorizedBus: ['governance', 'authorized-bus'] as const,
  data: (useCase: string) => ['governance', 'data', useCase] as const,
  ingestion: (useCase: string, bu: string, period: Period) =>
    ['governance', 'data', useCase, 'ingestion', bu, period.year, period.month, period.budget] as const,
  referential: (useCase: string, bu: string) => ['governance', 'data', useCase, 'referential', bu] as const,
  overview: ['governance', 'overview'] as const,
  years: ['governance', 'years'] as const,
  demoStatus: ['governance', 'demo-status'] as const,
  // Outside the 'data' branch: quality loads do not lock the BU selector (spec: ingestion, referential, lineage do).
  quality: (useCase: string, bu: string, year: number) => ['governance', 'quality', useCase, bu, year] as const,
};

/** Governance data failures are logged and read as null or empty; nothing is shown (spec section 8). */
async function orFallback<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    return fallback;
  }
}

export const fetchAuthorizedBus = () =>
  orFallback('the authorised BUs', () => apiJson(`${BASE}/gouvernance/authorized-bus`, AuthorizedBusResponse), null);

export const fetchOverview = () => orFallback('the overview', () => apiJson(`${BASE}/gouvernance/overview`, OverviewResponse), null);

export const fetchDemoStatus = () =>
  orFallback('the demo status', () => apiJson(`${BASE}/gouvernance/demo-status`, DemoStatusResponse), null);

export const fetchYears = () => orFallback('the years', () => apiJson(`${BASE}/gouvernance/get_years`, YearsResponse), []);

/** `asset` is the BU as sent (the merged SSA/AMA goes as SSA). */
export const fetchQuality = (asset: string, useCase: string, year: number) =>
  orFallback(
    'the quality results',
    () =>
      apiJson(`${BASE}/gouvernance/quality`, QualityResponse, {
        method: 'POST',
        body: JSON.stringify({ asset, use_case: useCase, year }),
      }),
    null,
  );

export function fetchIngestionData(useCase: string, bu: string, period: Period) {
  const query = new URLSearchParams({ use_case: useCase, asset: bu, year: String(period.year), month: String(period.month) });
  if (period.budget) query.set('use_case_type', 'BUDGET');
  return orFallback('the ingestion data', () => apiJson(`${BASE}/ingestion/data?${query}`, IngestionDataResponse), []);
}

export const fetchReferentialData = (useCase: string, bu: string) =>
  orFallback(
    'the referential data',
    () => apiJson(`${BASE}/referentiel/data?${new URLSearchParams({ use_case: useCase, file_asset: bu })}`, ReferentialDataResponse),
    [],
  );

export interface UploadPart {
  file: File;
  fileType: string;
  version: string | null;
}

/** One upload of a file or a linked group: the period fields first, then per file its type, version and the file itself. */
export function uploadIngestionFiles(bu: string, useCase: string, period: Period, day: number, parts: readonly UploadPart[]) {
  const form = new FormData();
  form.append('file_asset', bu);
  form.append('use_case', useCase);
  form.append('month', String(period.month));
  form.append('year', String(period.year));
  form.append('day', String(day));
  for (const part of parts) {
    form.append('file_type', part.fileType);
    if (part.version) form.append('file_version', part.version);
    form.append('file', part.file, part.file.name);
  }
  return apiJson(`${BASE}/ingestion/file`, UploadResponse, { method: 'POST', body: form });
}

export interface ReviewFields {
  file_asset: string;
  file_type: string;
  file_version: string | null;
  month: number;
  year: number;
  tmp_bucket_url: string;
}

export interface StageOutcome {
  status: StageStatusMap;
  error: StageError | null;
}

/** The contract gives no body for validate: an upload result, a list of them, or a bare {status, error} are read alike. */
const StageOutcomeParser: Parser<StageOutcome | null> = {
  parse(input) {
    const last = (Array.isArray(input) ? input.at(-1) : input) as Partial<UploadResult> | undefined;
    const status = StageStatusMap.safeParse(last?.status);
    return status.success ? { status: status.data, error: last?.error ?? null } : null;
  },
};

export function validateKpis(fields: ReviewFields) {
  const form = new FormData();
  form.append('file_asset', fields.file_asset);
  form.append('file_type', fields.file_type);
  if (fields.file_version) form.append('file_version', fields.file_version);
  form.append('month', String(fields.month));
  form.append('year', String(fields.year));
  form.append('tmp_bucket_url', fields.tmp_bucket_url);
  return apiJson(`${BASE}/ingestion/validate`, StageOutcomeParser, { method: 'POST', body: form });
}

export async function rejectKpis(fields: ReviewFields): Promise<void> {
  const { file_version, ...rest } = fields;
  const body = file_version ? { ...rest, file_version } : rest;
  await apiFetch(`${BASE}/ingestion/reject`, { method: 'POST', body: JSON.stringify(body) });
}

export const uploadMappingFile = (bu: string, fileType: string, file: File) => {
  const form = new FormData();
  form.append('file_asset', bu);
  form.append('file_type', fileType);
  form.append('file', file, file.name);
  return apiJson(`${BASE}/referentiel/mapping_file`, ReferentialUploadResult, { method: 'POST', body: form });
};

const statusText = (error: unknown) =>
  error && typeof error === 'object' && 'statusText' in error
    ? String(error.statusText)
    : error instanceof Error
      ? error.message
      : String(error);

/** The template of a file type; failures are only logged (spec section 8). */
export async function downloadTemplate(bu: string, fileType: string, useCase: string, version: string | null): Promise<void> {
  const query = new URLSearchParams({ file_asset: bu, file_type: fileType, uc: useCase.toLowerCase() });
  if (version && version !== 'AMA') query.set('version', version);
  try {
    const { blob, fileName } = await apiBlob(`${BASE}/ingestion/template?${query}`);
    saveBlob(blob, fileName ?? `${fileType}_template.xlsx`);
  } catch (error) {
    console.error(`Download failed: ${statusText(error)}`);
  }
}

const LinkParser: Parser<string> = {
  parse(input) {
    if (typeof input !== 'string' || !input) throw new Error('The download answer is not a link');
    return input;
  },
};

/** Stored files open through a signed link that the server hands out as a JSON string. */
export async function openStoredFile(gsUrl: string): Promise<void> {
  try {
    const link = await apiJson(`${BASE}/gouvernance/download`, LinkParser, { method: 'POST', body: JSON.stringify({ gs_url: gsUrl }) });
    browser.openInNewTab(link);
  } catch (error) {
    console.error('Download failed', error);
  }
}

/** Retail referential files live where only the signed-link download reaches them. */
export async function downloadReferentialFile(fileUrl: string, finalFilename: string | null): Promise<void> {
  if (fileUrl.includes('/retail/')) return openStoredFile(fileUrl);
  try {
    const { blob, fileName } = await apiBlob(`${BASE}/referentiel/download`, { method: 'POST', body: JSON.stringify({ gs_url: fileUrl }) });
    saveBlob(blob, fileName ?? finalFilename ?? fileNameFromUri(fileUrl, 'referential.xlsx'));
  } catch (error) {
    console.error('Download failed', error);
  }
}
