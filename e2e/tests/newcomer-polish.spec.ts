import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, BASE_URL, signInThroughUi } from './helpers.ts';

async function openSignIn(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('the sign-in page follows the dark theme', () => {
  test('of the system (prefers-color-scheme)', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await openSignIn(page);
    expect(await background(page)).toBe('rgb(32, 33, 35)');
    await context.close();
  });

  test("of the portal's own choice, over a light system", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await openSignIn(page);
    expect(await background(page)).toBe('rgb(32, 33, 35)');
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await openSignIn(page);
    expect(await background(page)).not.toBe('rgb(32, 33, 35)');
    await context.close();
  });
});

test('the portal header and the chat show one avatar, and the sidebar rows line up', async ({ page, context }) => {
  await acceptPolicyCookie(context);
  await signInThroughUi(page, 'admin@hangar.local');
  // The chat's avatar (spec: opens the settings) is the only round initial on screen.
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  const initial = ((await page.getByRole('button', { name: 'Settings' }).textContent()) ?? '').trim();
  const circles = await page.evaluate(
    (letter) => [...document.querySelectorAll('.rounded-full')].filter((el) => el.textContent?.trim() === letter).length,
    initial,
  );
  expect(circles).toBe(1);

  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const notifications = await sidebar.getByRole('button', { name: /^Notifications/ }).boundingBox();
  const logout = await sidebar.getByRole('button', { name: 'Logout Account' }).boundingBox();
  expect(notifications?.x).toBe(logout?.x);
  expect(notifications?.width).toBe(logout?.width);

  // The history search box shows where the keyboard is.
  const search = page.getByRole('searchbox', { name: 'Search your conversations' });
  await search.focus();
  expect(await search.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
});

test('the 403 page is tinted like the error page', async ({ page }) => {
  await page.goto('/download?uri=a%2Fb.csv');
  await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
  const forbidden = await page.locator('main').evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.goto('/download');
  await expect(page.getByText('No URI provided')).toBeVisible();
  const error = await page.locator('main').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(forbidden).toBe(error);
  expect(forbidden).not.toBe('rgb(255, 255, 255)');
  expect(BASE_URL).toContain('localhost');
});
