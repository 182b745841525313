import { expect, type Page } from '@playwright/test';
import { accessTokenOf } from './helpers.ts';

// Ledgers delivered for SSA through the governance API, as an administrator would, for the specs
// that need governed data (Talk to my data, the Quality tab) without clicking through Ingestion.

export interface Month {
  year: number;
  month: number;
  period: string;
}

/** The month `back` months before today (UTC), with its yyyy-MM period. */
export function monthsBack(back: number, now = new Date()): Month {
  const when = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const year = when.getUTCFullYear();
  const month = when.getUTCMonth() + 1;
  return { year, month, period: `${year}-${String(month).padStart(2, '0')}` };
}

export interface LedgerRow {
  file_type: string;
  status: Record<string, string>;
  tmp_bucket_url: string | null;
}

const authorization = async (admin: Page) => ({ authorization: `Bearer ${await accessTokenOf(admin)}` });

/** The GENERAL_LEDGER row of the SSA Finance ingestion table for a month. */
export async function ledgerRow(admin: Page, { year, month }: Month): Promise<LedgerRow | undefined> {
  const res = await admin.request.get(`/api/data_gov/ingestion/data?use_case=Finance&asset=SSA&year=${year}&month=${month}`, {
    headers: await authorization(admin),
  });
  return ((await res.json()) as LedgerRow[]).find((i) => i.file_type === 'GENERAL_LEDGER');
}

/**
 * Uploads a ledger for the month and waits until the stage `stage` reaches `status`: the checks
 * run as background jobs, which a loaded CI machine makes slow, hence the long wait.
 */
export async function uploadLedger(admin: Page, at: Month, csv: string, until: { stage: string; status: string }): Promise<LedgerRow> {
  const res = await admin.request.post('/api/data_gov/ingestion/file', {
    headers: await authorization(admin),
    multipart: {
      file_asset: 'SSA',
      use_case: 'Finance',
      month: String(at.month),
      year: String(at.year),
      file_type: 'GENERAL_LEDGER',
      file: { name: `SSA_GL_${at.period}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(res.status()).toBe(200);
  return waitForLedger(admin, at, until);
}

export async function waitForLedger(admin: Page, at: Month, { stage, status }: { stage: string; status: string }): Promise<LedgerRow> {
  let row: LedgerRow | undefined;
  await expect
    .poll(
      async () => {
        row = await ledgerRow(admin, at);
        return row?.status[stage];
      },
      { timeout: 45_000 },
    )
    .toBe(status);
  return row!;
}

/** Validates the KPIs of an uploaded ledger and waits until it is processed into the warehouse. */
export async function validateLedger(admin: Page, at: Month, row: LedgerRow): Promise<void> {
  const validated = await admin.request.post('/api/data_gov/ingestion/validate', {
    headers: await authorization(admin),
    multipart: {
      file_asset: 'SSA',
      file_type: 'GENERAL_LEDGER',
      month: String(at.month),
      year: String(at.year),
      tmp_bucket_url: row.tmp_bucket_url!,
    },
  });
  expect(validated.status()).toBe(200);
  await waitForLedger(admin, at, { stage: 'processed', status: 'finished' });
}
