import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { postForm, recentMonth, uploadForm } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false', UPLOAD_QUOTA_MB_PER_DAY: '1' });
});
afterAll(() => t?.close());

it("refuses a steward's uploads once the day's allowance is spent, saying how much was uploaded", async () => {
  const { accessToken } = await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD);
  const { y, m } = recentMonth(1);
  const big = `account,amount\n${'1000,1.5\n'.repeat(150_000)}`;
  const upload = () =>
    postForm(
      t.url,
      '/api/data_gov/ingestion/file',
      accessToken,
      uploadForm({ file_asset: 'SSA', use_case: 'Finance', month: m, year: y }, [
        { file_type: 'GENERAL_LEDGER', name: 'gl.csv', body: big },
      ]),
    );
  expect((await upload()).status).toBe(200);
  const refused = await upload();
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(/uploaded 1 MB today, your daily allowance of 1 MB/);
});
