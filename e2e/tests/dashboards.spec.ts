import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signedInPage } from './helpers.ts';
import { type Month, monthsBack, uploadLedger, validateLedger } from './ledger-delivery.ts';

// Dashboards (issue 17) against the real server. The e2e server has no demo warehouse, so an
// administrator first delivers two SSA ledgers through the governance ingestion and validates
// them; the Finance dashboards then read them. Uploads are open for the last four months only: the
// Quality spec breaks last month and the governance spec delivers this one, so these are Talk to
// my data's months (3 and 2 back), delivered again with revenues no other spec uses (15,000 and
// 21,000): the re-delivery supersedes the earlier one, whichever spec ran first.
// Dashboard sessions live the spec's 35 minutes: the expiry test moves the browser's clock on.

const MONTHS = [monthsBack(3), monthsBack(2)] as const;
const SCALES = [5, 7] as const;

/** A balanced ledger whose revenue is 3,000 × scale (accounts 706100), with a cost. */
function ledger(period: string, scale: number): string {
  const amount = (n: number) => (n * scale).toFixed(2);
  return [
    'journal_id,line,posting_date,period,account,cost_center,amount,currency,description',
    `JE-D1,1,${period}-05,${period},706100,CC-OPS-01,-${amount(1000)},EUR,Fees`,
    `JE-D1,2,${period}-05,${period},411000,,${amount(1000)},EUR,Fees`,
    `JE-D2,1,${period}-06,${period},706100,CC-OPS-01,-${amount(2000)},EUR,Fees`,
    `JE-D2,2,${period}-06,${period},411000,,${amount(2000)},EUR,Fees`,
    `JE-D3,1,${period}-07,${period},606300,CC-OPS-01,500.00,EUR,Energy`,
    `JE-D3,2,${period}-07,${period},401000,,-500.00,EUR,Energy`,
  ].join('\n');
}

async function deliver(admin: Page, at: Month, scale: number) {
  const row = await uploadLedger(admin, at, ledger(at.period, scale), { stage: 'checkKpis', status: 'running' });
  await validateLedger(admin, at, row);
}

let delivered: Promise<void> | null = null;
/** Both ledgers, once for the file. */
function deliverOnce(admin: Page) {
  delivered ??= Promise.all(MONTHS.map((m, i) => deliver(admin, m, SCALES[i]!))).then(
    () => undefined,
    (error: unknown) => {
      delivered = null;
      throw error;
    },
  );
  return delivered;
}

/** Opens a dashboard tab by its address and waits until every widget is drawn. */
async function openDashboard(page: Page, id: number) {
  await page.goto(`/?tab=${id}`);
  await expect(page.locator(`#portal-tab-${id}`)).toHaveAttribute('aria-selected', 'true');
  await expect(report(page)).toHaveAttribute('data-state', 'rendered', { timeout: 30_000 });
}
const panel = (page: Page) => page.locator('[role="tabpanel"]:visible');
const report = (page: Page) => panel(page).getByTestId('dashboard-report');
const widget = (page: Page, id: string) => panel(page).locator(`[data-widget="${id}"]`);

async function choosePeriod(page: Page, from: Month, to: Month) {
  await panel(page).getByLabel('From', { exact: true }).fill(from.period);
  await panel(page).getByLabel('To', { exact: true }).fill(to.period);
}

test('an HQ and a BU dashboard show the delivered numbers, and the period changes them', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await deliverOnce(admin);

  // HQ Finance (41): revenue of every month delivered; then one month, then the other.
  await openDashboard(admin, 41);
  const revenue = widget(admin, 'revenue');
  await expect(revenue.getByTestId('widget-card')).toHaveText(/\d/);
  await choosePeriod(admin, MONTHS[0], MONTHS[0]);
  await expect(revenue.getByTestId('widget-card')).toContainText('15,000');
  await choosePeriod(admin, MONTHS[1], MONTHS[1]);
  await expect(revenue.getByTestId('widget-card')).toContainText('21,000');
  await expect(report(admin)).toHaveAttribute('data-state', 'rendered');

  // Finance (22), a BU dashboard: the same ledger, drawn by month on a canvas.
  await openDashboard(admin, 22);
  await expect(panel(admin).getByRole('tab', { name: 'Finance', selected: true })).toBeVisible();
  await choosePeriod(admin, MONTHS[0], MONTHS[1]);
  await expect(widget(admin, 'revenue').getByTestId('widget-card')).toContainText('36,000');
  await expect(widget(admin, 'revenue-by-month').locator('canvas')).toBeVisible();
});

test('"where does this come from" names the KPI, the delivery and its checks, and opens the Quality tab', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await deliverOnce(admin);
  await openDashboard(admin, 22);
  await choosePeriod(admin, MONTHS[0], MONTHS[1]);
  const revenue = widget(admin, 'revenue');
  await expect(revenue.getByTestId('widget-card')).toContainText('36,000');
  await revenue.getByRole('button', { name: 'Where do these numbers come from?' }).click();
  const source = admin.getByRole('dialog', { name: 'Where “Revenue” comes from' });
  await expect(source).toContainText('Revenue');
  await expect(source.getByTestId('widget-deliveries')).toContainText(MONTHS[0].period);
  await expect(source.getByTestId('widget-deliveries')).toContainText(MONTHS[1].period);
  await expect(source.getByTestId('kpi-quality')).toContainText('2 months passed');

  await source.getByRole('button', { name: 'Quality' }).click();
  await expect(admin.getByText('Here are the BUs to which you have access for Finance.')).toBeVisible();
  await admin.getByRole('button', { name: 'SSA/AMA', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Finance - SSA/AMA' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Quality', selected: true })).toBeVisible();
});

test('the assistant of the Traffic & Operations view answers a split question with the numbers', async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await deliverOnce(admin);
  await openDashboard(admin, 1111111);
  await panel(admin).getByRole('button', { name: 'Assistant AI' }).click();
  const assistant = admin.getByRole('complementary', { name: 'Dashboard assistant' });
  await expect(assistant).toContainText('Ask me where a KPI or a chart is found');
  await expect(assistant.getByRole('listitem')).toHaveCount(3);
  await assistant.getByLabel('Ask the dashboard assistant').fill('How does revenue split by month?');
  await assistant.getByRole('button', { name: 'Send' }).click();
  const answer = assistant.getByTestId('assistant-answer');
  await expect(answer).toContainText('15,000', { timeout: 30_000 });
  await expect(answer).toContainText('21,000');

  // Leaving the chat (tab 9) returns it to classic mode: back on the dashboard, the panel is closed.
  await admin.goto('/?tab=9');
  await expect(admin.getByPlaceholder('Message SecuredGPT')).toBeVisible();
  await admin.locator('#portal-tab-1111111').click();
  await expect(panel(admin).getByRole('button', { name: 'Assistant AI' })).toHaveAttribute('aria-pressed', 'false');
});

test('a dashboard tab closes once its session expires', async ({ browser }) => {
  const page = await signedInPage(browser, 'analyst@hangar.local');
  // The screen checks its session every 30 s against the start_time the server gives; rather than
  // wait 35 minutes, the browser's clock is moved on (the server's expiry has its own test).
  await page.clock.install();
  await page.goto('/?tab=13');
  await expect(page.locator('#portal-tab-13')).toHaveAttribute('aria-selected', 'true');
  // Airport ID has no governed data: it says why rather than drawing an empty frame.
  await expect(panel(page).getByTestId('dashboard-unavailable')).toContainText('No governed data');
  await page.clock.fastForward('34:00');
  await expect(page.locator('#portal-tab-13')).toHaveCount(1);
  await page.clock.fastForward('01:30');
  await expect(page.locator('#portal-tab-13')).toHaveCount(0);
  await expect(page.getByText(/The Airport ID session ended after 35 minutes/)).toBeVisible();
});
