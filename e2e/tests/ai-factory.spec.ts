import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { signedInPage } from './helpers.ts';

// AI Factory app 1001 runs against the stand-in Streamlit server the suite starts: the page, its
// WebSocket at _stcore/stream and the identity headers all go through the portal's proxy.

test('an AI Factory app opens in its tab through the portal, live, with its state', async ({ browser }) => {
  const page = await signedInPage(browser, 'admin@hangar.local');
  const factory = page.locator('#hub-ai-factory');
  await factory.scrollIntoViewIfNeeded();
  const card = factory.getByRole('button', { name: /^Passenger Forecast/ });
  await expect(card.getByText('Running')).toBeVisible();
  await expect(factory.getByRole('button', { name: /Queue Time Predictor/ }).getByText('Not deployed')).toBeVisible();

  await card.click();
  await expect(page.getByRole('status').filter({ hasText: 'Passenger Forecast: Running' })).toBeVisible();
  const app = page.frameLocator('iframe[title="Passenger Forecast"]');
  await expect(app.getByText(/live \(echo: ping\)/)).toBeVisible();
  await expect(app.getByText('Signed in as admin@hangar.local')).toBeVisible();
  const src = await page.locator('iframe[title="Passenger Forecast"]').getAttribute('src');
  expect(src).toMatch(/^\/ai-factory\/1001\/~[^/]+\/\?embed=true$/);
});

// Issue 31: an app's page is a document of the portal's origin. Sandboxed without allow-same-origin,
// it cannot read the portal's access token or cookies, nor get a token from the sign-in routes; and
// no path under the app's address reaches another host.
test('an app page cannot read the portal’s token nor reach another host', async ({ browser }) => {
  const canary = http.createServer((_req, res) => {
    hits++;
    res.end('<script>steal()</script>');
  });
  let hits = 0;
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const port = (canary.address() as AddressInfo).port;
  try {
    const page = await signedInPage(browser, 'admin@hangar.local');
    expect(await page.evaluate(() => localStorage.getItem('hangar.access_token'))).toBeTruthy();
    await page.goto('/?tab=1001');
    const frame = page.locator('iframe[title="Passenger Forecast"]');
    await expect(frame).toHaveAttribute('src', /~/);
    const base = (await frame.getAttribute('src'))!.replace(/\?embed=true$/, '');

    // In the portal's iframe, as the app would be.
    await frame.evaluate((el, url) => {
      (el as HTMLIFrameElement).src = url;
    }, `${base}probe`);
    const inFrame = page.frameLocator('iframe[title="Passenger Forecast"]').locator('#probe');
    await expect(inFrame).not.toHaveText('probing');
    const framed = JSON.parse((await inFrame.textContent())!);
    // The app's own requests still work (its answers are readable by its sandboxed page).
    expect(framed).toEqual({ storage: 'denied', cookie: 'denied', jwt: 'blocked', refresh: 'blocked', own: 'cors 200' });

    // Opened on its own, as a link in a message would open it.
    const opened = await page.context().newPage();
    await opened.goto(`${base}probe`);
    await expect(opened.locator('#probe')).not.toHaveText('probing');
    expect(JSON.parse((await opened.locator('#probe').textContent())!)).toMatchObject({
      storage: 'denied',
      jwt: 'blocked',
      refresh: 'blocked',
    });

    // The address that reached another host before: refused, and the canary never asked.
    for (const attempt of [`%5C127.0.0.1:${port}/evil.html`, `%5C%5C127.0.0.1:${port}/evil.html`]) {
      const answer = await opened.goto(`${base}${attempt}`);
      expect(answer?.status(), attempt).toBe(400);
    }
    expect(hits).toBe(0);
  } finally {
    canary.close();
  }
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
  await expect(page.locator('iframe[title="Streamlit app"]')).toHaveAttribute('src', /^\/ai-factory\/1001\/~[^/]+\/\?embed=true$/);
});
