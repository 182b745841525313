import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { BASE_URL, E2E_PASSWORD } from '../playwright.config.ts';

export { BASE_URL, E2E_PASSWORD };

/** Marks the usage policy as accepted, for tests about something else. */
export async function acceptPolicyCookie(context: BrowserContext) {
  await context.addCookies([{ name: 'CGUAccepted', value: 'true', url: BASE_URL }]);
}

/** Signs in through the landing page and the identity provider's form, as a person does. */
export async function signInThroughUi(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The portal then writes the active tab into the address (/?tab=9).
  await page.waitForURL((url) => url.pathname === '/' && url.origin === BASE_URL);
  await page.waitForFunction(() => localStorage.getItem('hangar.access_token'));
}

/** An access token for API calls from the test itself, through the same sign-in. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('hangar.access_token'));
  if (!token) throw new Error('no access token in local storage');
  return token;
}

export async function documentUri(page: Page, fileName: string): Promise<string> {
  const token = await accessTokenOf(page);
  const res = await page.request.get('/api/files/documents', { headers: { authorization: `Bearer ${token}` } });
  const { documents } = (await res.json()) as { documents: { uri: string; fileName: string }[] };
  const doc = documents.find((d) => d.fileName === fileName);
  if (!doc) throw new Error(`${fileName} is not among the user's documents`);
  return doc.uri;
}

/** A signed-in page of a user in a browser context of its own, with the policy already accepted. */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await acceptPolicyCookie(context);
  const page = await context.newPage();
  await signInThroughUi(page, email);
  return page;
}

/** A new chat in the Multi Docs mode, chosen from the model picker as a user does. */
export async function startMultiDocsChat(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByRole('button', { name: 'Choose a model' }).click();
  await page
    .getByRole('dialog', { name: 'Choose a model' })
    .getByRole('button', { name: /Multi Docs/ })
    .click();
}

/** Opens an application of the sidebar's collapsible "Generative AI" section, expanding it when folded. */
export async function openGenerativeAiApp(page: Page, title: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Applications' });
  const section = menu.getByRole('button', { name: 'Generative AI' });
  const item = menu.getByRole('button', { name: title, exact: true });
  await expect(async () => {
    if (!(await item.isVisible()) && (await section.count()) > 0 && (await section.getAttribute('aria-expanded')) !== 'true') {
      await section.click();
    }
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
}
