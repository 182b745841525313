import { expect, test } from './fixtures.ts';
import { signedInPage } from './helpers.ts';

// AI Factory app 1001 runs against the stand-in Streamlit server the suite starts: the page, its
// WebSocket at _stcore/stream and the identity headers all go through the portal's proxy.

test('an AI Factory app opens in its tab through the portal, live, with its state', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@hangar.local');
  const factory = page.locator('#hub-ai-factory');
  await factory.scrollIntoViewIfNeeded();
  const card = factory.getByRole('button', { name: /Passenger Forecast/ });
  await expect(card.getByText('Running')).toBeVisible();
  await expect(factory.getByRole('button', { name: /Queue Time Predictor/ }).getByText('Not deployed')).toBeVisible();

  await card.click();
  await expect(page.getByRole('status').filter({ hasText: 'Passenger Forecast: Running' })).toBeVisible();
  const app = page.frameLocator('iframe[title="Passenger Forecast"]');
  await expect(app.getByText(/live \(echo: ping\)/)).toBeVisible();
  await expect(app.getByText('Signed in as admin@hangar.local')).toBeVisible();
  const src = await page.locator('iframe[title="Passenger Forecast"]').getAttribute('src');
  expect(src).toBe('/ai-factory/1001/?embed=true');
});

test('an app with no upstream says it is not deployed and how to register it', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@hangar.local');
  await page.goto('/?tab=1002');
  await expect(page.getByRole('heading', { name: 'Queue Time Predictor is not deployed' })).toBeVisible();
  await expect(page.getByText(/AI_FACTORY_APPS/).first()).toBeVisible();
});

test('the URL screen refuses an internal address and loads a registered app by its address', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@hangar.local');
  await page.goto('/?tab=999');
  const input = page.getByLabel('Streamlit app address');
  await input.fill('http://169.254.169.254/latest/meta-data/');
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('alert')).toContainText('not an address the administrators allowed');
  const port = Number(new URL(page.url()).port) + 11;
  await input.fill(`http://127.0.0.1:${port}/`);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.locator('iframe[title="Streamlit app"]')).toHaveAttribute('src', '/ai-factory/1001/?embed=true');
});
