import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CheckName, KpiQuality } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, testDatabase } from '../../../test/harness.ts';
import type { Db } from '../../platform/db/client.ts';
import { govCheckResults } from '../../platform/db/schema.ts';
import { type CheckRow, recordChecks, type UploadRow } from '../governance/store.ts';
import { createQualityCache, QUALITY_TTL_MS } from './quality-cache.ts';

// The widgets' quality status is read once for every widget and user reading the same files, and
// never served stale after a registry switch or after this process records check results.

let dir: string;
let opened: OpenedDatabase;
let db: Db;

const KPI = { useCase: 'Finance', kpi: 'Revenue', table: 'GENERAL_LEDGER' };
const TODAY = new Date('2025-06-15T12:00:00Z');
const CHECKS: CheckName[] = ['file_integrity', 'data_integrity', 'mapping_coverage', 'file_not_received'];
/** A month of SSA's ledger as the warehouse lists it: the object key is new for every delivery. */
const file = (month: number, key: string) => ({
  bu: 'SSA',
  useCase: 'Finance',
  fileType: 'GENERAL_LEDGER',
  year: 2025,
  month,
  path: `/data/cache/warehouse/${key}.parquet`,
});
const period = (month: number) => ({ from: `2025-0${month}`, to: `2025-0${month}` });
const results = (month: number, failed: CheckName[]): CheckRow[] =>
  CHECKS.map((check) => ({
    bu: 'SSA',
    useCase: 'Finance',
    fileType: 'GENERAL_LEDGER',
    year: 2025,
    month,
    check,
    status: failed.includes(check) ? ('failed' as const) : ('success' as const),
    value: failed.includes(check) ? -1 : 1,
    message: 'test',
  }));
/** Check results written by another process: straight into the database, nothing said to this one. */
const writtenElsewhere = async (month: number, failed: CheckName[]) => {
  await db.update(govCheckResults).set({ current: false });
  await db.insert(govCheckResults).values(results(month, failed));
};
const statuses = (q: KpiQuality) => q.months.map((m) => `${m.bu} ${m.month} ${m.status} ${m.failedChecks.join('+')}`.trim());

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-quality-cache-'));
  opened = await testDatabase(dir);
  db = opened.database.db;
}, 60_000);
afterAll(async () => {
  await opened?.database.close();
  await opened?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('the dashboards’ quality cache', () => {
  it('serves every reader of the same files and months one lookup; another process’s results show within the TTL', async () => {
    let clock = 1_000_000;
    const cache = createQualityCache(db, { now: () => clock, version: () => 0 });
    const files = [file(1, 'a')];
    const first = cache.quality(KPI, files, period(1), TODAY);
    expect(cache.quality(KPI, files, period(1), TODAY)).toBe(first);
    expect(statuses(await first)).toEqual(['SSA 2025-01 pending']);
    await writtenElsewhere(1, ['data_integrity']);
    clock += QUALITY_TTL_MS - 1;
    expect(statuses(await cache.quality(KPI, files, period(1), TODAY))).toEqual(['SSA 2025-01 pending']);
    clock += 1;
    expect(statuses(await cache.quality(KPI, files, period(1), TODAY))).toEqual(['SSA 2025-01 failed Data Integrity']);
  });

  it('never serves the previous delivery’s quality after a registry switch, even within the TTL', async () => {
    const cache = createQualityCache(db, { now: () => 0, version: () => 0 });
    await writtenElsewhere(2, []);
    expect(statuses(await cache.quality(KPI, [file(2, 'first')], period(2), TODAY))).toEqual(['SSA 2025-02 passed']);
    // A new delivery of the month, switched into the registry by another process with its checks.
    await writtenElsewhere(2, ['mapping_coverage']);
    expect(statuses(await cache.quality(KPI, [file(2, 'second')], period(2), TODAY))).toEqual(['SSA 2025-02 failed Referential']);
    // The months asked are part of the key too: another period is another lookup.
    expect(statuses(await cache.quality(KPI, [file(2, 'second')], { from: '2025-02', to: '2025-03' }, TODAY))).toEqual([
      'SSA 2025-02 failed Referential',
      'SSA 2025-03 missing',
    ]);
  });

  it('drops what it holds as soon as this process records check results (governance’s results version)', async () => {
    const cache = createQualityCache(db, { now: () => 0 });
    const files = [file(3, 'only')];
    await writtenElsewhere(3, []);
    expect(statuses(await cache.quality(KPI, files, period(3), TODAY))).toEqual(['SSA 2025-03 passed']);
    const upload = { bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', year: 2025, month: 3 } as UploadRow;
    await recordChecks(db, upload, results(3, ['file_integrity']));
    expect(statuses(await cache.quality(KPI, files, period(3), TODAY))).toEqual(['SSA 2025-03 failed File Integrity']);
  });

  it('keeps no failure: the next reader asks the database again', async () => {
    let broken = true;
    const failing = new Proxy(db, {
      get: (target, prop, receiver) =>
        broken && prop === 'select'
          ? () => {
              throw new Error('the database is down');
            }
          : Reflect.get(target, prop, receiver),
    });
    const cache = createQualityCache(failing, { now: () => 0, version: () => 0 });
    await expect(cache.quality(KPI, [file(4, 'x')], period(4), TODAY)).rejects.toThrow(/down/);
    broken = false;
    expect(statuses(await cache.quality(KPI, [file(4, 'x')], period(4), TODAY))).toEqual(['SSA 2025-04 pending']);
  });
});
