import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, BASE_URL, signInThroughUi } from './helpers.ts';

test.beforeEach(async ({ context }) => {
  await acceptPolicyCookie(context);
});

test('tabs open, activate and close by the rules', async ({ page }) => {
  await signInThroughUi(page, 'viewer@hangar.local');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(1);

  const nav = page.getByRole('navigation', { name: 'Applications' });
  await nav.getByText('User Rights').click();
  await expect(tabs).toHaveCount(2);
  const rights = page.getByRole('tab', { name: /User Rights/ });
  await expect(rights).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({ visible: true }).getByText('viewer@hangar.local')).toBeVisible();

  // Opening an existing tab activates it instead of opening a second one.
  await nav.getByText('SecuredGPT').first().click();
  await expect(tabs).toHaveCount(2);
  await expect(page.getByRole('tab', { name: /SecuredGPT/ })).toHaveAttribute('aria-selected', 'true');
  await nav.getByText('User Rights').click();
  await expect(tabs).toHaveCount(2);
  await expect(rights).toHaveAttribute('aria-selected', 'true');

  // Closing the active tab activates the first remaining one.
  await page.getByTitle('Close User Rights (Delete)').click();
  await expect(tabs).toHaveCount(1);
  await expect(page.getByRole('tab', { name: /SecuredGPT/ })).toHaveAttribute('aria-selected', 'true');

  // Closing the last tab brings back the home tab 9.
  await page.getByTitle('Close SecuredGPT (Delete)').click();
  await expect(tabs).toHaveCount(1);
  await expect(page.getByRole('tab', { name: /SecuredGPT/ })).toHaveAttribute('aria-selected', 'true');
});

test('the sidebar collapses and expands; Report a bug is active only when open', async ({ page }) => {
  await signInThroughUi(page, 'viewer@hangar.local');
  await expect(page.getByRole('link', { name: /Report a bug/ })).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('link', { name: /Report a bug/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByRole('link', { name: /Report a bug/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Project Documentation/ })).toHaveAttribute('target', '_blank');
});

test('the theme toggles and persists across a reload', async ({ page }) => {
  await signInThroughUi(page, 'viewer@hangar.local');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(255, 255, 255)');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect.poll(background).toBe('rgb(32, 33, 35)');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await background()).toBe('rgb(32, 33, 35)');
});

test('logout closes the tabs and ends the session: the old refresh cookie no longer works', async ({ page }) => {
  await signInThroughUi(page, 'viewer@hangar.local');
  await page.getByRole('navigation', { name: 'Applications' }).getByText('User Rights').click();
  const before = (await page.context().cookies(`${BASE_URL}/auth`)).find((c) => c.name === 'hangar_refresh');
  expect(before).toBeTruthy();

  await page.getByRole('button', { name: 'Logout Account' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hangar.access_token'))).toBeNull();

  const replay = await page.request.post('/auth/refresh', { headers: { cookie: `hangar_refresh=${before!.value}` } });
  expect(replay.status()).toBe(401);

  // Login asks for credentials again (the identity provider's session ended too).
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the maintenance page shows while the backend is unhealthy, and the portal returns once healthy', async ({ page }) => {
  let healthy = false;
  await page.route('**/api/healthcheck', (route) =>
    healthy
      ? route.continue()
      : route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false,"database":"down","version":"x"}' }),
  );
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByText("We're currently down for maintenance")).toBeVisible();
  await expect(page.getByText('Expected to be back online in few minutes.')).toBeVisible();
  await expect(page.getByText('The page will automatically refresh when the service will be available.')).toBeVisible();
  healthy = true;
  await page.clock.runFor(61_000);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
