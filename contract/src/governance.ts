import { z } from 'zod';
import { BUSINESS_UNITS } from './constants.ts';

// The data-governance area (spec data-governance.md): constants, texts and the API's bodies.

/** Use cases with a tab of their own (tabs 51–57), in menu order. */
export const GOV_USE_CASES = ['Traffic', 'Finance', 'Retail', 'Communication', 'Carparks', 'Ops', 'HR'] as const;
export type GovUseCase = (typeof GOV_USE_CASES)[number];

export const GOV_TAB_IDS: Record<GovUseCase, number> = {
  Traffic: 51,
  Finance: 52,
  Retail: 53,
  Communication: 54,
  Carparks: 55,
  Ops: 56,
  HR: 57,
};

/** The four data-governance applications, in the order that picks the default sub-tab. */
export const GOV_APPS = ['Quality', 'Ingestion', 'Referentiel', 'Lineage'] as const;
export type GovApp = (typeof GOV_APPS)[number];

export const STAGE_STATUSES = ['pending', 'running', 'finished', 'error'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];
export const STAGES = ['loaded', 'checkfile', 'checkKpis', 'processed'] as const;
export type Stage = (typeof STAGES)[number];

export const CHECKS = ['data_integrity', 'file_integrity', 'file_not_received', 'mapping_coverage'] as const;
export type CheckName = (typeof CHECKS)[number];
export const QUALITY_STATUSES = ['success', 'failed', 'pending', 'running', 'delayed'] as const;

export const VERSIONS = ['B0', 'R1', 'R2', 'R3'] as const;

export const GOVERNANCE = {
  maxUploadBytes: 2_147_483_648,
  monthTabs: 4,
  overviewCards: 4,
  coverageThresholds: [30, 60, 90] as const,
  failureFlag: -1,
  kpiConfirmDelayMs: 2000,
  rowBlinkMs: 5000,
  qualityPageSize: 10,
  tooltipMaxWidthPx: 200,
  graph: { nodeSpacingPx: 450, perKpiPx: 60, panBoundsPx: 1000 },
  helpStorageKey: 'dataGovHelpShown',
  /** Mapping-file uploads from the ingestion mapping screen are filed under this period. */
  mappingPeriod: { month: 11, year: 2024 },
  acceptedExtensions: ['pdf', 'docx', 'pptx', 'txt', 'csv', 'xlsx', 'xls', 'xlsm'] as const,
  referentialExtensions: ['pdf', 'docx', 'pptx', 'txt', 'csv', 'xlsx'] as const,
} as const;

export const GOV_TEXTS = {
  unexpectedErrorTitle: 'Unexpected Error',
  unexpectedErrorDescription: 'Please try again later. If the error persists, contact the support team.',
  mappingErrorTitle: 'Error',
  pickBu: (useCase: string) => `Here are the BUs to which you have access for ${useCase}.`,
  noBu: (useCase: string) => `You do not have any BUs that are authorised for ${useCase}.`,
  noIngestion: (bu: string, useCase: string) => `No ingestion data available for ${bu} - ${useCase}.`,
  noReferential: (bu: string, useCase: string) => `No referential data available for ${bu} - ${useCase}.`,
  noLineage: (bu: string, useCase: string) => `The datalineage module is not available for "${bu} - ${useCase}"`,
  noOptions: 'No options available',
  noVersions: 'No versions available',
  noData: 'No data available.',
  noExplanation: 'No explanation available.',
  loading: 'Loading...',
  loadingOverview: 'Loading overview data',
  buSelection: 'BU Selection:',
  chooseBu: 'Please choose a BU',
  noErrors: 'There are no errors to report at this time.',
  noTableErrors: (table: string) => `There are no "${table}" errors to report at this time.`,
  notAvailable: 'Not available',
  importantNotice: 'Important Notice',
  confirmationRequired: 'Confirmation Required',
  buttons: {
    load: 'Load File',
    checkKpis: 'Check KPIs',
    validating: 'Validating KPIs...',
    complete: 'Process complete',
    seeError: 'See Error',
    validate: 'Validate KPIs and process file for ingestion',
    reject: 'Reject KPIs',
    updateRef: 'Update Ref File',
    processing: 'Processing',
    downloadTemplate: 'Download Template',
    downloadFile: 'Download File',
  },
} as const;

const Bu = z.enum(BUSINESS_UNITS, { error: `file_asset must be one of ${BUSINESS_UNITS.join(', ')}` });
const UseCaseField = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const found = GOV_USE_CASES.find((u) => u.toLowerCase() === v.toLowerCase());
    if (!found) ctx.addIssue({ code: 'custom', message: `use_case must be one of ${GOV_USE_CASES.join(', ')}` });
    return found as GovUseCase;
  });
const Month = z.coerce
  .number({ error: 'month must be a number from 1 to 12' })
  .int('month must be a whole number')
  .min(1, 'month must be from 1 to 12')
  .max(12, 'month must be from 1 to 12');
const Year = z.coerce
  .number({ error: 'year must be a number like 2026' })
  .int('year must be a whole number')
  .min(2000, 'year must be 2000 or later')
  .max(2100, 'year must be 2100 or earlier');

export const StageStatusMap = z.object({
  loaded: z.enum(STAGE_STATUSES),
  checkfile: z.enum(STAGE_STATUSES),
  checkKpis: z.enum(STAGE_STATUSES).optional(),
  processed: z.enum(STAGE_STATUSES),
});
export type StageStatusMap = z.infer<typeof StageStatusMap>;

export const StageError = z.object({ title: z.string(), description: z.string() });
export type StageError = z.infer<typeof StageError>;
/** KPI name -> table whose first row is the header. */
export const KpiTables = z.record(z.string(), z.array(z.array(z.string())));
export type KpiTables = z.infer<typeof KpiTables>;

export const AuthorizedBusResponse = z.object({
  authorised_bus: z.array(z.string()),
  /** BU -> group name -> application names such as 'Finance/Ingestion'. */
  user_permissions: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
});
export type AuthorizedBusResponse = z.infer<typeof AuthorizedBusResponse>;

export const IngestionDataQuery = z.object({
  use_case: UseCaseField,
  asset: Bu,
  year: Year,
  month: Month,
  use_case_type: z.enum(['BUDGET', '']).optional(),
});

export const IngestionItem = z.object({
  file_type: z.string(),
  version: z.string().nullable(),
  /** The group leader's type when this file is uploaded together with others. */
  linked: z.string().nullable(),
  /** Versions offered for this type at this BU; empty when no version is asked. */
  versions: z.array(z.string()),
  status: StageStatusMap,
  error: StageError.nullable(),
  url: z.string().nullable(),
  kpis: KpiTables.nullable(),
  uploaded_by: z.string().nullable(),
  date: z.string().nullable(),
  check_ref_messages: z.string().nullable(),
  tmp_bucket_url: z.string().nullable(),
  final_filename: z.string().nullable(),
  file_id: z.string().nullable(),
  file_url: z.string().nullable(),
});
export type IngestionItem = z.infer<typeof IngestionItem>;
export const IngestionDataResponse = z.array(IngestionItem);

export const UploadResult = z.object({
  file_type: z.string(),
  version: z.string().nullable(),
  status: StageStatusMap,
  file_id: z.string().nullable(),
  kpis: KpiTables.nullable(),
  tmp_bucket_url: z.string().nullable(),
  error: StageError.nullable(),
});
export type UploadResult = z.infer<typeof UploadResult>;
export const UploadResponse = z.array(UploadResult);

export const ValidateBody = z.object({
  file_asset: Bu,
  file_type: z.string().trim().min(1, 'file_type is required').max(64),
  file_version: z.string().trim().max(16).optional(),
  month: Month,
  year: Year,
  tmp_bucket_url: z.string().min(1, 'tmp_bucket_url is required').max(1024),
});
export const RejectBody = ValidateBody;
export const DeleteBody = z.object({ file_name_sftp: z.string().min(1, 'file_name_sftp is required').max(1024) });

export const TemplateQuery = z.object({
  file_asset: Bu,
  file_type: z.string().trim().min(1, 'file_type is required').max(64),
  uc: UseCaseField,
  version: z.string().trim().max(16).optional(),
});

export const ReferentialDataQuery = z.object({ use_case: UseCaseField, file_asset: Bu });
export const ReferentialItem = z.object({
  file_type: z.string(),
  version: z.string().nullable(),
  status: z.enum(STAGE_STATUSES),
  error: StageError.nullable(),
  file_url: z.string().nullable(),
  last_modified: z.string().nullable(),
  final_filename: z.string().nullable(),
  linked_url: z.string().nullable(),
  /** Whether the portal can generate a template for this type (Retail). */
  template: z.boolean(),
});
export type ReferentialItem = z.infer<typeof ReferentialItem>;
export const ReferentialDataResponse = z.array(ReferentialItem);
export const ReferentialUploadResult = z.object({ status: z.enum(STAGE_STATUSES), error: StageError.nullable() });

export const DownloadBody = z.object({ gs_url: z.string().min(1, 'gs_url is required').max(1024) });

export { Bu as GovBu, Month as GovMonth, UseCaseField as GovUseCaseField, Year as GovYear };
