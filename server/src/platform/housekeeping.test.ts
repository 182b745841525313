import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { oidcPayloads, refreshTokens, users } from './db/schema.ts';
import { removeExpired } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('removes expired provider state and old sessions, and keeps live ones', async () => {
  const { db } = t.ctx;
  const [user] = await db.select().from(users).where(eq(users.email, 'viewer@hangar.local'));
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 3_600_000);
  await db.insert(oidcPayloads).values([
    { id: 'old', type: 'Session', payload: {}, expiresAt: past },
    { id: 'live', type: 'Session', payload: {}, expiresAt: future },
  ]);
  const family = crypto.randomUUID();
  await db.insert(refreshTokens).values([
    { tokenHash: 'expired', familyId: family, userId: user!.id, expiresAt: past },
    {
      tokenHash: 'revoked-long-ago',
      familyId: family,
      userId: user!.id,
      expiresAt: future,
      revokedAt: new Date(Date.now() - 2 * 86_400_000),
    },
    { tokenHash: 'current', familyId: family, userId: user!.id, expiresAt: future },
  ]);
  await removeExpired(db);
  expect((await db.select().from(oidcPayloads)).map((r) => r.id)).toEqual(['live']);
  expect((await db.select().from(refreshTokens).where(eq(refreshTokens.familyId, family))).map((r) => r.tokenHash)).toEqual(['current']);
});
