import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/harness.ts';
import { demoStatus } from '../features/governance/demo/progress.ts';
import { govCheckResults, govUploads, govWarehouse } from '../platform/db/schema.ts';
import { seedGovernanceDemo } from './demo-governance.ts';

let t: TestApp;
const NOW = new Date(Date.UTC(2026, 10, 15));

let whileBuilding: { preparing: boolean; done: number; total: number } | undefined;

beforeAll(async () => {
  t = await startTestApp();
  const { accessToken } = await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD);
  const seeding = seedGovernanceDemo(t.ctx, NOW);
  // Another process started at the same time (a deployment of several) leaves the build to the first.
  const rival = seedGovernanceDemo(t.ctx, NOW);
  // The screens ask how far the demo is while it is built.
  for (let i = 0; i < 1200 && !whileBuilding?.done; i++) {
    const res = await fetch(`${t.url}/api/data_gov/gouvernance/demo-status`, { headers: { authorization: `Bearer ${accessToken}` } });
    whileBuilding = (await res.json()) as typeof whileBuilding;
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all([seeding, rival]);
}, 600_000);
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

  it('tells the screens it is being prepared, and how far it is', async () => {
    expect(whileBuilding).toMatchObject({ preparing: true });
    expect(whileBuilding!.done).toBeGreaterThan(0);
    expect(whileBuilding!.done).toBeLessThan(whileBuilding!.total);
    const finished = await t.ctx.db.select().from(govUploads).where(eq(govUploads.uploadedByEmail, 'data.robot@hangar.local'));
    expect(demoStatus()).toEqual({ preparing: false, done: finished.length, total: finished.length });
  });

  it('delivers the exchange rates of every BU for every month of finance files, clean and on time (issue 32)', async () => {
    const rates = await t.ctx.db.select().from(govUploads).where(eq(govUploads.fileType, 'FX_RATES'));
    const expected = ['SSA', 'AMA', 'SCA', 'ANA', 'LGW'].flatMap((bu) => [8, 9, 10].map((m) => `${bu} 2026-${m}`));
    expect(rates.map((u) => `${u.bu} ${u.year}-${u.month}`).sort()).toEqual(expected.sort());
    for (const u of rates)
      expect(u.status).toEqual({ loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' });
    const received = await t.ctx.db
      .select()
      .from(govCheckResults)
      .where(
        and(eq(govCheckResults.fileType, 'FX_RATES'), eq(govCheckResults.check, 'file_not_received'), eq(govCheckResults.current, true)),
      );
    expect(received.filter((r) => r.month !== 7).map((r) => r.status)).toEqual(expected.map(() => 'success'));
  });

  it('runs once', async () => {
    const uploads = await t.ctx.db.select().from(govUploads);
    const months = uploads.map((u) => `${u.bu}/${u.useCase}/${u.fileType}/${u.year}-${u.month}`);
    expect(months.length).toBeGreaterThan(100);
    expect(new Set(months).size).toBe(months.length);
    const before = uploads.length;
    await seedGovernanceDemo(t.ctx, NOW);
    expect((await t.ctx.db.select().from(govUploads)).length).toBe(before);
  });
});
