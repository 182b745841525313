import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signedInPage } from './helpers.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'hangar-e2e-gov-'));
const now = new Date();
const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/** A balanced general ledger of the current month: each journal's two lines net to zero. */
function ledger(journals: number, options: { dropColumn?: string } = {}): string {
  const header = ['journal_id', 'line', 'posting_date', 'period', 'account', 'cost_center', 'amount', 'currency', 'description'];
  const rows: string[][] = [];
  for (let j = 1; j <= journals; j++) {
    const revenue = j % 2 === 0;
    const amount = (1000 + j * 37.5).toFixed(2);
    const id = `JE-${period}-${String(j).padStart(4, '0')}`;
    rows.push([
      id,
      '1',
      `${period}-05`,
      period,
      revenue ? '706100' : '606300',
      'CC-OPS-01',
      revenue ? `-${amount}` : amount,
      'EUR',
      'Fees',
    ]);
    rows.push([id, '2', `${period}-05`, period, revenue ? '411000' : '401000', '', revenue ? amount : `-${amount}`, 'EUR', 'Fees']);
  }
  const keep = header.map((h) => h !== options.dropColumn);
  return [header, ...rows].map((r) => r.filter((_, i) => keep[i]).join(',')).join('\n');
}

function file(name: string, body: string): string {
  const p = path.join(dir, name);
  writeFileSync(p, body);
  return p;
}

/** Opens the Finance governance tab for SSA/AMA on the given sub-tab; the help popup shows once and is closed. */
async function openFinance(page: Page, subTab: 'Ingestion' | 'Referential') {
  const nav = page.getByRole('navigation', { name: 'Applications' });
  const finance = nav.getByRole('button', { name: 'Finance', exact: true });
  const section = nav.getByRole('button', { name: /^Data Governance/ });
  await finance.or(section).first().waitFor();
  if (!(await finance.isVisible())) await section.click();
  await finance.click();
  await expect(page.getByText('Here are the BUs to which you have access for Finance.')).toBeVisible();
  await page.getByRole('button', { name: 'SSA/AMA' }).click();
  await expect(page.getByRole('heading', { name: 'Finance - SSA/AMA' })).toBeVisible();
  await page.getByRole('tablist', { name: 'Data governance' }).getByRole('tab', { name: subTab }).click();
  const help = page.getByRole('dialog');
  if (await help.isVisible().catch(() => false)) await page.keyboard.press('Escape');
}

async function upload(page: Page, name: string, body: string) {
  await page.getByLabel('Choose files to upload').setInputFiles(file(name, body));
  await expect(page.getByLabel(`File type of ${name}`)).toHaveValue('GENERAL_LEDGER');
  await page.getByRole('button', { name: `Confirm ${name}` }).click();
}

test('a Finance steward uploads a ledger, watches the stages, reviews the KPIs and validates it into the warehouse', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two background jobs (checks, then processing) on a loaded CI machine
  const page = await signedInPage(browser, 'finance.ssa@hangar.local');
  await openFinance(page, 'Ingestion');
  const row = page.getByRole('row', { name: 'GENERAL_LEDGER', exact: true });
  await expect(row.getByRole('button', { name: 'Load File' })).toBeVisible();

  await upload(page, `SSA_GL_${period}.csv`, ledger(12));
  // The checks run in the background: the row moves to KPI review by itself.
  await expect(row.getByRole('button', { name: 'Check KPIs' })).toBeVisible({ timeout: 45_000 });
  await expect(row).toContainText('finance.ssa@hangar.local');
  const review = page.getByRole('region', { name: 'KPI review' });
  await expect(review.getByText('Important Notice')).toBeVisible();
  const journals = review.getByRole('table', { name: 'Journal entries' });
  await expect(journals.getByRole('row', { name: /Total/ })).toContainText('12');
  await expect(review.getByRole('table', { name: 'Revenue' }).getByRole('row', { name: /Total/ })).toContainText('7,575');

  await review.getByRole('button', { name: 'Validate KPIs and process file for ingestion' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmation Required' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Validate' }).click();
  await expect(row.getByRole('button', { name: 'Process complete' })).toBeVisible({ timeout: 45_000 });
  await expect(review).toHaveCount(0);

  // At 1440 px the action sits beside the stage labels, never over them, and the Actions column is in view.
  await page.setViewportSize({ width: 1440, height: 900 });
  const scroller = await page.getByRole('table', { name: 'File Checks' }).locator('xpath=..').boundingBox();
  const actionsHeader = await page.getByRole('columnheader', { name: 'Actions' }).boundingBox();
  expect(actionsHeader!.x + actionsHeader!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width + 1);
  const button = await row.getByRole('button', { name: 'Process complete' }).boundingBox();
  const stages = await row.getByRole('list', { name: 'Stages' }).boundingBox();
  expect(button!.x).toBeGreaterThanOrEqual(stages!.x + stages!.width);
  // On a phone each file is a card: its action stays inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  // The phone layout is in place once the sidebar has become a drawer behind the menu button.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const phoneButton = await page
    .getByRole('region', { name: 'File Checks' })
    .getByRole('button', { name: 'Process complete' })
    .first()
    .boundingBox();
  expect(phoneButton!.x + phoneButton!.width).toBeLessThanOrEqual(390);
});

test('a broken ledger stops at the file check with the reason, and rejected KPIs discard the file', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'finance.ssa@hangar.local');
  await openFinance(page, 'Ingestion');
  const row = page.getByRole('row', { name: 'GENERAL_LEDGER', exact: true });

  await upload(page, `SSA_GL_${period}_nocurrency.csv`, ledger(3, { dropColumn: 'currency' }));
  await expect(row.getByRole('button', { name: 'See Error' })).toBeVisible({ timeout: 45_000 });
  await row.getByRole('button', { name: 'See Error' }).click();
  await expect(page.getByText('File integrity check failed')).toBeVisible();
  await expect(page.getByText('Missing columns: currency.')).toBeVisible();

  await upload(page, `SSA_GL_${period}_again.csv`, ledger(4));
  await expect(row.getByRole('button', { name: 'Check KPIs' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('region', { name: 'KPI review' }).getByRole('button', { name: 'Reject KPIs' }).click();
  await expect(page.getByRole('region', { name: 'KPI review' })).toHaveCount(0);
  // The month still shows the ledger the first test processed into the warehouse, not an empty row.
  await expect(row.getByRole('button', { name: 'Process complete' })).toBeVisible();
  await expect(row).toContainText(`SSA_GL_${period}.csv`);
  await expect(row).not.toContainText(`SSA_GL_${period}_again.csv`);
});

test('a Finance steward updates a referential file', async ({ browser }) => {
  const page = await signedInPage(browser, 'finance.ssa@hangar.local');
  await openFinance(page, 'Referential');
  const table = page.getByRole('table', { name: 'Referential files' });
  const row = table.getByRole('row', { name: 'MAPPING_LOCAL' });
  await expect(row).toBeVisible();
  const mapping = ['local_account,group_account,group_label', '706100,REV-AERO,Aeronautical revenue', '606300,OPEX-ENERGY,Energy'].join(
    '\n',
  );
  await page.getByLabel('Choose a file to upload').setInputFiles(file('MAPPING_LOCAL_2026.csv', mapping));
  await expect(page.getByLabel('File type of MAPPING_LOCAL_2026.csv')).toHaveValue('MAPPING_LOCAL');
  await page.getByRole('button', { name: 'Confirm MAPPING_LOCAL_2026.csv' }).click();
  await expect(row.getByRole('button', { name: 'Process complete' })).toBeVisible({ timeout: 45_000 });
  const today = new Date();
  const ddmmyyyy = `${String(today.getDate()).padStart(2, '0')} / ${String(today.getMonth() + 1).padStart(2, '0')} / ${today.getFullYear()}`;
  await expect(row).toContainText(ddmmyyyy);
});
