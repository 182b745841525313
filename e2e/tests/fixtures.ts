import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Playwright's `test`, plus: every browser context a test opened itself (signedInPage, or
 * browser.newContext) is closed when the test ends. Left open, each kept a signed-in portal polling
 * the server; by the end of the suite some forty of them slowed every later test's background jobs.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      for (const context of browser.contexts()) if (!before.has(context)) await context.close().catch(() => {});
    },
    { auto: true },
  ],
});
