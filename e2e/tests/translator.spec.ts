import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { expect, test } from './fixtures.ts';
import { accessTokenOf, openGenerativeAiApp, signedInPage } from './helpers.ts';

// The document translator (tab 3) against the real server: Apertium offline, the credit rules at
// zero, and the server's refusals in the red box. Fixtures were made by LibreOffice (server tests).
const FIXTURES = path.join(import.meta.dirname, '../../server/test/fixtures/translation');
const ANALYST = 'analyst@hangar.local';

async function openTranslator(page: Page) {
  // With Multi Docs beside it, the translator sits in the collapsed "Generative AI" section.
  await openGenerativeAiApp(page, 'Translator');
  await expect(page.getByText('Drag and drop your file here, or click to select your file')).toBeVisible();
  await expect(page.getByText('Documents are limited to 20 pages. For a longer document, contact the platform team.')).toBeVisible();
}

const fileInput = (page: Page) => page.getByLabel('Choose a file to translate');
const methodPicker = (page: Page) => page.getByLabel('Method', { exact: true });
const redBox = (page: Page) => page.getByTestId('translator-error');

async function setBalance(admin: Page, email: string, credits: number) {
  const headers = { authorization: `Bearer ${await accessTokenOf(admin)}` };
  const list = await (await admin.request.get(`/api/admin/user_management/users?q=${encodeURIComponent(email)}`, { headers })).json();
  const user = list.users.find((u: { email: string }) => u.email === email);
  const delta = credits - user.remainingCredit;
  if (delta === 0) return;
  const res = await admin.request.post(`/api/admin/user_management/users/${user.id}/credits`, {
    headers,
    data: { delta, reason: 'e2e translator' },
  });
  expect(res.ok()).toBe(true);
}

test('a docx is translated offline end to end and downloads by itself, with its text in Spanish', async ({ browser }) => {
  const page = await signedInPage(browser, ANALYST);
  await openTranslator(page);
  await expect(page.getByTestId('translator-method-Offline')).toContainText('Offline draft');

  await fileInput(page).setInputFiles({
    name: 'Quarterly.Report.DOCX',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await readFile(path.join(FIXTURES, 'report.docx')),
  });
  await expect(page.getByTestId('translator-selected')).toHaveText('Quarterly-Report.docx');
  await methodPicker(page).selectOption('Offline');
  await page.getByLabel('Translation language').selectOption('ES');
  const button = page.getByRole('button', { name: /^Translate \| \d+ credit$/ });
  await expect(button).toBeEnabled();
  await expect(page.getByTestId('translator-usage')).toContainText('page');

  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^translated_Quarterly-Report.*\.docx$/);
  await expect(page.getByTestId('translator-done')).toBeVisible();
  await expect(redBox(page)).toHaveCount(0);

  const saved = await file.path();
  const zip = await JSZip.loadAsync(await readFile(saved));
  const body = await zip.file('word/document.xml')?.async('string');
  expect(body).toBeDefined();
  const text = (body ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  expect(text).not.toContain('The quarterly report shows');
  expect(text).toMatch(/informe trimestral/i);
  await page.context().close();
});

test('at zero credit only the methods free then (GoogleTranslate, Offline) are offered, pdf is not accepted, and the server agrees', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, 'admin@hangar.local');
  const page = await signedInPage(browser, ANALYST);
  await openTranslator(page);
  await expect(page.getByTestId('translator-accepted')).toHaveText('pptx, pdf, docx');
  try {
    await setBalance(admin, ANALYST, 0);
    // The portal reads the balance again when the window becomes visible.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect(page.getByTestId('translator-no-credit')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    await expect(page.getByTestId('translator-accepted')).toHaveText('pptx, docx');
    await expect(fileInput(page)).toHaveAttribute('accept', '.pptx,.docx');
    await fileInput(page).setInputFiles(path.join(FIXTURES, 'pages.pdf'));
    await expect(redBox(page)).toHaveText('Only pptx, docx files are accepted.');
    await expect(page.getByTestId('translator-selected')).toHaveText('none');

    await fileInput(page).setInputFiles(path.join(FIXTURES, 'report.docx'));
    const offered = await methodPicker(page)
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    // The offline engine costs nothing outside the portal: it stays offered at zero credit (issue 33 item 7).
    expect(offered).toEqual(['GoogleTranslate', 'Offline']);

    // The server agrees: a pdf is refused, the offline engine runs unpaid.
    const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
    const { id_session } = await (await page.request.get('/api/translation/clear_session', { headers })).json();
    const send = async (name: string) =>
      page.request.post('/api/translation', {
        headers,
        multipart: {
          method: 'Offline',
          id_session,
          target_language: 'ES',
          file: { name, mimeType: 'application/octet-stream', buffer: await readFile(path.join(FIXTURES, name)) },
        },
      });
    expect((await send('pages.pdf')).status()).toBe(402);
    const unpaid = await send('report.docx');
    expect(unpaid.status()).toBe(202);
    expect((await unpaid.json()).credits).toBe(0);
    await page.request.delete(`/api/translation/clear_session/${id_session}`, { headers });
  } finally {
    await setBalance(admin, ANALYST, 5000);
  }
  await page.context().close();
  await admin.context().close();
});

test("the server's reason for a bad document shows in the red box, and a new file clears it", async ({ browser }) => {
  const page = await signedInPage(browser, ANALYST);
  await openTranslator(page);

  // A program renamed to .docx: refused by its content.
  await fileInput(page).setInputFiles(path.join(FIXTURES, 'program.docx'));
  await methodPicker(page).selectOption('Offline');
  await expect(redBox(page)).toContainText('This file is a program, not a document.');
  await expect(redBox(page)).toHaveClass(/bg-red-50/);

  // An encrypted pdf.
  await fileInput(page).setInputFiles(path.join(FIXTURES, 'encrypted.pdf'));
  await expect(redBox(page)).toHaveCount(0);
  await expect(methodPicker(page)).toHaveValue('');
  await methodPicker(page).selectOption('Offline');
  await expect(redBox(page)).toContainText('encrypted');
  await page.context().close();
});

test("the chat's Documents shortcut opens the same translator in a modal; closing it clears its session", async ({ browser }) => {
  const page = await signedInPage(browser, ANALYST);
  await page.getByRole('button', { name: 'Documents', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Documents' })
    .getByRole('button', { name: /Translator/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Translator' });
  await expect(modal.getByText('Drag and drop your file here, or click to select your file')).toBeVisible();
  await expect(modal.getByTestId('translator-method-Offline')).toBeVisible();

  const cleared = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes('/api/translation/clear_session/'));
  await modal.getByRole('button', { name: 'Close' }).click();
  const request = await cleared;
  expect((await request.response())?.status()).toBe(204);
  await page.context().close();
});

test('a pdf shows Loading... with the job progress and comes back as a pdf; a 42-page pdf is over every limit', async ({ browser }) => {
  const page = await signedInPage(browser, ANALYST);
  await openTranslator(page);

  await fileInput(page).setInputFiles(path.join(FIXTURES, 'long.pdf'));
  await methodPicker(page).selectOption('Offline');
  await page.getByLabel('Translation language').selectOption('ES');
  await expect(page.getByRole('button', { name: 'Too much pages in file' })).toBeDisabled();
  await expect(page.getByTestId('translator-usage')).toContainText('42 pages');

  // A new file resets the method and the estimate.
  await fileInput(page).setInputFiles(path.join(FIXTURES, 'pages.pdf'));
  await expect(methodPicker(page)).toHaveValue('');
  await expect(page.getByTestId('translator-usage')).toHaveCount(0);
  await methodPicker(page).selectOption('Offline');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Translate \| \d+ credit$/ }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Translation progress' })).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const head = (await readFile(await file.path())).subarray(0, 5).toString('latin1');
  expect(head).toBe('%PDF-');
  await expect(page.getByRole('button', { name: /^Translate \| \d+ credit$/ })).toBeEnabled();
  await page.context().close();
});
