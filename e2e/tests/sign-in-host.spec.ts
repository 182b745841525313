import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, BASE_URL, E2E_PASSWORD } from './helpers.ts';

// The server runs with the default PUBLIC_URL (localhost); a newcomer may open 127.0.0.1 instead.
test('signing in from http://127.0.0.1 lands on the portal, not on a lost sign-in', async ({ page, context }) => {
  await acceptPolicyCookie(context);
  const loopback = BASE_URL.replace('localhost', '127.0.0.1');
  await page.goto(`${loopback}/?from=readme`);
  await expect(page).toHaveURL(`${BASE_URL}/?from=readme`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill('viewer@hangar.local');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${BASE_URL}/`);
  await page.waitForFunction(() => localStorage.getItem('hangar.access_token'));
  await expect(page.getByText('This sign-in took too long')).toHaveCount(0);
});
