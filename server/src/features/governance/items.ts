import {
  type GovUseCase,
  type IngestionItem,
  type KpiTables,
  pendingStages,
  type ReferentialItem,
  type StageError,
  type StageStatusMap,
  versionsFor,
} from '@hangar/contract';
import type { FileTypeDef } from './catalogue/index.ts';
import { fileTypesFor, useCaseDef } from './catalogue/index.ts';
import type { ReferentialRow, UploadRow } from './store.ts';

/** Types a BU sends for a period: next year's budget types only for the BUDGET period, the others otherwise. */
export function typesForPeriod(useCase: GovUseCase, bu: string, budget: boolean): FileTypeDef[] {
  return fileTypesFor(useCase, bu).filter((t) => Boolean(t.budget) === budget);
}

/** Types sent once per version (RECEIVABLES at SCA and SSA): one row each, uploaded together. */
const perVersionRows = (type: string, bu: string) => type === 'RECEIVABLES' && (bu === 'SCA' || bu === 'SSA');

export function ingestionItems(useCase: GovUseCase, bu: string, budget: boolean, uploads: UploadRow[]): IngestionItem[] {
  const kpiReview = useCaseDef(useCase).kpiReview;
  const items: IngestionItem[] = [];
  for (const def of typesForPeriod(useCase, bu, budget)) {
    const versions = versionsFor(def.type, bu);
    if (perVersionRows(def.type, bu)) {
      for (const v of versions) {
        const upload = uploads.find((u) => u.fileType === def.type && u.version === v);
        items.push(item(def, v, def.type, [v], upload, kpiReview));
      }
      continue;
    }
    const upload = uploads.find((u) => u.fileType === def.type);
    items.push(item(def, upload?.version || versions[0] || null, def.linked ?? null, versions, upload, kpiReview));
  }
  return items;
}

function item(
  def: FileTypeDef,
  version: string | null,
  linked: string | null,
  versions: string[],
  upload: UploadRow | undefined,
  kpiReview: boolean,
): IngestionItem {
  return {
    file_type: def.type,
    version,
    linked,
    versions,
    status: (upload?.status as StageStatusMap | undefined) ?? pendingStages(kpiReview),
    error: (upload?.error as StageError | null | undefined) ?? null,
    url: upload?.objectKey ?? null,
    kpis: upload?.kpis ? (Object.fromEntries(upload.kpis as [string, string[][]][]) as KpiTables) : null,
    uploaded_by: upload?.uploadedByEmail ?? null,
    date: upload ? upload.createdAt.toISOString().replace('Z', '+00:00') : null,
    check_ref_messages: upload?.checkRefMessages ?? null,
    tmp_bucket_url: upload?.stagedKey ?? null,
    final_filename: upload?.fileName ?? null,
    file_id: upload?.id ?? null,
    file_url: upload?.objectKey ?? null,
  };
}

export function referentialItems(useCase: GovUseCase, rows: ReferentialRow[]): ReferentialItem[] {
  return useCaseDef(useCase).referentials.map((def) => {
    const row = rows.find((r) => r.fileType === def.type);
    return {
      file_type: def.type,
      version: row?.version ?? null,
      status: row?.status ?? 'pending',
      error: (row?.error as StageError | null | undefined) ?? null,
      file_url: row?.objectKey ?? null,
      last_modified: row ? row.updatedAt.toISOString().replace('Z', '+00:00') : null,
      final_filename: row?.fileName ?? null,
      linked_url: null,
      template: def.template,
    };
  });
}
