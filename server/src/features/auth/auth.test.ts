import { REFRESH_COOKIE } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
});
afterAll(() => t?.close());

describe('sign-in through the embedded OpenID Connect provider', () => {
  it('walks the code flow and returns an access token with the token-info claims', async () => {
    const { accessToken } = await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ email: 'analyst@hangar.local', name: 'Ana Analyst', bu: 'SSA', airport: 'SSA' });
    expect(claims.apps).toContain('GenAI/SecuredGPT');
    expect(claims.apps).toContain('Data_gov/Overview'); // derived from dashboard apps
    expect(claims.exp - claims.iat).toBe(900);
  });
});
