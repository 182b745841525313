import { expect, type Page, test } from '@playwright/test';
import { accessTokenOf, signedInPage } from './helpers.ts';

// Talk to my data (tab 6) against the real server. The e2e server has no demo warehouse, so an
// administrator first delivers a valid SSA ledger through the governance ingestion and validates
// its KPIs: the warehouse then holds one month of revenue to ask about.
const now = new Date();
/** Two months of ledger, three and two months back: enough for a line. */
const MONTHS = [3, 2].map((back) => {
  const when = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const year = when.getUTCFullYear();
  const month = when.getUTCMonth() + 1;
  return { year, month, period: `${year}-${String(month).padStart(2, '0')}` };
});
type Month = (typeof MONTHS)[number];

/** Balanced journals: revenue of 1,000 and 2,000 times `scale` on 706100, a cost on 606300. */
function ledger(period: string, scale: number): string {
  const amount = (n: number) => (n * scale).toFixed(2);
  return [
    'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
    `JE-A1,1,${period}-05,${period},706100,CC-OPS-01,-${amount(1000)},EUR,Fees`,
    `JE-A1,2,${period}-05,${period},411000,,${amount(1000)},EUR,Fees`,
    `JE-A2,1,${period}-06,${period},706100,CC-OPS-01,-${amount(2000)},EUR,Fees`,
    `JE-A2,2,${period}-06,${period},411000,,${amount(2000)},EUR,Fees`,
    `JE-A3,1,${period}-07,${period},606300,CC-OPS-01,500.00,EUR,Energy`,
    `JE-A3,2,${period}-07,${period},401000,,-500.00,EUR,Energy`,
  ].join('\n');
}

interface IngestionRow {
  file_type: string;
  status: Record<string, string>;
  tmp_bucket_url: string | null;
}

async function ledgerRow(admin: Page, headers: Record<string, string>, { year, month }: Month): Promise<IngestionRow | undefined> {
  const res = await admin.request.get(`/api/data_gov/ingestion/data?use_case=Finance&asset=SSA&year=${year}&month=${month}`, { headers });
  return ((await res.json()) as IngestionRow[]).find((i) => i.file_type === 'GENERAL_LEDGER');
}

/** Upload, wait for the checks to reach the KPI review, validate, wait until processed into the warehouse. */
async function deliverLedger(admin: Page, at: Month, scale: number) {
  const { year, month, period } = at;
  const headers = { authorization: `Bearer ${await accessTokenOf(admin)}` };
  const res = await admin.request.post('/api/data_gov/ingestion/file', {
    headers,
    multipart: {
      file_asset: 'SSA',
      use_case: 'Finance',
      month: String(month),
      year: String(year),
      file_type: 'GENERAL_LEDGER',
      file: { name: `SSA_GL_${period}.csv`, mimeType: 'text/csv', buffer: Buffer.from(ledger(period, scale)) },
    },
  });
  expect(res.status()).toBe(200);
  let row: IngestionRow | undefined;
  await expect
    .poll(
      async () => {
        row = await ledgerRow(admin, headers, at);
        return row?.status.checkKpis;
      },
      { timeout: 45_000 },
    )
    .toBe('running');
  const validated = await admin.request.post('/api/data_gov/ingestion/validate', {
    headers,
    multipart: {
      file_asset: 'SSA',
      file_type: 'GENERAL_LEDGER',
      month: String(month),
      year: String(year),
      tmp_bucket_url: row!.tmp_bucket_url!,
    },
  });
  expect(validated.status()).toBe(200);
  await expect.poll(async () => (await ledgerRow(admin, headers, at))?.status.processed, { timeout: 45_000 }).toBe('finished');
}

async function openTalkToMyData(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Applications' });
  const section = menu.getByRole('button', { name: 'Generative AI' });
  const item = menu.getByRole('button', { name: 'Talk to my data', exact: true });
  await expect(async () => {
    if (!(await item.isVisible()) && (await section.count()) > 0 && (await section.getAttribute('aria-expanded')) !== 'true') {
      await section.click();
    }
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
  await expect(page.getByRole('heading', { name: 'Talk to my data' })).toBeVisible();
}

test('an administrator asks for revenue by month: chart, numbers, how it was computed, and the lineage link', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await Promise.all([deliverLedger(admin, MONTHS[0]!, 1), deliverLedger(admin, MONTHS[1]!, 2)]);

  await openTalkToMyData(admin);
  await expect(admin.getByTestId('analytics-suggestions').getByRole('button').first()).toBeVisible();
  const box = admin.getByLabel('Your question');
  await box.fill('revenue by month');
  await box.press('Enter');

  const answer = admin.getByTestId('analytics-answer');
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByTestId('analytics-understood')).toContainText('Revenue');
  await expect(admin.getByTestId('analytics-chart').locator('canvas')).toBeVisible();
  const table = admin.getByTestId('analytics-table');
  await expect(table.getByRole('row', { name: new RegExp(MONTHS[0]!.period) })).toContainText('3,000');
  await expect(table.getByRole('row', { name: new RegExp(MONTHS[1]!.period) })).toContainText('6,000');

  await admin.getByText('How this was computed').click();
  await expect(admin.getByTestId('analytics-sql')).toContainText('read_parquet');
  await expect(admin.getByTestId('analytics-computed')).toContainText('Revenue');

  // The question is in the history, and saving it lists it among the saved questions.
  await expect(admin.getByTestId('analytics-history')).toContainText('revenue by month');

  // Both months delivered and validated: their checks passed.
  await expect(admin.getByTestId('kpi-quality').first()).toContainText('2 months passed');

  // The lineage link opens Finance's governance tab on Data Lineage with Revenue chosen, once a BU is picked.
  await admin.getByTestId('analytics-kpis').getByRole('button', { name: 'Lineage' }).first().click();
  await expect(admin.getByText('Here are the BUs to which you have access for Finance.')).toBeVisible();
  await admin.getByRole('button', { name: 'SSA/AMA', exact: true }).click();
  await expect(admin.getByRole('tab', { name: 'Data Lineage' })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.getByRole('button', { name: 'Revenue', exact: true })).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
  await expect(admin.getByRole('region', { name: 'Definition' })).toContainText('Revenue');
});

test('a question without a measure is answered with a question back', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@hangar.local');
  await openTalkToMyData(page);
  await page.getByLabel('Your question').fill('how are things going');
  await page.getByRole('button', { name: 'Ask' }).click();
  const clarification = page.getByTestId('analytics-clarification');
  await expect(clarification).toBeVisible({ timeout: 30_000 });
  await expect(clarification.getByTestId('analytics-ignored')).toBeVisible();
});
