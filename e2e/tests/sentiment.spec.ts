import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { openGenerativeAiApp, signedInPage } from './helpers.ts';

// Sentiment analysis (tab 4, issue 18 part 2): a 1,000-row sheet through the offline analyser, the
// result screen with a filter, then the enriched file downloaded with its added columns.
const ANALYST = 'analyst@hangar.local';
const COMMENTS = [
  'The security staff were friendly and the check was quick.',
  'The toilets were dirty and the queues endless, a nightmare.',
  'Le personnel était très aimable, embarquement fluide.',
  'Vol retardé de deux heures, personne ne nous a informés, inadmissible.',
  'El personal fue muy amable y el control rápido.',
  'Atendimento péssimo e filas enormes no check-in.',
  'I took the train from the city centre to the airport.',
];
const AREAS = ['Security', 'Toilets', 'Check-in', 'Gate'];

function sheet(): Buffer {
  const lines = ['Date,Area,Comment'];
  for (let i = 0; i < 1000; i++) {
    const day = new Date(Date.UTC(2026, 2, 1) + (i % 30) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`${day},${AREAS[i % AREAS.length]},"${COMMENTS[i % COMMENTS.length]} (${i + 1})"`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

test('a 1,000-row sheet is analysed offline, filtered, and downloaded with the added columns', async ({ browser }) => {
  const page = await signedInPage(browser, ANALYST);
  await openGenerativeAiApp(page, 'Sentiment analysis');
  await expect(page.getByText('Drag and drop your .xlsx or .csv file here, or click to select it')).toBeVisible();

  await page
    .getByLabel('Choose a sheet to analyse')
    .setInputFiles({ name: 'passenger-feedback.csv', mimeType: 'text/csv', buffer: sheet() });
  await expect(page.getByText('1,000 rows, 3 columns')).toBeVisible();
  // The columns are proposed from the sheet.
  await expect(page.getByLabel('Column with the comments')).toHaveValue('Comment');
  await expect(page.getByLabel('Date column (optional)')).toHaveValue('Date');
  await expect(page.getByLabel('Category column (optional)')).toHaveValue('Area');
  await expect(page.getByText('The offline analyser runs inside the portal')).toBeVisible();
  await page.getByRole('button', { name: 'Run the analysis' }).click();

  const distribution = page.getByTestId('sentiment-distribution');
  await expect(distribution).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Distribution (1,000 of 1,000 comments)')).toBeVisible();
  await expect(distribution).toContainText('Positive: 429');
  await expect(distribution).toContainText('Negative: 429');
  await expect(distribution).toContainText('Neutral: 142');
  await expect(page.getByTestId('sentiment-over-time')).toBeVisible();

  await page.getByLabel('Sentiment', { exact: true }).selectOption('negative');
  await expect(page.getByText('Distribution (429 of 1,000 comments)')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .csv' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('passenger-feedback_sentiment.csv');
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines).toHaveLength(1001);
  expect(lines[0]).toBe('Date,Area,Comment,sentiment_language,sentiment,sentiment_score,sentiment_key_phrases');
  expect(lines[1]).toMatch(/^2026-03-01,Security,The security staff were friendly and the check was quick\. \(1\),EN,positive,0\.\d+,/);

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .xlsx' }).click();
  expect((await xlsx).suggestedFilename()).toBe('passenger-feedback_sentiment.xlsx');
});
