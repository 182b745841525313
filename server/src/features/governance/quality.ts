import {
  APP,
  BUSINESS_UNITS,
  type CheckName,
  GOV_USE_CASES,
  type GovUseCase,
  type OverviewHqRow,
  type OverviewResponse,
  type OverviewRow,
  type QualityDetailRow,
  type QualityResponse,
} from '@hangar/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { govCheckResults, govUploads } from '../../platform/db/schema.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { fileTypeDef } from './catalogue/index.ts';
import { type PermissionMap, tabApp } from './permissions.ts';

// The overview and quality views, computed from the stored check results (never hand-written rows).

/** BUs whose overview a user may see: those of their permission map and their own; all for HQ and super admins. */
export function overviewBus(user: AccessClaims, map: PermissionMap): string[] {
  if (user.apps.includes(APP.dataGovOverviewHq) || user.apps.includes(APP.superAdmin)) return [...BUSINESS_UNITS];
  return [...new Set([...Object.keys(map), ...(user.bu ? [user.bu] : [])])].filter((b) =>
    (BUSINESS_UNITS as readonly string[]).includes(b),
  );
}

export const heldUseCases = (user: AccessClaims): GovUseCase[] => GOV_USE_CASES.filter((u) => user.apps.includes(tabApp(u)));

const endOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

interface Latest {
  bu: string;
  useCase: string;
  fileType: string;
  year: number;
  month: number;
  check: CheckName;
  value: number;
  message: string;
}

/** The newest current result of each check, per BU, use case, table and year. */
async function latestResults(db: Db, bus: string[], useCases: string[]): Promise<Latest[]> {
  if (!bus.length || !useCases.length) return [];
  return (await db
    .selectDistinctOn(
      [govCheckResults.bu, govCheckResults.useCase, govCheckResults.fileType, govCheckResults.year, govCheckResults.check],
      {
        bu: govCheckResults.bu,
        useCase: govCheckResults.useCase,
        fileType: govCheckResults.fileType,
        year: govCheckResults.year,
        month: govCheckResults.month,
        check: govCheckResults.check,
        value: govCheckResults.value,
        message: govCheckResults.message,
      },
    )
    .from(govCheckResults)
    .where(and(eq(govCheckResults.current, true), inArray(govCheckResults.bu, bus), inArray(govCheckResults.useCase, useCases)))
    .orderBy(
      govCheckResults.bu,
      govCheckResults.useCase,
      govCheckResults.fileType,
      govCheckResults.year,
      govCheckResults.check,
      desc(govCheckResults.month),
    )) as Latest[];
}

/** Coverage as the HQ flag: no result 0, below 30% -1, otherwise 1. */
const coverageFlag = (v: number | null) => (v === null ? 0 : v > 0 && v < 30 ? -1 : 1);

export async function overview(db: Db, bus: string[], useCases: string[], withHq: boolean): Promise<OverviewResponse> {
  const rows = await latestResults(db, bus, useCases);
  const data: OverviewResponse['overview_data'] = {};
  const byTable = new Map<string, OverviewRow & { year: number; bu: string; useCase: string; lastMonth: number }>();
  for (const r of rows) {
    const key = `${r.year}|${r.bu}|${r.useCase}|${r.fileType}`;
    let row = byTable.get(key);
    if (!row) {
      row = {
        year: r.year,
        bu: r.bu,
        useCase: r.useCase,
        lastMonth: 0,
        name: r.fileType,
        last_updated: null,
        file_not_received: 0,
        file_integrity: 0,
        data_integrity: 0,
        mapping_coverage: null,
        file_not_received_messages: '',
        file_integrity_messages: '',
        data_integrity_messages: '',
        mapping_coverage_messages: '',
      };
      byTable.set(key, row);
    }
    if (r.check === 'mapping_coverage') row.mapping_coverage = r.value;
    else row[r.check] = r.value;
    row[`${r.check}_messages`] = r.message;
    if (r.month > row.lastMonth) {
      row.lastMonth = r.month;
      row.last_updated = endOfMonth(r.year, r.month);
    }
  }
  const hq: NonNullable<OverviewResponse['overview_hq']> = {};
  for (const { year, bu, useCase, lastMonth: _m, ...row } of byTable.values()) {
    const y = String(year);
    place(data, y, bu, useCase, row);
    if (withHq) {
      const flags: OverviewHqRow = {
        name: row.name,
        last_updated: row.last_updated,
        file_not_received: row.file_not_received,
        file_integrity: row.file_integrity,
        data_integrity: row.data_integrity,
        mapping_coverage: coverageFlag(row.mapping_coverage),
      };
      place(hq, y, bu, useCase, flags);
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
    .leftJoin(govUploads, eq(govUploads.id, govCheckResults.uploadId))
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
      reception_time: (received ?? r.createdAt).toISOString().replace('Z', '+00:00'),
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
