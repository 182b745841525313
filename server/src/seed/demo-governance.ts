import { createHash, randomUUID } from 'node:crypto';
import { BUSINESS_UNITS, type GovUseCase, pendingStages, type StageStatusMap, versionsFor } from '@hangar/contract';
import { and, eq, sql } from 'drizzle-orm';
import { FX_RATES } from '../features/governance/catalogue/columns.ts';
import { allUseCases, type FileTypeDef, fileTypesFor } from '../features/governance/catalogue/index.ts';
import { generateReferential, generateRows, toCsv } from '../features/governance/demo/files.ts';
import { demoDelivered, demoFinished, demoStarted } from '../features/governance/demo/progress.ts';
import { evaluateFileNotReceived } from '../features/governance/file-not-received.ts';
import { checkUpload, processUpload } from '../features/governance/pipeline.ts';
import { loadReferentialFile } from '../features/governance/referential-load.ts';
import type { AppContext } from '../platform/context.ts';
import { govReferentials, govUploads, secrets } from '../platform/db/schema.ts';

const DONE = 'governance_demo_seeded';
const SEEDER = 'data.robot@hangar.local';

/** What happens to one demo delivery: most arrive clean, some break in each way a check catches. */
type Scenario = 'clean' | 'file_error' | 'data_error' | 'missing';

function scenarioOf(def: FileTypeDef, key: string): Scenario {
  // The exchange rates always arrive, clean: every BU's finance figures of every month convert to EUR.
  if (def.type === FX_RATES) return 'clean';
  const n = createHash('sha1').update(key).digest()[0]! % 20;
  if (n < 14) return 'clean';
  if (n < 16) return 'file_error';
  if (n < 18) return 'data_error';
  return 'missing';
}

/** BUs whose referential is partial (codes missing), so their coverage is low. */
const PARTIAL_REFERENTIAL: Record<string, string[]> = { Retail: ['SCA'], Finance: ['ANA'], Traffic: ['LGW'], Ops: ['AMA'] };

function brokenRows(def: FileTypeDef, rows: string[][], scenario: Scenario): string[][] {
  if (scenario === 'file_error') {
    const header = [...rows[0]!];
    header[1] = header[1]!.replace('_', ' ');
    return [header, ...rows.slice(1)];
  }
  if (scenario === 'data_error') return [...rows, [...rows[1]!]]; // a repeated key
  void def;
  return rows;
}

/**
 * The demo warehouse: for every BU and use case, reference files and the deliveries of the last
 * three months (last year for whole-year files; last year's and this year's budgets), run through the real pipeline so the quality
 * views show real results. Runs once, in the background, after the first start; resumes if cut short.
 */
export async function seedGovernanceDemo(ctx: AppContext, now = new Date()): Promise<void> {
  const [done] = await ctx.db.select().from(secrets).where(eq(secrets.name, DONE));
  if (done) return;
  if (!(await claimDemoBuild(ctx))) return;
  const started = Date.now();
  const deliveries = allUseCases().flatMap((uc) =>
    BUSINESS_UNITS.flatMap((bu) =>
      fileTypesFor(uc.name, bu)
        .flatMap((def) => periods(def, now).map((period) => ({ uc, bu, def, period })))
        .filter((d) => scenarioOf(d.def, deliveryKey(d.bu, d.uc.name, d.def, d.period)) !== 'missing'),
    ),
  );
  demoStarted(deliveries.length);
  try {
    for (const uc of allUseCases()) {
      for (const bu of BUSINESS_UNITS) {
        for (const ref of uc.referentials) {
          const [exists] = await ctx.db
            .select({ id: govReferentials.id })
            .from(govReferentials)
            .where(and(eq(govReferentials.bu, bu), eq(govReferentials.useCase, uc.name), eq(govReferentials.fileType, ref.type)));
          if (exists) continue;
          let rows = generateReferential(ref);
          if (PARTIAL_REFERENTIAL[uc.name]?.includes(bu)) rows = rows.filter((_, i) => i === 0 || i % 4 === 0);
          await loadReferentialFile(ctx, {
            bu,
            useCase: uc.name,
            fileType: ref.type,
            fileName: `${ref.type}.csv`,
            body: toCsv(rows),
            email: SEEDER,
          });
        }
      }
    }
    // Two deliveries at a time: one waits on the database or the store while the other computes.
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++]!;
        await deliver(ctx, d.uc.name, d.uc.kpiReview, d.bu, d.def, d.period);
        demoDelivered();
        await renewDemoClaim(ctx);
      }
    };
    await Promise.all([worker(), worker()]);
    await evaluateFileNotReceived(ctx.db, now);
    await ctx.db.insert(secrets).values({ name: DONE, value: new Date().toISOString() }).onConflictDoNothing();
    ctx.app.log.info(`Demo warehouse ready in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    demoFinished();
  }
}

/**
 * Several processes started together (a deployment) would each build the demo warehouse, and
 * deliver the same months twice: one claims the build. A claim not renewed for CLAIM_STALE (its
 * process died) is taken over; deliveries already made are skipped.
 */
const CLAIM = 'governance_demo_claim';
const CLAIM_STALE = "interval '5 minutes'";

async function claimDemoBuild(ctx: AppContext): Promise<boolean> {
  const { rows } = (await ctx.db.execute(sql`
    INSERT INTO secrets (name, value) VALUES (${CLAIM}, to_jsonb(now()))
    ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, created_at = now()
      WHERE secrets.created_at < now() - ${sql.raw(CLAIM_STALE)}
    RETURNING name`)) as unknown as { rows: unknown[] };
  return rows.length > 0;
}

const renewDemoClaim = (ctx: AppContext) => ctx.db.update(secrets).set({ createdAt: new Date() }).where(eq(secrets.name, CLAIM));

const deliveryKey = (bu: string, useCase: string, def: FileTypeDef, period: { year: number; month: number }) =>
  `${bu}/${useCase}/${def.type}/${period.year}-${period.month}`;

function periods(def: FileTypeDef, now: Date): { year: number; month: number; at: Date }[] {
  const y = now.getUTCFullYear();
  // A budget is sent in December for the next year, in that year's budget period (month 1): last
  // year's (set against the actuals held) and this year's.
  if (def.budget) return [y - 1, y].map((year) => ({ year, month: 1, at: new Date(Date.UTC(year - 1, 11, 10)) }));
  if (def.grain === 'year') return [{ year: y - 1, month: 12, at: new Date(Date.UTC(y, 0, 5)) }];
  // Delivered a few days into the following month, before the due day (the exchange rates' is the 3rd).
  const day = Math.min(4, def.dueDay - 1);
  return [1, 2, 3].map((back) => {
    const p = new Date(Date.UTC(y, now.getUTCMonth() - back, 1));
    return { year: p.getUTCFullYear(), month: p.getUTCMonth() + 1, at: new Date(Date.UTC(p.getUTCFullYear(), p.getUTCMonth() + 1, day)) };
  });
}

async function deliver(
  ctx: AppContext,
  useCase: GovUseCase,
  kpiReview: boolean,
  bu: string,
  def: FileTypeDef,
  period: { year: number; month: number; at: Date },
): Promise<void> {
  const key = deliveryKey(bu, useCase, def, period);
  const scenario = scenarioOf(def, key);
  if (scenario === 'missing') return;
  const versions = versionsFor(def.type, bu);
  const version = versions[0] ?? '';
  const [exists] = await ctx.db
    .select({ id: govUploads.id })
    .from(govUploads)
    .where(
      and(
        eq(govUploads.bu, bu),
        eq(govUploads.useCase, useCase),
        eq(govUploads.fileType, def.type),
        eq(govUploads.year, period.year),
        eq(govUploads.month, period.month),
      ),
    );
  if (exists) return;
  const seed = createHash('sha1').update(key).digest().readUInt32BE(0);
  const rows = brokenRows(def, generateRows(def, { year: period.year, month: period.month, size: 30, seed }), scenario);
  const id = randomUUID();
  const fileName = `${bu}_${def.type}_${period.year}_${String(period.month).padStart(2, '0')}.csv`;
  const objectKey = `governance/uploads/${bu}/${useCase.toLowerCase()}/${id}/${fileName}`;
  const body = Buffer.from(toCsv(rows));
  await ctx.store.put(objectKey, body, 'text/csv');
  const status: StageStatusMap = { ...pendingStages(kpiReview), loaded: 'finished', checkfile: 'running' };
  await ctx.db.insert(govUploads).values({
    id,
    bu,
    useCase,
    fileType: def.type,
    version,
    year: period.year,
    month: period.month,
    fileName,
    objectKey,
    size: body.length,
    status,
    uploadedByEmail: SEEDER,
    createdAt: period.at,
    updatedAt: period.at,
  });
  await checkUpload(ctx, id, { queueProcessing: false });
  if (!kpiReview) {
    await processUpload(ctx, id);
    return;
  }
  const [checked] = await ctx.db.select({ status: govUploads.status }).from(govUploads).where(eq(govUploads.id, id));
  const s = checked!.status as StageStatusMap;
  if (s.checkKpis !== 'running') return;
  await ctx.db
    .update(govUploads)
    .set({ status: { ...s, checkKpis: 'finished', processed: 'running' } })
    .where(eq(govUploads.id, id));
  await processUpload(ctx, id);
}
