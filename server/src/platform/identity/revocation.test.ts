import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import { users } from '../db/schema.ts';
import { createRevocation, type Revocation } from './revocation.ts';

// Two revocation views on one database stand for two portal processes; neither polls during a
// test (an hour's interval), so only what each one reads on demand counts.
const dir = mkdtempSync(path.join(tmpdir(), 'hangar-revocation-'));
let db: Awaited<ReturnType<typeof testDatabase>>;
let here: Revocation;
let there: Revocation;
let userId: string;

beforeAll(async () => {
  db = await testDatabase(dir);
  const [row] = await db.database.db.insert(users).values({ email: 'rev@hangar.local', name: 'Rev' }).returning();
  userId = row!.id;
  here = createRevocation(db.database.db, { tokenTtlSeconds: 900, pollMs: 3_600_000 });
  there = createRevocation(db.database.db, { tokenTtlSeconds: 900, pollMs: 3_600_000 });
  await here.start();
  await there.start();
});
afterAll(async () => {
  here.stop();
  there.stop();
  await db.database.close();
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

const versionInDb = async () => (await db.database.db.select().from(users).where(eq(users.id, userId)))[0]!.authVersion;

describe('token versions across processes', () => {
  it('a token minted after a change made on another process is accepted before the next poll', async () => {
    const before = await versionInDb();
    expect(await there.isCurrent({ sub: userId, ver: before, sid: 's1' })).toBe(true);
    await here.bump([userId]);
    const after = await versionInDb();
    expect(after).toBe(before + 1);
    // The fresh token (minted from the database's version) holds on the process that has not polled yet...
    expect(await there.isCurrent({ sub: userId, ver: after, sid: 's1' })).toBe(true);
    // ...and from then on the old one is refused there too.
    expect(await there.isCurrent({ sub: userId, ver: before, sid: 's1' })).toBe(false);
    expect(await here.isCurrent({ sub: userId, ver: before, sid: 's1' })).toBe(false);
  });

  it('a version no process ever issued is refused', async () => {
    const current = await versionInDb();
    expect(await there.isCurrent({ sub: userId, ver: current + 5, sid: 's1' })).toBe(false);
  });
});
