import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, BASE_URL, E2E_PASSWORD, signInThroughUi } from './helpers.ts';

// Issue 13: tabs survive a reload, the active tab is in the address, back and forward move between tabs.

test.beforeEach(async ({ context }) => {
  await acceptPolicyCookie(context);
});

const activeTab = (page: Page) => page.getByRole('tab', { selected: true });
const tabTitles = (page: Page) => page.getByRole('tab').allTextContents();

test('a reload keeps the open tabs and the active one', async ({ page }) => {
  await signInThroughUi(page, 'viewer@hangar.local');
  await page.getByRole('navigation', { name: 'Applications' }).getByText('User Rights').click();
  await expect(activeTab(page)).toHaveText('User Rights');
  await expect(page).toHaveURL(`${BASE_URL}/?tab=75`);

  await page.reload();
  await expect(activeTab(page)).toHaveText('User Rights');
  expect(await tabTitles(page)).toEqual(['SecuredGPT', 'User Rights']);
  await expect(page.getByRole('tabpanel').filter({ visible: true }).getByText('viewer@hangar.local')).toBeVisible();
});

test('a /?tab= link opens the tab for a user who holds it, and says so to one who does not', async ({ browser }) => {
  const admin = await browser.newContext();
  await acceptPolicyCookie(admin);
  const adminPage = await admin.newPage();
  await signInThroughUi(adminPage, 'admin@hangar.local');
  await adminPage.goto('/?tab=70');
  await expect(activeTab(adminPage)).toHaveText('User');
  await expect(adminPage.getByRole('button', { name: 'New user' })).toBeVisible();
  await admin.close();

  const viewer = await browser.newContext();
  await acceptPolicyCookie(viewer);
  const viewerPage = await viewer.newPage();
  await signInThroughUi(viewerPage, 'viewer@hangar.local');
  await viewerPage.goto('/?tab=70');
  await expect(viewerPage.getByText('The link asks for User (tab 70), which is not among your applications.')).toBeVisible();
  // Not a dead end: the way to ask for it is offered.
  await expect(viewerPage.getByRole('button', { name: 'Ask for access' })).toBeVisible();
  expect(await tabTitles(viewerPage)).toEqual(['SecuredGPT']);
  await expect(viewerPage).toHaveURL(`${BASE_URL}/?tab=9`);
  await viewer.close();
});

test('back and forward move between tabs', async ({ page }) => {
  await signInThroughUi(page, 'admin@hangar.local');
  const nav = page.getByRole('navigation', { name: 'Applications' });
  const admin = nav.getByRole('button', { name: /^Admin Management/ });
  if ((await admin.getAttribute('aria-expanded')) === 'false') await admin.click();
  await nav.getByRole('button', { name: 'User', exact: true }).click();
  await expect(activeTab(page)).toHaveText('User');
  await nav.getByRole('button', { name: 'User Rights', exact: true }).click();
  await expect(activeTab(page)).toHaveText('User Rights');

  await page.goBack();
  await expect(activeTab(page)).toHaveText('User');
  await expect(page).toHaveURL(`${BASE_URL}/?tab=70`);
  await page.goBack();
  await expect(activeTab(page)).toHaveText('SecuredGPT');
  await page.goForward();
  await expect(activeTab(page)).toHaveText('User');
  expect(await tabTitles(page)).toEqual(['SecuredGPT', 'User', 'User Rights']);
});

test('after signing in, back does not return to a stale sign-in form', async ({ page }) => {
  await signInThroughUi(page, 'viewer@hangar.local');
  await expect(activeTab(page)).toHaveText('SecuredGPT');
  await page.goBack();
  // The form's address now leads back to the portal, which shows itself to a signed-in user.
  await expect(activeTab(page)).toHaveText('SecuredGPT');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByText(/expired/)).toHaveCount(0);
});

test('with many tabs the active one is in view, and the list of open tabs reaches every tab', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInThroughUi(page, 'admin@hangar.local');
  // Links open tabs one by one; each reload keeps the earlier ones.
  for (const id of [69, 70, 71, 72, 73, 74, 75, 49]) {
    await page.goto(`/?tab=${id}`);
    await expect(page.locator(`#portal-tab-${id}`)).toHaveAttribute('aria-selected', 'true');
  }
  expect(await page.getByRole('tab').count()).toBe(9);

  // The strip scrolls; the active (last opened) tab and its close button are inside its visible part.
  const strip = page.locator('#portal-tab-49').locator('xpath=../..');
  const stripBox = (await strip.boundingBox())!;
  const closeBox = (await page
    .locator('#portal-tab-49')
    .locator('xpath=..')
    .getByRole('button', { name: /^Close / })
    .boundingBox())!;
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1);
  // ...and not under the theme button.
  const themeBox = (await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).boundingBox())!;
  expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(themeBox.x);

  await page.getByRole('button', { name: 'All open tabs (9)' }).click();
  const list = page.getByRole('list', { name: 'Open tabs' });
  await expect(list.getByRole('listitem')).toHaveCount(9);
  await list.getByRole('button', { name: 'Application Rights', exact: true }).click();
  await expect(activeTab(page)).toHaveText('Application Rights');
  await expect(page).toHaveURL(`${BASE_URL}/?tab=69`);
  const first = (await page.locator('#portal-tab-69').boundingBox())!;
  expect(first.x).toBeGreaterThanOrEqual(stripBox.x - 1);

  await page.getByRole('button', { name: 'All open tabs (9)' }).click();
  await list.getByRole('button', { name: 'Close Notifications' }).click();
  await expect(page.getByRole('tab')).toHaveCount(8);
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
});

test('a /?tab= link followed while signed out opens its tab once signed in', async ({ page }) => {
  await page.goto('/?tab=75');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('viewer@hangar.local');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(activeTab(page)).toHaveText('User Rights');
  await expect(page).toHaveURL(`${BASE_URL}/?tab=75`);
});
