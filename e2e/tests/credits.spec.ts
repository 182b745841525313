import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accessTokenOf, signedInPage } from './helpers.ts';

async function setBalance(admin: Page, email: string, credits: number) {
  const token = await accessTokenOf(admin);
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await admin.request.get(`/api/admin/user_management/users?q=${encodeURIComponent(email)}`, { headers })).json();
  const user = list.users.find((u: { email: string }) => u.email === email);
  const delta = credits - user.remainingCredit;
  if (delta !== 0) {
    const res = await admin.request.post(`/api/admin/user_management/users/${user.id}/credits`, {
      headers,
      data: { delta, reason: 'e2e set-up' },
    });
    expect(res.ok()).toBe(true);
  }
}

test('the credit panel turns red at 20% with the spec text, and the banner shows at 0', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@hangar.local');
  const user = await signedInPage(browser, 'finance.ssa@hangar.local');

  await expect(user.getByText('5,000 / 5,000 credits')).toBeVisible();
  await expect(user.getByRole('button', { name: 'Send request' })).toBeVisible();

  await setBalance(admin, 'finance.ssa@hangar.local', 1000); // exactly 20%
  await user.reload();
  await expect(user.getByText('1,000 / 5,000 credits')).toBeVisible();
  await expect(user.getByText('You have used 80% of your available credits. Need more?')).toBeVisible();

  await setBalance(admin, 'finance.ssa@hangar.local', 1050); // 21%: green, no warning
  await user.reload();
  await expect(user.getByText('1,050 / 5,000 credits')).toBeVisible();
  await expect(user.getByText(/You have used \d+% of your available credits/)).toHaveCount(0);

  await setBalance(admin, 'finance.ssa@hangar.local', 0);
  await user.reload();
  await expect(user.getByRole('alert').filter({ hasText: 'You have run out of credits.' })).toHaveText(
    'You have run out of credits. Your application usage is now limited. For additional credits, please use the Send request button at the bottom of the sidebar.',
  );
});

test('a user asks for 1000 credits; once approved the panel shows the new balance and a notification', async ({ browser }) => {
  const user = await signedInPage(browser, 'viewer@hangar.local');
  await user.getByRole('button', { name: 'Send request' }).click();
  const dialog = user.getByRole('dialog', { name: 'Get more GenAI credits' });
  const amount = dialog.getByLabel('Amount of credits');
  await expect(amount).toHaveValue('500');
  await amount.press('ArrowUp');
  await expect(amount).toHaveValue('1000');
  await dialog.getByLabel('Message (optional)').fill('Quarterly traffic review');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('button', { name: /Close \(\d+s\)/ })).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 8000 });
  await expect(user.getByText('Your request is being reviewed.')).toBeVisible();

  const admin = await signedInPage(browser, 'admin@hangar.local');
  const token = await accessTokenOf(admin);
  const headers = { authorization: `Bearer ${token}` };
  const { requests } = await (await admin.request.get('/api/admin/credits_management/get_all_credits_requests', { headers })).json();
  const mine = requests.find((r: { askedBy: string; status: string }) => r.askedBy === 'viewer@hangar.local' && r.status === 'pending');
  expect(mine).toMatchObject({ creditAsked: 1000, message: 'Quarterly traffic review' });
  expect(
    (await admin.request.post(`/api/admin/credits_management/decide/${mine.id}`, { headers, data: { decision: 'approve' } })).ok(),
  ).toBe(true);

  await user.reload();
  await expect(user.getByText('6,000 / 5,000 credits')).toBeVisible();
  await expect(user.getByRole('button', { name: 'Send request' })).toBeVisible();
  await user.getByRole('button', { name: /Notifications \(1 unread\)/ }).click();
  await expect(user.getByText('Your request for 1,000 credits was approved')).toBeVisible();
});

test('an access request, once granted, shows in the menu after a refresh', async ({ browser }) => {
  const user = await signedInPage(browser, 'viewer@hangar.local');
  const card = user.getByTestId('favourite-1');
  await card.getByRole('button', { name: 'Ask for access to HQ Dashboards' }).click();
  await expect(card.getByText('Access requested')).toBeVisible();

  const admin = await signedInPage(browser, 'admin@hangar.local');
  const headers = { authorization: `Bearer ${await accessTokenOf(admin)}` };
  const { requests } = await (await admin.request.get('/api/admin/permissions_management/get_access_requests', { headers })).json();
  const mine = requests.find((r: { askedBy: string; appId: string }) => r.askedBy === 'viewer@hangar.local' && r.appId === 'Dashboard/HQ');
  expect(
    (await admin.request.post(`/api/admin/permissions_management/decide/${mine.id}`, { headers, data: { decision: 'approve' } })).ok(),
  ).toBe(true);

  // The new right arrives with the next access token: a reload fetches one.
  await user.reload();
  // HQ Dashboards is built now: holding the right, the card no longer offers to ask for it.
  await expect(user.getByTestId('favourite-1')).toBeVisible();
  await expect(user.getByTestId('favourite-1').getByRole('button', { name: 'Ask for access to HQ Dashboards' })).toHaveCount(0);
  await user.getByRole('button', { name: /Notifications \(\d+ unread\)/ }).click();
  await expect(user.getByText('You now have Dashboard/HQ')).toBeVisible();
});
