import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, signInThroughUi } from './helpers.ts';

// Every screen, both themes, WCAG 2 A and AA (contrast included) as axe-core checks them.
const THEMES = ['light', 'dark'] as const;
const ADMIN_TABS = ['Application Rights', 'User', 'Permissions', 'Access Monitoring', 'Notifications', 'Data Analytics', 'User Rights'];
const GOVERNANCE_SUB_TABS = ['Quality', 'Ingestion', 'Referential', 'Lineage'];

/** Records the screen's violations (soft, so one run lists every screen's problems). */
async function audit(page: Page, screen: string) {
  // No hover state, and transitions settled: axe measures the colours on screen.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${screen}: ${v.id} at ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`),
  );
  expect.soft(found, `axe violations on ${screen}`).toEqual([]);
}

async function themed(context: BrowserContext, theme: (typeof THEMES)[number]) {
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

async function openFromSidebar(page: Page, section: RegExp, title: string) {
  const nav = page.getByRole('navigation', { name: 'Applications' });
  const item =
    title === 'Notifications' ? nav.getByRole('button', { name: /^Notifications/ }) : nav.getByRole('button', { name: title, exact: true });
  if (!(await item.isVisible())) await nav.getByRole('button', { name: section }).click();
  await item.click();
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    // Many screens per test, each audited.
    test.setTimeout(240_000);

    test('signed-out screens: landing, sign-in, 403 and error pages', async ({ page, context }) => {
      await themed(context, theme);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await audit(page, 'landing');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await audit(page, 'sign-in page');
      await page.getByLabel('Email').fill('nobody@hangar.local');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await audit(page, 'sign-in page with an error');
      await page.goto('/download?uri=a%2Fb.csv');
      await expect(page.getByText('Unauthorized', { exact: true })).toBeVisible();
      await audit(page, '403 page');
      await page.goto('/download');
      await expect(page.getByText('No URI provided')).toBeVisible();
      await audit(page, 'download error page');
    });

    test('policy gate, home, chat and download', async ({ page, context }) => {
      await themed(context, theme);
      await signInThroughUi(page, 'analyst@hangar.local');
      await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
      await audit(page, 'policy gate');
      await page.getByTestId('policy-scroll').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        el.dispatchEvent(new Event('scroll'));
      });
      await page.getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('textbox', { name: /Message/ })).toBeVisible();
      await audit(page, 'home (chat tab, empty conversation)');
      await page.getByRole('textbox', { name: /Message/ }).fill('Hello, what can you do?');
      await page.keyboard.press('Enter');
      await expect(
        page
          .getByText(/Credit/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible({ timeout: 30_000 });
      await audit(page, 'chat with an answer');
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, 'chat settings');
      await page.keyboard.press('Escape');
      await page.goto('/download?uri=documents%2Fnobody%2Fmissing.csv');
      await expect(page.getByText('Failed to download the file: Forbidden')).toBeVisible();
      await audit(page, 'download error (signed in)');
    });

    test('admin tabs', async ({ page, context }) => {
      await themed(context, theme);
      await acceptPolicyCookie(context);
      await signInThroughUi(page, 'admin@hangar.local');
      for (const title of ADMIN_TABS) {
        await openFromSidebar(page, /^Admin Management/, title);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await audit(page, `admin: ${title}`);
      }
    });

    test('governance tabs', async ({ page, context }) => {
      await themed(context, theme);
      await acceptPolicyCookie(context);
      await signInThroughUi(page, 'admin@hangar.local');
      for (const title of ['Overview HQ', 'Overview']) {
        await openFromSidebar(page, /^Data Governance/, title);
        await page.waitForLoadState('networkidle');
        await audit(page, `governance: ${title}`);
      }
      await openFromSidebar(page, /^Data Governance/, 'Finance');
      await expect(page.getByText('Here are the BUs to which you have access for Finance.')).toBeVisible();
      await audit(page, 'governance: Finance BU choice');
      await page.getByRole('button', { name: 'SSA/AMA' }).click();
      for (const sub of GOVERNANCE_SUB_TABS) {
        await page.getByRole('tablist', { name: 'Data governance' }).getByRole('tab', { name: sub }).click();
        const help = page.getByRole('dialog');
        if (await help.isVisible().catch(() => false)) {
          await audit(page, `governance: Finance ${sub} help`);
          await page.keyboard.press('Escape');
        }
        await page.waitForLoadState('networkidle');
        await audit(page, `governance: Finance ${sub}`);
      }
    });
  });
}
