import type {
  CheckName,
  GovUseCase,
  OverviewHqRow,
  OverviewResponse,
  OverviewRow,
  QualityDetailRow,
  QualityResponse,
} from '@hangar/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { govCheckResults, govUploads } from '../../platform/db/schema.ts';
import { heldUseCases, overviewBus } from '../../platform/policies/governance.ts';
import { fileTypeDef } from './catalogue/index.ts';

// The overview and quality views, computed from the stored check results (never hand-written rows).

export { heldUseCases, overviewBus };

const endOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

interface Current {
  bu: string;
  useCase: string;
  fileType: string;
  year: number;
  month: number;
  check: CheckName;
  status: string;
  value: number;
  message: string;
  fileName: string | null;
  uploadId: string | null;
}

async function currentResults(db: Db, bus: string[], useCases: string[]): Promise<Current[]> {
  if (!bus.length || !useCases.length) return [];
  return (await db
    .select({
      bu: govCheckResults.bu,
      useCase: govCheckResults.useCase,
      fileType: govCheckResults.fileType,
      year: govCheckResults.year,
      month: govCheckResults.month,
      check: govCheckResults.check,
      status: govCheckResults.status,
      value: govCheckResults.value,
      message: govCheckResults.message,
      fileName: govCheckResults.fileName,
      uploadId: govCheckResults.uploadId,
    })
    .from(govCheckResults)
    .where(
      and(eq(govCheckResults.current, true), inArray(govCheckResults.bu, bus), inArray(govCheckResults.useCase, useCases)),
    )) as Current[];
}

/** A period says something once a file arrived for it or its file is late or missing; not while merely not due. */
const tells = (r: Current) => r.check !== 'file_not_received' || r.status !== 'pending';

/**
 * Per table and year, the results of one period: the newest that tells something. Its file checks
 * are of the one delivery current for that period, so a row never mixes two files.
 */
function newestPeriods(rows: Current[]): Map<string, Current[]> {
  const byTable = new Map<string, Current[]>();
  for (const r of rows) {
    const key = `${r.year}|${r.bu}|${r.useCase}|${r.fileType}`;
    byTable.set(key, [...(byTable.get(key) ?? []), r]);
  }
  const out = new Map<string, Current[]>();
  for (const [key, results] of byTable) {
    const telling = results.filter(tells);
    const month = Math.max(...(telling.length ? telling : results).map((r) => r.month));
    out.set(
      key,
      results.filter((r) => r.month === month),
    );
  }
  return out;
}

/** Coverage as the HQ flag: no result 0, below 30% -1, otherwise 1. */
const coverageFlag = (v: number | null) => (v === null ? 0 : v > 0 && v < 30 ? -1 : 1);

export async function overview(db: Db, bus: string[], useCases: string[], withHq: boolean): Promise<OverviewResponse> {
  const data: OverviewResponse['overview_data'] = {};
  const hq: NonNullable<OverviewResponse['overview_hq']> = {};
  for (const results of newestPeriods(await currentResults(db, bus, useCases)).values()) {
    const { year, month, bu, useCase, fileType } = results[0]!;
    const row: OverviewRow = {
      name: fileType,
      last_updated: endOfMonth(year, month),
      file_not_received: 0,
      file_integrity: 0,
      data_integrity: 0,
      mapping_coverage: null,
      file_not_received_messages: '',
      file_integrity_messages: '',
      data_integrity_messages: '',
      mapping_coverage_messages: '',
      period: `${year}-${String(month).padStart(2, '0')}`,
      file_name: results.find((r) => r.uploadId)?.fileName ?? null,
    };
    for (const r of results) {
      if (r.check === 'mapping_coverage') row.mapping_coverage = r.value;
      else row[r.check] = r.value;
      row[`${r.check}_messages`] = r.message;
    }
    place(data, String(year), bu, useCase, row);
    if (withHq) {
      place(hq, String(year), bu, useCase, {
        name: row.name,
        last_updated: row.last_updated,
        file_not_received: row.file_not_received,
        file_integrity: row.file_integrity,
        data_integrity: row.data_integrity,
        mapping_coverage: coverageFlag(row.mapping_coverage),
      } satisfies OverviewHqRow);
    }
  }
  return withHq ? { overview_data: data, overview_hq: hq } : { overview_data: data };
}

/** Appends a row under year -> BU -> use case. */
function place<T>(tree: Record<string, Record<string, Record<string, T[]>>>, year: string, bu: string, useCase: string, row: T) {
  const byBu = tree[year] ?? {};
  tree[year] = byBu;
  const byUseCase = byBu[bu] ?? {};
  byBu[bu] = byUseCase;
  byUseCase[useCase] = [...(byUseCase[useCase] ?? []), row];
}

export async function years(db: Db, bus: string[], useCases: string[]): Promise<number[]> {
  if (!bus.length || !useCases.length) return [];
  const rows = await db
    .selectDistinct({ year: govCheckResults.year })
    .from(govCheckResults)
    .where(and(eq(govCheckResults.current, true), inArray(govCheckResults.bu, bus), inArray(govCheckResults.useCase, useCases)))
    .orderBy(govCheckResults.year);
  return rows.map((r) => r.year);
}

/** Every current result of a BU, use case and year, per check table, newest period first. */
export async function qualityRows(db: Db, bu: string, useCase: GovUseCase, year: number): Promise<QualityResponse> {
  const rows = await db
    .select({ r: govCheckResults, received: govUploads.createdAt })
    .from(govCheckResults)
    // File-not-received results name the file that arrived (by its object), not an upload of their own.
    .leftJoin(
      govUploads,
      or(
        eq(govUploads.id, govCheckResults.uploadId),
        and(isNull(govCheckResults.uploadId), eq(govUploads.objectKey, govCheckResults.objectKey)),
      ),
    )
    .where(
      and(
        eq(govCheckResults.current, true),
        eq(govCheckResults.bu, bu),
        eq(govCheckResults.useCase, useCase),
        eq(govCheckResults.year, year),
      ),
    )
    .orderBy(desc(govCheckResults.month), govCheckResults.fileType, sql`${govCheckResults.createdAt} desc`);
  const out: QualityResponse = { data_integrity: [], file_integrity: [], file_not_received: [], mapping_coverage: [] };
  for (const { r, received } of rows) {
    const def = fileTypeDef(useCase, bu, r.fileType);
    const reference = def?.columns.find((c) => c.codeOf)?.codeOf?.referential ?? null;
    const row: QualityDetailRow = {
      year: r.year,
      month: r.month,
      table_name: r.fileType,
      cause: r.cause,
      detailed_cause: r.detailedCause,
      detailed_cause_fix: r.fix,
      file_type: r.fileType,
      status: r.status,
      // The date the file arrived; never the date the check ran.
      reception_time: received ? received.toISOString().replace('Z', '+00:00') : null,
      url: r.objectKey,
      file_name_sftp: r.fileName,
      'Table Name': `${useCase.toLowerCase()}_${r.fileType.toLowerCase()}`,
      'Reference Name': r.check === 'mapping_coverage' ? reference : null,
      value: r.value,
      message: r.message,
      failing_count: r.failingCount,
      sample: Array.isArray(r.sample) ? (r.sample as QualityDetailRow['sample']) : [],
    };
    out[r.check].push(row);
  }
  return out;
}
