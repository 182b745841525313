import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP, type CheckName, type DataAnswer } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverLedger } from '../../../test/analytics-ledger.ts';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { appGrants, govCheckResults, users } from '../../platform/db/schema.ts';

// The quality status of the months an answer used (issue 16): each month's current checks from
// data governance, failed ones warned of, missing ones said, other BUs' results never shown.

let t: TestApp;
let dir: string;
let steward: string;
let admin: string;
const call = apiCaller(() => t.url);

const deliver = (bu: 'SSA' | 'LGW', month: number, revenue: number) => deliverLedger(t, dir, bu, month, revenue);

/** The checks of a delivery as the pipeline records them: one current row per check. */
async function checked(bu: string, month: number, uploadId: string, failed: CheckName[], late = false) {
  const checks: CheckName[] = ['file_integrity', 'data_integrity', 'mapping_coverage', 'file_not_received'];
  await t.ctx.db.insert(govCheckResults).values(
    checks.map((check) => ({
      uploadId,
      bu,
      useCase: 'Finance',
      fileType: 'GENERAL_LEDGER',
      year: 2025,
      month,
      check,
      status: failed.includes(check)
        ? ('failed' as const)
        : late && check === 'file_not_received'
          ? ('delayed' as const)
          : ('success' as const),
      value: check === 'mapping_coverage' ? (failed.includes(check) ? 12 : 100) : failed.includes(check) ? -1 : 1,
      message: failed.includes(check) ? `${check} failed` : 'ok',
    })),
  );
}

const ask = async (token: string, question: string) =>
  (await call('POST', '/api/generative_analytics/ask', token, { question })).body as DataAnswer;

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' });
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-analytics-quality-'));
  // Received after its due day (file-not-received says "delayed"): late, but every check passed.
  await checked('SSA', 1, await deliver('SSA', 1, 1000), [], true);
  await checked('SSA', 2, await deliver('SSA', 2, 1200), ['data_integrity', 'mapping_coverage']);
  await checked('LGW', 1, await deliver('LGW', 1, 5000), ['file_integrity']);
  await deliver('LGW', 2, 7000); // delivered, its checks not recorded yet
  // A superseded failure: a later delivery of SSA January passed, only current results count.
  await t.ctx.db.insert(govCheckResults).values({
    bu: 'SSA',
    useCase: 'Finance',
    fileType: 'GENERAL_LEDGER',
    year: 2025,
    month: 1,
    check: 'data_integrity',
    status: 'failed',
    value: -1,
    message: 'old',
    current: false,
  });
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'finance.ssa@hangar.local'));
  await t.ctx.db.insert(appGrants).values({ appId: APP.talkToMyData, userId: u!.id });
  steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the quality status of the months an answer used', () => {
  it('gives each month its checks, warns of the failed one with its checks, and says the missing one', async () => {
    const a = await ask(steward, 'revenue from January to March 2025');
    expect(a.status).toBe('answered');
    expect(a.qualityStatus).toEqual([
      {
        useCase: 'Finance',
        kpi: 'Revenue',
        table: 'GENERAL_LEDGER',
        months: [
          { bu: 'SSA', month: '2025-01', status: 'passed', failedChecks: [] },
          { bu: 'SSA', month: '2025-02', status: 'failed', failedChecks: ['Data Integrity', 'Referential'] },
          { bu: 'SSA', month: '2025-03', status: 'missing', failedChecks: [] },
        ],
      },
    ]);
    expect(a.quality).toContain(
      "Revenue: SSA's GENERAL_LEDGER failed its quality checks for 2025-02 (Data Integrity, Referential): check those months before relying on them.",
    );
    expect(a.quality.join(' ')).toMatch(/SSA has no validated GENERAL_LEDGER for 2025-03/);
  });

  it('says nothing of another BU, and marks a month without results as pending rather than passed', async () => {
    const mine = await ask(steward, 'revenue by month in 2025');
    expect(JSON.stringify(mine.qualityStatus)).not.toContain('LGW');
    expect(mine.quality.join(' ')).not.toContain('LGW');
    const all = await ask(admin, 'revenue from January to February 2025');
    const lgw = all.qualityStatus![0]!.months.filter((m) => m.bu === 'LGW');
    expect(lgw).toEqual([
      { bu: 'LGW', month: '2025-01', status: 'failed', failedChecks: ['File Integrity'] },
      { bu: 'LGW', month: '2025-02', status: 'pending', failedChecks: [] },
    ]);
    expect(all.quality.join(' ')).toMatch(/LGW's GENERAL_LEDGER failed its quality checks for 2025-01 \(File Integrity\)/);
  });

  it('is kept with the answer in the history, and an answer with every month passed has no warning', async () => {
    const a = await ask(steward, 'revenue in January 2025');
    expect(a.qualityStatus![0]!.months).toEqual([{ bu: 'SSA', month: '2025-01', status: 'passed', failedChecks: [] }]);
    expect(a.quality).toEqual([]);
    const again = (await call('GET', `/api/generative_analytics/history/${a.id}`, steward)).body as DataAnswer;
    expect(again.qualityStatus).toEqual(a.qualityStatus);
  });

  it('reports the checks of the delivery the numbers came from, not of a failed re-upload waiting beside it', async () => {
    const validated = await deliver('LGW', 3, 900);
    await checked('LGW', 3, validated, []);
    // A correction of March fails its checks: the pipeline makes its results current, the warehouse keeps the validated file.
    await t.ctx.db.update(govCheckResults).set({ current: false }).where(eq(govCheckResults.uploadId, validated));
    await checked('LGW', 3, crypto.randomUUID(), ['data_integrity']);
    const a = await ask(admin, 'revenue in March 2025 for LGW');
    expect(a.qualityStatus![0]!.months).toEqual([{ bu: 'LGW', month: '2025-03', status: 'passed', failedChecks: [] }]);
    expect(a.quality.join(' ')).not.toMatch(/failed its quality checks/);
  });
});
