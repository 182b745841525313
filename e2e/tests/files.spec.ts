import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, documentUri, signInThroughUi } from './helpers.ts';

test.beforeEach(async ({ context }) => {
  await acceptPolicyCookie(context);
});

const unauthorized = async (page: import('@playwright/test').Page) => {
  await expect(page.getByText('403')).toBeVisible();
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
};

test('/pdf renders a real multi-page PDF at the asked page, with its page count and Download', async ({ page }) => {
  await signInThroughUi(page, 'analyst@hangar.local');
  const uri = await documentUri(page, 'Hangar-user-guide.pdf');
  await page.goto(`/pdf?uri=${encodeURIComponent(uri)}&page=2`);
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible();
  // Something was drawn: the canvas is not blank.
  const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
    return false;
  });
  expect(inked).toBe(true);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('Hangar-user-guide.pdf');
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('/download delivers the bytes through its states', async ({ page }) => {
  await signInThroughUi(page, 'analyst@hangar.local');
  const uri = await documentUri(page, 'Traffic-summary-2026-10.csv');
  const downloadEvent = page.waitForEvent('download');
  await page.goto(`/download?uri=${encodeURIComponent(uri)}`);
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe('Traffic-summary-2026-10.csv');
  expect(readFileSync((await download.path())!, 'utf8')).toContain('2026-10,TAP,182340');
  await expect(page.getByText('Download started! Closing window...')).toBeVisible();
  // Opened directly, the browser refuses to close the window: the page says so and links back.
  await expect(page.getByText('Download started. The file is in your downloads.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Hangar' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/download of an unknown uri shows the error view to a signed-in user, not the 403 view', async ({ page }) => {
  await signInThroughUi(page, 'analyst@hangar.local');
  await page.goto(`/download?uri=${encodeURIComponent('documents/nobody/missing.csv')}`);
  await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(page.getByText('Failed to download the file: Forbidden')).toBeVisible();
  await expect(page.getByText('Please try again or contact support if the problem persists.')).toBeVisible();
  await expect(page.getByText('Unauthorized', { exact: true })).toHaveCount(0);
});

test('/download without a uri says so', async ({ page }) => {
  await signInThroughUi(page, 'analyst@hangar.local');
  await page.goto('/download');
  await expect(page.getByText('No URI provided')).toBeVisible();
});

test('both pages show 403 when signed out', async ({ page }) => {
  await page.goto('/pdf?uri=documents%2Fanything%2Fa.pdf');
  await unauthorized(page);
  await page.goto('/download?uri=documents%2Fanything%2Fa.csv');
  await unauthorized(page);
});

test("both pages refuse another user's document", async ({ browser }) => {
  const owner = await browser.newContext();
  await acceptPolicyCookie(owner);
  const ownerPage = await owner.newPage();
  await signInThroughUi(ownerPage, 'analyst@hangar.local');
  const pdfUri = await documentUri(ownerPage, 'Analyst-briefing.pdf');
  const csvUri = await documentUri(ownerPage, 'Traffic-summary-2026-10.csv');
  await owner.close();

  const other = await browser.newContext();
  await acceptPolicyCookie(other);
  const page = await other.newPage();
  await signInThroughUi(page, 'viewer@hangar.local');
  await page.goto(`/pdf?uri=${encodeURIComponent(pdfUri)}`);
  await unauthorized(page);
  await page.goto(`/download?uri=${encodeURIComponent(csvUri)}`);
  // Signed in, a refused file is a failed download (the spec's error view); the 403 view is for signed-out visits.
  await expect(page.getByText('Failed to download the file: Forbidden')).toBeVisible();
  await other.close();
});
