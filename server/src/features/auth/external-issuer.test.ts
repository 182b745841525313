import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { startExternalIssuer } from '../../../test/external-idp.ts';
import { freePort, startTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLog, userIdentities, users } from '../../platform/db/schema.ts';

let portal: TestApp;
let external: Awaited<ReturnType<typeof startExternalIssuer>>;

beforeAll(async () => {
  const port = await freePort();
  external = await startExternalIssuer({
    redirectUri: `http://127.0.0.1:${port}/auth/callback`,
    accounts: [
      { email: 'pilot@airline.example', name: 'Pat Pilot', password: 'external-password-1' },
      { email: 'admin@hangar.local', name: 'Alex (SSO)', password: 'external-password-2' },
      // Someone at the issuer claiming a portal user's email without the issuer vouching for it.
      { email: 'analyst@hangar.local', name: 'Not Ana', password: 'external-password-3', unverified: true },
    ],
  });
  portal = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER: external.issuer,
    OIDC_CLIENT_ID: external.client_id,
    OIDC_CLIENT_SECRET: external.client_secret,
  });
});
afterAll(async () => {
  await portal?.close();
  await external?.close();
});

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('an external OpenID Connect issuer, set by configuration only', () => {
  it('signs in a new corporate user and provisions them with no applications', async () => {
    const { accessToken } = await signIn(portal.url, 'pilot@airline.example', 'external-password-1');
    expect(claimsOf(accessToken)).toMatchObject({ email: 'pilot@airline.example', name: 'Pat Pilot', apps: [] });
    const [row] = await portal.ctx.db.select().from(users).where(eq(users.email, 'pilot@airline.example'));
    expect(row?.passwordHash).toBeNull();
  });

  it('matches a known portal user by email and carries their rights', async () => {
    const { accessToken } = await signIn(portal.url, 'admin@hangar.local', 'external-password-2');
    expect(claimsOf(accessToken).apps).toContain('Admin/SuperAdmin');
  });

  it('finds a linked user by issuer and subject, even after the email changes at the issuer', async () => {
    const first = claimsOf((await signIn(portal.url, 'pilot@airline.example', 'external-password-1')).accessToken);
    await external.renameEmail('pilot@airline.example', 'pat.pilot@airline.example');
    const again = claimsOf((await signIn(portal.url, 'pat.pilot@airline.example', 'external-password-1')).accessToken);
    expect(again.sub).toBe(first.sub);
    expect(await portal.ctx.db.select().from(users).where(eq(users.email, 'pat.pilot@airline.example'))).toEqual([]);
  });

  it('does not link to a portal account by an email the issuer does not vouch for', async () => {
    const err = await signIn(portal.url, 'analyst@hangar.local', 'external-password-3').catch((e: Error) => e);
    expect(String(err)).toMatch(/\/auth\/callback.* \(403\)/);
    const refusals = await portal.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in_failed'));
    expect(refusals.map((r) => (r.details as { reason?: string }).reason)).toContain('email_not_verified');
    const links = await portal.ctx.db.select().from(userIdentities);
    const [analyst] = await portal.ctx.db.select().from(users).where(eq(users.email, 'analyst@hangar.local'));
    expect(links.some((l) => l.userId === analyst!.id)).toBe(false);
  });

  it('does not mount the embedded provider when an external issuer is configured', async () => {
    const res = await fetch(`${portal.url}/idp/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
  });
});
