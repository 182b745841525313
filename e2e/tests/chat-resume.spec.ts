import { expect, test } from './fixtures.ts';
import { signedInPage } from './helpers.ts';

// Issue 13.2: reloading while an answer streams loses nothing. The server keeps producing it; the
// conversation, reopened, re-attaches and shows the rest arriving, then the whole answer. It asks as
// localadmin.lgw, whom the other chat specs leave alone, so their credit figures stay as they expect.

const FULL = `${Array.from({ length: 40 }, (_, i) => `part${i + 1}`).join(' ')} the end.`;

test('reloading mid-answer: the conversation re-attaches and the complete answer arrives', async ({ browser }) => {
  const page = await signedInPage(browser, 'localadmin.lgw@hangar.local');
  await page.getByRole('button', { name: 'New chat' }).click();
  const composer = page.getByRole('textbox', { name: 'Message SecuredGPT' });
  await composer.fill('Write the long delay report [slow]');
  await composer.press('Enter');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('part3');
  await expect(answer).not.toContainText('the end.');

  await page.reload();
  await page.getByRole('navigation', { name: 'Chat History' }).getByRole('button', { name: 'Write the long delay report [slow]' }).click();
  const resumed = page.getByTestId('assistant-message').last();
  // Still streaming when re-attached: Stop is offered, and the rest arrives.
  await expect(page.getByRole('button', { name: 'Stop the answer' })).toBeVisible();
  await expect(resumed).toContainText('the end.', { timeout: 20_000 });
  await expect(resumed).toContainText(FULL);
  // 1,000 in x 2.5 + 400 out x 10, per 1,000: 6.5 credits; a complete answer shows its cost.
  await expect(resumed.getByTestId('message-credit')).toHaveText(/6\.5 Credits/);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

  // Once more after it finished: stored whole, with its cost, not marked as stopped or failed.
  await page.reload();
  await page.getByRole('navigation', { name: 'Chat History' }).getByRole('button', { name: 'Write the long delay report [slow]' }).click();
  await expect(page.getByTestId('assistant-message').last()).toContainText(FULL);
  await expect(page.getByTestId('answer-state')).toHaveCount(0);
});

test('Stop ends the answer: what was written stays, shown as stopped, also after a reload', async ({ browser }) => {
  const page = await signedInPage(browser, 'localadmin.lgw@hangar.local');
  await page.getByRole('button', { name: 'New chat' }).click();
  const composer = page.getByRole('textbox', { name: 'Message SecuredGPT' });
  await composer.fill('Another long report please [slow]');
  await composer.press('Enter');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('part2');
  await page.getByRole('button', { name: 'Stop the answer' }).click();
  await expect(answer.getByTestId('answer-state')).toHaveText('Stopped');
  await expect(answer).not.toContainText('the end.');
  await page.reload();
  await page.getByRole('navigation', { name: 'Chat History' }).getByRole('button', { name: 'Another long report please [slow]' }).click();
  await expect(page.getByTestId('assistant-message').last().getByTestId('answer-state')).toHaveText('Stopped');
});
