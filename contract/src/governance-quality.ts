import { z } from 'zod';
import { CHECKS, type CheckName, GOV_USE_CASES, QUALITY_STATUSES } from './governance.ts';

// Data-governance part 2: the overview, the quality views and the lineage graph (spec sections 2, 3, 7).

/** One table (file type) of a use case in the overview: the latest result of each check in the year. */
export const OverviewRow = z.object({
  name: z.string(),
  /** The end of the latest period with a result, yyyy-MM-dd. */
  last_updated: z.string().nullable(),
  /** 1 passed, 0 not checked or not due, -1 failed. */
  file_not_received: z.number(),
  file_integrity: z.number(),
  data_integrity: z.number(),
  /** Percent of codes found in the referential; null when no file was checked. */
  mapping_coverage: z.number().nullable(),
  file_not_received_messages: z.string(),
  file_integrity_messages: z.string(),
  data_integrity_messages: z.string(),
  mapping_coverage_messages: z.string(),
  /** The period the row's results are about, yyyy-MM: every check of a row is of one delivery. */
  period: z.string().nullable().optional(),
  /** The delivered file those results are of; null when none arrived for the period. */
  file_name: z.string().nullable().optional(),
});
export type OverviewRow = z.infer<typeof OverviewRow>;

/** The head-office row: the four checks as 1, 0 or -1 (coverage below 30% counts as -1). */
export const OverviewHqRow = z.object({
  name: z.string(),
  last_updated: z.string().nullable(),
  file_not_received: z.number(),
  file_integrity: z.number(),
  data_integrity: z.number(),
  mapping_coverage: z.number(),
});
export type OverviewHqRow = z.infer<typeof OverviewHqRow>;

/** year -> BU -> use case -> rows. */
export const OverviewResponse = z.object({
  overview_data: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.array(OverviewRow)))),
  overview_hq: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.array(OverviewHqRow)))).optional(),
});
export type OverviewResponse = z.infer<typeof OverviewResponse>;

export const YearsResponse = z.array(z.number());

/** While the demo warehouse is being built on a first start, governance screens show partial data and say so. */
export const DemoStatusResponse = z.object({
  preparing: z.boolean(),
  /** Deliveries run through the checks so far, out of all the demo brings. */
  done: z.number(),
  total: z.number(),
});
export type DemoStatusResponse = z.infer<typeof DemoStatusResponse>;
export const demoPreparingText = (s: DemoStatusResponse) =>
  `Demo data is being prepared (${s.done} of ${s.total} deliveries): results are incomplete until it is done.`;

export const QualityBody = z.object({
  asset: z.string().trim().min(1, 'asset (the BU) is required').max(16),
  use_case: z
    .string()
    .trim()
    .refine((v) => GOV_USE_CASES.some((u) => u.toLowerCase() === v.toLowerCase()), `use_case must be one of ${GOV_USE_CASES.join(', ')}`),
  year: z.coerce.number({ error: 'year must be a number like 2026' }).int().min(2000).max(2100),
});

/** One check result on one file and period (spec "Quality detail row", plus history and sample). */
export const QualityDetailRow = z.object({
  year: z.number(),
  /** The period's month, 1–12. */
  month: z.number(),
  table_name: z.string(),
  cause: z.string().nullable(),
  detailed_cause: z.string().nullable(),
  detailed_cause_fix: z.string().nullable(),
  file_type: z.string(),
  status: z.enum(QUALITY_STATUSES),
  /** When the file arrived, ISO with +00:00; null when it did not. */
  reception_time: z.string().nullable(),
  /** The opaque file reference for the download call; null when there is no file. */
  url: z.string().nullable(),
  file_name_sftp: z.string().nullable(),
  'Table Name': z.string(),
  'Reference Name': z.string().nullable(),
  /** 1/0/-1, or the coverage percent for mapping_coverage. */
  value: z.number(),
  message: z.string(),
  failing_count: z.number(),
  /** Up to a few failing rows: file line, column and value. */
  sample: z.array(
    z.object({ line: z.number().optional(), column: z.string().optional(), value: z.string().optional(), problem: z.string().optional() }),
  ),
});
export type QualityDetailRow = z.infer<typeof QualityDetailRow>;

export const QualityResponse = z.object({
  data_integrity: z.array(QualityDetailRow),
  file_integrity: z.array(QualityDetailRow),
  file_not_received: z.array(QualityDetailRow),
  mapping_coverage: z.array(QualityDetailRow),
});
export type QualityResponse = z.infer<typeof QualityResponse>;

export const QUALITY_TABS: { key: CheckName; label: string }[] = [
  { key: 'data_integrity', label: 'Data Integrity' },
  { key: 'file_integrity', label: 'File Integrity' },
  { key: 'file_not_received', label: 'File Not Sent' },
  { key: 'mapping_coverage', label: 'Referential' },
];

/** What each overview column tests (its tooltip, at most 200 px wide). */
export const CHECK_EXPLANATIONS: Record<CheckName, string> = {
  data_integrity: 'Required values present, unique keys, valid codes and ranges, totals that reconcile.',
  file_integrity:
    'The file reads, has the expected columns with their exact names, no empty lines, values of the right type, and the chosen period.',
  file_not_received: 'The file arrived by its due day for the period.',
  mapping_coverage: 'Percent of the codes in the file found in the current referential file.',
};

export const LineageQuery = z.object({
  use_case: z.string().trim().min(1),
  asset: z.string().trim().min(1).max(16),
});

/** A KPI of a BU and use case; file_path is the opaque reference of its graph. */
export const LineageEntry = z.object({
  use_case: z.string(),
  kpi_name: z.string(),
  definition: z.string(),
  file_path: z.string(),
});
export const LineageKpisResponse = z.object({ data: z.array(LineageEntry) });

export const LineageGraphQuery = z.object({ file_path: z.string().min(1, 'file_path is required').max(512) });

/** A node of the graph: a source system (header), a table, a KPI, or a dashboard that shows KPIs. */
export const LineageNode = z.object({
  id: z.string(),
  kind: z.enum(['source', 'table', 'kpi', 'dashboard']),
  /** The source system a table belongs to (tables), or the system itself (sources). */
  source: z.string(),
  /** For tables: the table; for KPIs: the KPI name. */
  kpi: z.string(),
  remapping_name: z.string(),
  explanation: z.string().nullable(),
  description: z.string(),
  format: z.string().nullable(),
  /** Table nodes: the columns the KPIs read. */
  columns: z.array(z.string()),
  /** Table nodes: the latest data-quality status of the table at this BU (worst of its checks). */
  quality: z.enum(['success', 'failed', 'pending', 'none']).optional(),
});
export type LineageNode = z.infer<typeof LineageNode>;
export const LineageTablesResponse = z.object({ tables: z.array(LineageNode) });

const EdgeEnd = z.object({ column: z.string().nullable(), table: z.string(), kpi: z.string().nullable() });
export const LineageEdge = z.object({
  id: z.string(),
  source: EdgeEnd.extend({ node: z.string() }),
  target: EdgeEnd.extend({ node: z.string() }),
});
export type LineageEdge = z.infer<typeof LineageEdge>;
export const LineageEdgesResponse = z.object({ edges: z.array(LineageEdge) });

export { CHECKS as QUALITY_CHECKS };
