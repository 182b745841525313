import { expect, test } from './fixtures.ts';
import { BASE_URL, signInThroughUi } from './helpers.ts';

test('a new user signs in through the identity provider, accepts the policy and lands in the portal', async ({ page }) => {
  await page.goto('/');
  // Splash first, then the landing page with its Login button.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  await signInThroughUi(page, 'analyst@hangar.local');

  // The policy gate: Accept stays disabled until the policy is read to its end.
  const accept = page.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeVisible();
  await expect(accept).toBeDisabled();
  // Full-screen (spec), not a dialog floating over the portal.
  const gate = await page.getByTestId('policy-gate').boundingBox();
  const viewport = page.viewportSize();
  expect(gate).toEqual({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
  await page.getByTestId('policy-scroll').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(accept).toBeEnabled();
  await accept.click();
  await expect(accept).toBeHidden();
  const cookies = await page.context().cookies(BASE_URL);
  const policy = cookies.find((c) => c.name === 'CGUAccepted');
  expect(policy?.value).toBe('true');
  expect(policy!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

  // The portal: the user's menu, and the home page with the favourite cards.
  const nav = page.getByRole('navigation', { name: 'Applications' });
  await expect(nav.getByText('SecuredGPT').first()).toBeVisible();
  await expect(nav.getByText('User Rights')).toBeVisible();
  await expect(page.getByRole('tab', { name: /SecuredGPT/ })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page
      .getByRole('tabpanel')
      .filter({ visible: true })
      .getByText(/welcome/i)
      .first(),
  ).toBeVisible();

  // A reload keeps the session (the refresh cookie gives a new access token) and the policy.
  await page.reload();
  await expect(page.getByRole('tab', { name: /SecuredGPT/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeHidden();
});

test('a wrong password keeps the user on the sign-in form with a clear message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('analyst@hangar.local');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
});
