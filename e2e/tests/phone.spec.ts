import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, E2E_PASSWORD } from './helpers.ts';
import { horizontalOverflow } from './overflow.ts';

// Issue 13: at 390 px (a phone) every screen is usable: the sidebar is a drawer, nothing needs sideways scrolling.

test.use({ viewport: { width: 390, height: 844 } });

async function expectNoOverflow(page: Page, screen: string) {
  const report = await horizontalOverflow(page);
  expect.soft(report.offenders, `${screen}: elements out of reach`).toEqual([]);
  expect.soft(report.scrollWidth, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(report.clientWidth);
}

async function openTab(page: Page, id: number) {
  await page.goto(`/?tab=${id}`);
  await expect(page.locator(`#portal-tab-${id}`)).toHaveAttribute('aria-selected', 'true');
  // Let the application draw its data before measuring it.
  await page.waitForLoadState('networkidle');
}

test('signed out: the landing page and the sign-in form fit', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoOverflow(page, 'landing');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoOverflow(page, 'sign-in form');
});

test('signed in: home, chat, drawer, admin tabs, governance tables and lineage fit at 390 px', async ({ page, context }) => {
  test.setTimeout(180_000);
  await acceptPolicyCookie(context);
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('admin@hangar.local');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Home: the sidebar is not beside the page but behind the menu button.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Applications' })).toHaveCount(0);
  const greeting = page.getByRole('heading', { level: 1 }).first();
  await expect(greeting).toBeVisible();
  // The greeting reads as a sentence, not a word per line.
  expect((await greeting.boundingBox())!.width).toBeGreaterThan(250);
  await expectNoOverflow(page, 'home');

  // The composer's send button does not sit on the Search chip.
  const send = (await page.getByRole('button', { name: /^Send/ }).boundingBox())!;
  const search = (await page.getByRole('button', { name: 'Search', exact: true }).boundingBox())!;
  expect(send.x >= search.x + search.width || send.y >= search.y + search.height).toBe(true);

  // A short conversation.
  const composer = page.getByRole('textbox', { name: 'Message SecuredGPT' });
  await composer.fill('Is runway 2 open this morning?');
  await composer.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).not.toBeEmpty();
  await expectNoOverflow(page, 'chat with an answer');

  // The drawer: opens over the page, Escape closes it and focus returns to the menu button.
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('navigation', { name: 'Applications' })).toBeVisible();
  expect((await drawer.boundingBox())!.width).toBeLessThanOrEqual(390 * 0.85 + 1);
  await expectNoOverflow(page, 'drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  for (const id of [69, 70, 71, 72, 73, 74, 75, 49, 50]) {
    await openTab(page, id);
    await expectNoOverflow(page, `tab ${id}`);
  }

  await openTab(page, 52);
  await page.getByRole('button', { name: 'SSA/AMA' }).click();
  for (const sub of ['Quality', 'Ingestion', 'Referential', 'Data Lineage']) {
    await page.getByRole('tablist', { name: 'Data governance' }).getByRole('tab', { name: sub }).click();
    const help = page.getByRole('dialog');
    if (await help.isVisible().catch(() => false)) await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');
    await expectNoOverflow(page, `Finance governance, ${sub}`);
  }
});
