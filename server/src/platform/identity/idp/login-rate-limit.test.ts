import { afterAll, beforeAll, expect, it } from 'vitest';
import { CookieClient } from '../../../../test/browser.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
});
afterAll(() => t?.close());

it('slows down password guessing: the 4th attempt within a minute gets a clear 429 page', async () => {
  const client = new CookieClient();
  const login = await client.navigate(`${t.url}/auth/token`);
  const action = new URL(/action="([^"]+\/login)"/.exec(await login.res.text())![1]!, login.url).href;
  const attempt = () =>
    client.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=admin%40hangar.local&password=guess',
    });
  for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
  const blocked = await attempt();
  expect(blocked.status).toBe(429);
  expect(await blocked.text()).toContain('Too many sign-in attempts');
  // Another account from the same address is not locked out by someone guessing this one.
  const other = await client.fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=viewer%40hangar.local&password=wrong',
  });
  expect(other.status).toBe(401);
});
