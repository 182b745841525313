import { expect, test } from './fixtures.ts';
import { signedInPage } from './helpers.ts';

test('a full conversation: the answer streams in, then its cost and the new title; the history lists it', async ({ browser }) => {
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await expect(page.getByText('This chat is secure, all data and files remain strictly internal.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a model' })).toContainText('GPT 4o');
  // Record every state the answer passes through, to see it arrive in pieces.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const last = [...document.querySelectorAll('[data-testid="assistant-message"]')].pop();
      if (last?.textContent) seen.push(last.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // Other specs ask as the same user: the answer must take exactly its cost off whatever is left.
  const balance = page.getByText(/[\d,]+ \/ 5,000 credits/);
  await expect(balance).toBeVisible();
  const before = Number((await balance.textContent())?.match(/([\d,]+) \//)?.[1]?.replaceAll(',', ''));
  const composer = page.getByRole('textbox', { name: 'Message SecuredGPT' });
  await composer.fill('Is runway 2 open this morning?');
  await composer.press('Enter');

  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('Runway 2 is open this morning.');
  // Streamed: part of the answer was on screen before all of it.
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen.some((text) => text.includes('Runway') && !text.includes('morning.'))).toBe(true);
  // 1,200 tokens in x 2.5 + 300 out x 10, per 1,000: 6 credits.
  await expect(answer.getByTestId('message-credit')).toHaveText(/6 Credits/);
  await expect(page.getByTestId('chat-title')).toHaveText('Is runway 2 open this morning?');
  await expect(page.getByRole('navigation', { name: 'Chat History' }).getByText('Is runway 2 open this morning?')).toBeVisible();
  await expect(page.getByText(`${(before - 6).toLocaleString('en-US')} / 5,000 credits`)).toBeVisible();
});

test('switching to the offline assistant adds the info line, and it answers with the configuration notice', async ({ browser }) => {
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByRole('button', { name: 'Choose a model' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a model' })
    .getByRole('button', { name: /Offline assistant/ })
    .click();
  await expect(page.getByTestId('info-message').last()).toContainText('You have now left the GPT 4o');
  await expect(page.getByTestId('info-message').last()).toContainText('Offline assistant');
  const composer = page.getByRole('textbox', { name: 'Message SecuredGPT' });
  // Not a question of the data: the analyst holds Talk to my data, which answers those (with their true reason when no month is delivered).
  await composer.fill('Write a short poem about our airports');
  await page.getByRole('button', { name: 'Send message' }).click();
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('No language model is configured');
  await expect(answer).toContainText('ask your administrator');
  await expect(answer).not.toContainText('OPENAI_API_KEY');

  // A question about using the portal is answered from the user guide, in any of the four languages.
  await composer.fill('comment demander plus de crédits ?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const guide = page.getByTestId('assistant-message').last();
  await expect(guide).toContainText("From the portal's user guide, GenAI credits › Asking for more credits");
  await expect(guide).toContainText('Press the Send request button at the bottom of the sidebar');
});

test('settings persist across a reload, and a suggested prompt fills the composer', async ({ browser }) => {
  const user = await signedInPage(browser, 'viewer@hangar.local');
  await user.getByRole('button', { name: 'New chat' }).click();
  await user.getByRole('list', { name: 'Suggested prompts' }).getByRole('button').first().click();
  await expect(user.getByRole('textbox', { name: 'Message SecuredGPT' })).not.toHaveValue('');

  await user.getByRole('button', { name: 'Settings' }).click();
  const settings = user.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('FR');
  await settings.getByRole('textbox', { name: 'Context' }).fill('I work on the SSA monthly close.');
  await settings.getByRole('button', { name: 'Save context' }).click();
  await expect(settings.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await user.reload();
  await user.getByRole('button', { name: 'Settings' }).click();
  await expect(user.getByRole('dialog', { name: 'Settings' }).getByRole('combobox', { name: 'Language' })).toHaveValue('FR');
  await expect(user.getByRole('dialog', { name: 'Settings' }).getByRole('textbox', { name: 'Context' })).toHaveValue(
    'I work on the SSA monthly close.',
  );
});

test('a failed answer shows the spec text for its status as an error message', async ({ browser }) => {
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await page.route('**/api/secured_gpt/askstream', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }));
  await page.getByRole('button', { name: 'New chat' }).click();
  const composer = page.getByRole('textbox', { name: 'Message SecuredGPT' });
  await composer.fill('Hello?');
  await composer.press('Enter');
  await expect(page.getByTestId('error-message').last()).toHaveText(
    'Internal server error. Please try again later. If the problem persists, contact an administrator.',
  );
});
