import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { APP, GOV_USE_CASES } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import { startDemoWarehouseApp } from '../../../../test/demo-snapshot.ts';
import type { TestApp } from '../../../../test/harness.ts';
import { users } from '../../../platform/db/schema.ts';
import { govTabApp } from '../../../platform/policies/governance.ts';
import type { Actor } from '../../../platform/policies/roles.ts';

/**
 * The day the question set is asked on, and the demo warehouse is built on: monthly files for
 * 2025-11, 2025-12 and 2026-01, whole-year files for 2025. "Last month" is 2026-01, "last
 * quarter" 2025-Q4, "this year" 2026-01 to 2026-02, "last year" 2025.
 */
export const PINNED_TODAY = new Date(Date.UTC(2026, 1, 15));

export interface DemoWarehouse {
  app: TestApp;
  /** A plain copy of the warehouse's Parquet objects: `<dir>/warehouse/bu=<BU>/use_case=<use case>/file_type=<TABLE>/period_month=<period>/version=<version>/<id>.parquet`. */
  filesDir: string;
  admin: Actor;
  financeSsa: Actor;
}

/** The warehouse objects as plain files, read through the store (so the same copy works with an S3 store). */
async function copyWarehouse(app: TestApp): Promise<string> {
  const dir = path.join(app.config.HANGAR_DATA_DIR, 'question-set');
  for (const object of await app.ctx.store.list('warehouse/')) {
    const target = path.join(dir, object.key);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline((await app.ctx.store.get(object.key)).body, createWriteStream(target));
  }
  return dir;
}

async function userId(app: TestApp, email: string): Promise<string> {
  const [u] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`The demo has no ${email}`);
  return u.id;
}

/** A test app seeded with the demo organisation and the demo warehouse of PINNED_TODAY. */
export async function buildDemoWarehouse(): Promise<DemoWarehouse> {
  const app = await startDemoWarehouseApp(PINNED_TODAY);
  return {
    app,
    filesDir: await copyWarehouse(app),
    // The head office: every use case's tab, and the whole group.
    admin: { sub: await userId(app, 'admin@hangar.local'), apps: [APP.superAdmin, ...GOV_USE_CASES.map(govTabApp)], bu: 'SSA' },
    // As the demo seed makes him: the Finance tab, and the Finance SSA stewards' group for rights.
    financeSsa: { sub: await userId(app, 'finance.ssa@hangar.local'), apps: ['Data_gov/Finance', 'Dashboard/Finance'], bu: 'SSA' },
  };
}
