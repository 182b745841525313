import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createUploadQuota } from './quota.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await testDatabase(''));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

it('admits uploads while the day has allowance left, counts what was stored, and says when it is spent', async () => {
  const [u] = await database.db.insert(users).values({ email: 'quota@hangar.local', name: 'Q' }).returning();
  const quota = createUploadQuota(database.db, 3 * 1024 * 1024);
  await quota.admit(u!.id);
  await quota.record(u!.id, 2 * 1024 * 1024);
  await quota.admit(u!.id);
  await quota.record(u!.id, 2 * 1024 * 1024);
  expect(await quota.usedToday(u!.id)).toBe(4 * 1024 * 1024);
  const refused = await quota.admit(u!.id).catch((e: Error & { status?: number }) => e);
  expect((refused as { status?: number }).status).toBe(429);
  expect(String(refused)).toMatch(/uploaded 4 MB today, your daily allowance of 3 MB/);
});

it('marks the refusal for the audit log, with what was used and the allowance', async () => {
  const [u] = await database.db.insert(users).values({ email: 'quota-audit@hangar.local', name: 'Q' }).returning();
  const quota = createUploadQuota(database.db, 1024 * 1024);
  await quota.record(u!.id, 1024 * 1024);
  const refused = await quota.admit(u!.id).catch((e: AppError) => e);
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).audit).toEqual({
    action: 'quota.upload_exceeded',
    details: { usedBytes: 1024 * 1024, allowanceBytes: 1024 * 1024 },
  });
});
