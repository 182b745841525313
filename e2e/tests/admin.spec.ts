import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accessTokenOf, signedInPage } from './helpers.ts';

/** Opens an admin tab from the sidebar, expanding the Admin Management section first. */
async function openAdminTab(page: Page, title: string) {
  const nav = page.getByRole('navigation', { name: 'Applications' });
  const item =
    title === 'Notifications' ? nav.getByRole('button', { name: /^Notifications/ }) : nav.getByRole('button', { name: title, exact: true });
  if (!(await item.isVisible())) await nav.getByRole('button', { name: /^Admin Management/ }).click();
  await item.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

test('tab 73: an administrator approves a credit request in the queue; the user gets the credits', async ({ browser }) => {
  const user = await signedInPage(browser, 'localadmin.lgw@hangar.local');
  const userHeaders = { authorization: `Bearer ${await accessTokenOf(user)}` };
  const asked = await user.request.post('/api/admin/credits_management/create_credits_request', {
    headers: userHeaders,
    data: { creditAsked: 1500 },
  });
  expect(asked.status()).toBe(201);

  const admin = await signedInPage(browser, 'admin@hangar.local');
  // The badge counts the waiting user before the section is even opened.
  await expect(admin.getByRole('navigation', { name: 'Applications' }).getByTitle('Pending credit requests').first()).toBeVisible();
  await openAdminTab(admin, 'Notifications');
  await admin.getByRole('button', { name: /Approve the request of localadmin\.lgw@hangar\.local/ }).click();
  await expect(admin.getByRole('list', { name: 'Pending requests' }).getByText('localadmin.lgw@hangar.local')).toHaveCount(0);

  const balance = await (await user.request.get('/api/credit', { headers: userHeaders })).json();
  expect(balance.remaining_credit).toBe(6500);
});

test('tab 70: create a user, then disable them after confirmation', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await openAdminTab(admin, 'User');
  await admin.getByRole('button', { name: 'New user' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Email').fill('ops.planner@hangar.local');
  await dialog.getByLabel('Name').fill('Olivia Ops-Planner');
  await dialog.getByLabel('Business unit').selectOption('ANA');
  await dialog.getByLabel('Airport').fill('LIS');
  await dialog.getByLabel('Password (optional)').fill('ops-planner-password');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(admin.getByText('ops.planner@hangar.local is created.')).toBeVisible();
  const row = admin.getByRole('row', { name: /ops\.planner@hangar\.local/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  await row.getByRole('button', { name: 'Disable ops.planner@hangar.local' }).click();
  await admin.getByRole('button', { name: 'Disable user' }).click();
  await expect(row.getByText('Disabled')).toBeVisible();

  // The disabled account can no longer sign in.
  const page = await browser.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('ops.planner@hangar.local');
  await page.getByLabel('Password').fill('ops-planner-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('disabled');
});

test('tab 72: filter the audit log and export it as CSV', async ({ browser }) => {
  // A failed sign-in to find in the log.
  const stranger = await browser.newPage();
  await stranger.goto('/');
  await stranger.getByRole('button', { name: 'Login' }).click();
  await stranger.getByLabel('Email').fill('analyst@hangar.local');
  await stranger.getByLabel('Password').fill('wrong-password');
  await stranger.getByRole('button', { name: 'Sign in' }).click();
  await expect(stranger.getByRole('alert')).toBeVisible();

  const admin = await signedInPage(browser, 'admin@hangar.local');
  await openAdminTab(admin, 'Access Monitoring');
  const filters = admin.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Action').selectOption('auth.sign_in_failed');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin.getByRole('cell', { name: 'auth.sign_in_failed' }).first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'auth.sign_in', exact: true })).toHaveCount(0);
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /Export CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe('hangar-audit.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('auth.sign_in_failed');
});

test('tab 69 and 75: grant an application, see where the right comes from, revoke it', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await openAdminTab(admin, 'Application Rights');
  // The first application matching the search is the one shown.
  await admin.getByRole('searchbox', { name: 'Search applications' }).fill('GenAI/Translator');
  const grant = admin.getByRole('form', { name: 'Grant GenAI/Translator' });
  await grant.getByRole('searchbox', { name: 'User' }).fill('finance.ssa');
  await admin.getByRole('list', { name: 'Matching users' }).getByText('finance.ssa@hangar.local').click();
  await grant.getByRole('button', { name: 'Grant', exact: true }).click();
  const revoke = admin.getByRole('button', { name: 'Revoke GenAI/Translator from finance.ssa@hangar.local' });
  await expect(revoke).toBeVisible();

  await openAdminTab(admin, 'User Rights');
  await admin.getByRole('button', { name: /A user's rights/ }).click();
  await admin.getByRole('tabpanel', { name: 'User Rights' }).getByRole('searchbox', { name: 'User' }).fill('finance.ssa');
  await admin.getByRole('list', { name: 'Matching users' }).getByText('finance.ssa@hangar.local').click();
  const rights = admin.getByRole('tabpanel', { name: 'User Rights' });
  const table = rights.getByRole('table', { name: /finance\.ssa@hangar\.local/ });
  await expect(table.getByRole('row', { name: /GenAI\/Translator/ })).toContainText('Direct grant');
  await expect(table.getByRole('row', { name: /Data_gov\/Overview/ })).toContainText('Derived');

  await openAdminTab(admin, 'Application Rights');
  await revoke.click();
  await admin.getByRole('button', { name: /^Revoke$/ }).click();
  await expect(revoke).toHaveCount(0);
});

test('tab 71 and 74: create a group; analytics show their empty state', async ({ browser }) => {
  const admin = await signedInPage(browser, 'admin@hangar.local');
  await openAdminTab(admin, 'Permissions');
  await admin.getByRole('button', { name: /New group/ }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Retail analysts');
  await dialog.getByLabel(/Description/).fill('EPOS and concessions reporting');
  await dialog.getByRole('button', { name: /Create/ }).click();
  await expect(admin.getByText('Retail analysts').first()).toBeVisible();

  await openAdminTab(admin, 'Data Analytics');
  await expect(admin.getByText('Credits spent')).toBeVisible();
});
