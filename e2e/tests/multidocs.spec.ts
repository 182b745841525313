import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { signedInPage, startMultiDocsChat } from './helpers.ts';

// Multi Docs (issue 15) against the real server: a PDF uploaded, a question asked over the dual
// stream, the preview shown above the answer, and a citation opening the cited page in /pdf; the
// turn is still there after a reload and from the history. Recording: multidocs-recording.spec.ts.
const FIXTURES = path.join(import.meta.dirname, '../../server/test/fixtures/multidocs');
const HANDBOOK = path.join(FIXTURES, 'handbook.pdf');
const HANDBOOK_DOCX = path.join(FIXTURES, 'handbook.docx');
const ENCRYPTED = path.join(import.meta.dirname, '../../server/test/fixtures/translation/encrypted.pdf');

test('a PDF is uploaded, the question answered with a preview and a citation that opens its page', async ({ browser }) => {
  // Upload, answer, the PDF viewer, a reload and the history: more than the default minute on a loaded machine.
  test.setTimeout(150_000);
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await startMultiDocsChat(page);
  await expect(page.getByTestId('current-model')).toHaveText('MultiDocs');

  await page.getByTestId('multidocs-file').setInputFiles(HANDBOOK);
  await expect(page.getByText('· 3 p.')).toBeVisible({ timeout: 30_000 });
  const box = page.getByPlaceholder('Select one or all file then ask question');
  await box.fill('How long is lost property kept?');
  await box.press('Enter');

  await expect(page.getByTestId('multidocs-preview')).toBeVisible({ timeout: 30_000 });
  const reply = page.getByTestId('multidocs-reply');
  await expect(reply).toContainText('ninety days', { timeout: 30_000 });
  const citation = reply.getByRole('link', { name: '[1]' });
  await expect(citation).toHaveAttribute('href', /^\/pdf\?uri=.+&page=\d+$/);

  const [viewer] = await Promise.all([page.context().waitForEvent('page'), citation.click()]);
  await expect(viewer.getByText(/Page \d+ of 3/)).toBeVisible({ timeout: 30_000 });
  await viewer.close();
  const href = await citation.getAttribute('href');
  const preview = (await page.getByTestId('multidocs-preview').textContent()) ?? '';
  await expect(page.getByTestId('message-credit')).toBeVisible();
  const cost = (await page.getByTestId('message-credit').textContent()) ?? '';
  await expect(page.getByTestId('chat-title')).toHaveText('How long is lost property kept?');

  // A reload shows the turn as it was shown live, still in Multi Docs mode.
  const shownAsLive = async () => {
    await expect(page.getByTestId('multidocs-reply')).toContainText('ninety days', { timeout: 15_000 });
    expect(await page.getByTestId('multidocs-preview').textContent()).toBe(preview);
    await expect(page.getByTestId('multidocs-reply').getByRole('link', { name: '[1]' })).toHaveAttribute('href', href!);
    await expect(page.getByTestId('message-credit')).toHaveText(cost);
    await expect(page.getByTestId('user-message')).toHaveText('How long is lost property kept?');
  };
  await page.reload();
  await shownAsLive();
  await expect(page.getByTestId('current-model')).toHaveText('MultiDocs');
  // The file is still attached, ready for the next question.
  await expect(page.getByText('· 3 p.')).toBeVisible();
  await expect(page.getByTestId('chat-title')).toHaveText('How long is lost property kept?');

  // A new chat, then the conversation reopened from the history list.
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByTestId('multidocs-reply')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Chat History' }).getByRole('button', { name: 'How long is lost property kept?' }).click();
  await shownAsLive();
  // New chat deleted the session's file (spec 4: the chat no longer has access to it).
  await expect(page.getByText('· 3 p.')).toHaveCount(0);
});

test('Stop ends a Multi Docs answer: what was written stays, shown as stopped', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await startMultiDocsChat(page);
  await page.getByTestId('multidocs-file').setInputFiles(HANDBOOK);
  await expect(page.getByText('· 3 p.')).toBeVisible({ timeout: 30_000 });
  const box = page.getByPlaceholder('Select one or all file then ask question');
  // "[slow]": the stub answers in forty parts over about eight seconds.
  await box.fill('[slow] Summarise the handbook');
  await box.press('Enter');
  const reply = page.getByTestId('multidocs-reply');
  await expect(reply).toContainText('part2', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop the answer' }).click();
  await expect(page.getByTestId('answer-state')).toHaveText('Stopped', { timeout: 15_000 });
  await expect(reply).not.toContainText('the end.');
  await expect(page.getByRole('button', { name: 'Stop the answer' })).toHaveCount(0);
  // After a reload the stored answer says the same.
  await page.reload();
  await expect(page.getByTestId('answer-state')).toHaveText('Stopped');
  await expect(page.getByTestId('multidocs-reply')).toContainText('part1');
});

// Issue 33 (a new employee's first days), items 8 to 11, on the screen against the real server.
test("a refused pdf and a refused link say why on their chip, in the server's words, and can be removed", async ({ browser }) => {
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await startMultiDocsChat(page);
  const chips = page.getByRole('list', { name: 'Attachments' }).getByRole('listitem');

  await page.getByTestId('multidocs-file').setInputFiles(ENCRYPTED);
  await expect(chips.filter({ hasText: 'encrypted.pdf' })).toContainText(
    '· This pdf is encrypted (password protected): remove the protection and send it again.',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Analyse links' }).click();
  await page.getByRole('textbox', { name: 'Link' }).fill('http://10.20.30.40/wiki');
  await page.getByRole('button', { name: 'Analyse link', exact: true }).click();
  await expect(chips.filter({ hasText: 'http://10.20.30.40/wiki' })).toContainText(
    '· This link points inside the network, which the portal does not read.',
  );
  await expect(page.getByText('· failed')).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove encrypted.pdf' }).click();
  await page.getByRole('button', { name: 'Remove http://10.20.30.40/wiki' }).click();
  await expect(page.getByRole('list', { name: 'Attachments' })).toHaveCount(0);
});

test('a question goes over the selected file; a docx passage is cited by its section, and the preview shows what was found', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await startMultiDocsChat(page);
  await page.getByTestId('multidocs-file').setInputFiles(HANDBOOK);
  await expect(page.getByText('· 3 p.')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('multidocs-file').setInputFiles(HANDBOOK_DOCX);
  const docx = page.getByRole('checkbox', { name: 'Ask about handbook.docx' });
  await expect(docx).toBeChecked({ timeout: 30_000 });
  // Both files hold the answer: only the docx is asked.
  await page.getByRole('checkbox', { name: 'Ask about handbook.pdf' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'All files' })).not.toBeChecked();

  const box = page.getByPlaceholder('Select one or all file then ask question');
  await box.fill('How long is lost property kept?');
  await box.press('Enter');
  const preview = page.getByTestId('multidocs-preview');
  await expect(preview).toContainText("handbook.docx, section 'Lost property': Lost property is kept for ninety days", {
    timeout: 30_000,
  });
  // Not the unselected pdf, not "page 1" for a docx, and not the sections that do not answer.
  await expect(preview).not.toContainText('handbook.pdf');
  await expect(preview).not.toContainText('page 1');
  await expect(preview).not.toContainText('Baggage carts');
  await expect(page.getByTestId('message-credit')).toBeVisible({ timeout: 30_000 });
  // A docx has no page for the PDF viewer: its citation names the section instead of opening "page 1".
  const reply = page.getByTestId('multidocs-reply');
  await expect(reply.getByRole('link', { name: '[1]' })).toHaveCount(0);
  await expect(reply.getByText('[1]')).toHaveAttribute('title', /^handbook\.docx, section '/);
});
