import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { secrets } from './db/schema.ts';

/**
 * Returns the named secret, creating it with `make` at first use. Concurrent first uses by several
 * processes agree on one value: the insert that loses the race reads the winner's.
 */
export async function getOrCreateSecret<T>(db: Db, name: string, make: () => Promise<T> | T): Promise<T> {
  const existing = await db.select().from(secrets).where(eq(secrets.name, name));
  if (existing[0]) return existing[0].value as T;
  const value = await make();
  await db.insert(secrets).values({ name, value }).onConflictDoNothing();
  const stored = await db.select().from(secrets).where(eq(secrets.name, name));
  return stored[0]!.value as T;
}
