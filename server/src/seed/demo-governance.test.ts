import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { govCheckResults, govUploads, govWarehouse } from '../platform/db/schema.ts';
import { seedGovernanceDemo } from './demo-governance.ts';

let t: TestApp;
const NOW = new Date(Date.UTC(2026, 10, 15));

beforeAll(async () => {
  t = await startTestApp();
  await seedGovernanceDemo(t.ctx, NOW);
}, 300_000);
afterAll(() => t?.close());

describe('the demo warehouse', () => {
  it('runs deliveries of every use case through the real checks, with failures of each kind', async () => {
    const current = await t.ctx.db.select().from(govCheckResults).where(eq(govCheckResults.current, true));
    const failed = (check: string) => current.filter((r) => r.check === check && r.value === -1);
    expect(new Set(current.map((r) => r.useCase))).toEqual(
      new Set(['Traffic', 'Finance', 'Retail', 'Communication', 'Carparks', 'Ops', 'HR']),
    );
    expect(failed('file_integrity').length).toBeGreaterThan(0);
    expect(failed('data_integrity').length).toBeGreaterThan(0);
    expect(failed('file_not_received').length).toBeGreaterThan(0);
    const low = current.filter((r) => r.check === 'mapping_coverage' && r.value > 0 && r.value < 30);
    expect(low.length).toBeGreaterThan(0);
    expect(new Set(low.map((r) => `${r.useCase}/${r.bu}`))).toEqual(new Set(['Retail/SCA', 'Finance/ANA', 'Traffic/LGW', 'Ops/AMA']));
    // A file-integrity failure says which column broke the rule.
    expect(failed('file_integrity')[0]!.cause).toMatch(/Column names must not contain spaces/);
  });

  it('processes the clean deliveries into the warehouse, and only those', async () => {
    const warehouse = await t.ctx.db.select().from(govWarehouse);
    const finished = await t.ctx.db.select().from(govUploads).where(eq(govUploads.uploadedByEmail, 'data.robot@hangar.local'));
    const processed = finished.filter((u) => (u.status as { processed: string }).processed === 'finished');
    expect(warehouse.length).toBe(processed.length);
    expect(processed.length).toBeGreaterThan(finished.length / 2);
    const broken = finished.filter((u) => (u.status as { checkfile: string }).checkfile === 'error');
    expect(broken.length).toBeGreaterThan(0);
    for (const u of broken) {
      const [entry] = await t.ctx.db
        .select()
        .from(govWarehouse)
        .where(and(eq(govWarehouse.uploadId, u.id)));
      expect(entry).toBeUndefined();
    }
  });

  it('runs once', async () => {
    const before = (await t.ctx.db.select().from(govUploads)).length;
    await seedGovernanceDemo(t.ctx, NOW);
    expect((await t.ctx.db.select().from(govUploads)).length).toBe(before);
  });
});
