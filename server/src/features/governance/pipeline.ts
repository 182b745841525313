import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipe } from 'node:stream/promises';
import { GOV_TEXTS, type GovUseCase, type StageStatusMap } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { fileTypeDef, useCaseDef } from './catalogue/index.ts';
import { runChecks } from './engine/checks.ts';
import { coverageHtml, coverageRow, integrityRow, plainError, stageError } from './engine/describe.ts';
import { toTabular } from './engine/tabular.ts';
import { evaluateFileNotReceived } from './file-not-received.ts';
import { stagedKeyOf } from './staging.ts';
import {
  type CheckRow,
  currentReferential,
  publishToWarehouse,
  recordChecks,
  setLiveStages,
  setStages,
  type UploadRow,
  uploadById,
} from './store.ts';
import { warehouseKey } from './warehouse-layout.ts';

export const QUEUES = {
  check: 'governance-check',
  process: 'governance-process',
  fileNotReceived: 'governance-file-not-received',
} as const;

export const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

export async function download(store: ObjectStore, key: string, target: string): Promise<void> {
  const object = await store.get(key);
  await pipe(object.body, createWriteStream(target));
}

/** A scratch folder for one job, removed afterwards whatever happens. */
export async function withWorkDir<T>(ctx: AppContext, fn: (dir: string) => Promise<T>): Promise<T> {
  const root = path.join(ctx.config.HANGAR_DATA_DIR, 'tmp', 'governance');
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, 'job-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SMALL_FILE_BYTES = 8 * 1024 ** 2;

const unexpected = () => plainError(GOV_TEXTS.unexpectedErrorTitle, GOV_TEXTS.unexpectedErrorDescription);

/** Stage 'checkfile' (and the KPI computation): the background job of one upload. */
export async function checkUpload(ctx: AppContext, uploadId: string, opts = { queueProcessing: true }): Promise<void> {
  const upload = await uploadById(ctx.db, uploadId);
  if (!upload || upload.supersededAt) return;
  const useCase = useCaseDef(upload.useCase as GovUseCase);
  const def = fileTypeDef(useCase.name, upload.bu, upload.fileType);
  const status = { ...(upload.status as StageStatusMap), loaded: 'finished', checkfile: 'running' } as StageStatusMap;
  await setStages(ctx.db, upload.id, { status });
  // The file is here: a "File Not Sent" for its period turns into received now, not at the next hourly run.
  await evaluateFileNotReceived(ctx.db, new Date(), upload).catch((err) =>
    ctx.app.log.warn({ err, uploadId }, 'file-not-received: could not re-evaluate the delivered period'),
  );
  if (!def) {
    await setStages(ctx.db, upload.id, { status: { ...status, checkfile: 'error' }, error: unexpected() });
    return;
  }
  try {
    await withWorkDir(ctx, async (dir) => {
      const source = path.join(dir, `source.${extensionOf(upload.fileName) || 'bin'}`);
      await download(ctx.store, upload.objectKey, source);
      // A plain UTF-8 CSV is checked where it is, without the rewrite.
      const tabular = await toTabular(source, extensionOf(upload.fileName), dir, { inPlace: true });
      const base = {
        uploadId: upload.id,
        bu: upload.bu,
        useCase: upload.useCase,
        fileType: upload.fileType,
        year: upload.year,
        month: upload.month,
      };
      const file = { fileName: upload.fileName, objectKey: upload.objectKey };
      if (!tabular.ok) {
        const outcome = { passed: false, ran: true, findings: [{ problem: tabular.message, count: 1, sample: [] }] };
        await recordChecks(ctx.db, upload, [
          { ...base, ...file, check: 'file_integrity', ...integrityRow(outcome, 'file') },
          { ...base, ...file, check: 'data_integrity', ...integrityRow({ passed: false, ran: false, findings: [] }, 'data') },
        ]);
        await setStages(ctx.db, upload.id, {
          status: { ...status, checkfile: 'error' },
          error: stageError('File integrity check failed', outcome, 'file'),
        });
        return;
      }
      const referentials = new Map<string, string>();
      for (const c of def.columns) {
        if (!c.codeOf || referentials.has(c.codeOf.referential)) continue;
        const ref = await currentReferential(ctx.db, upload.bu, upload.useCase, c.codeOf.referential);
        if (!ref?.tableKey) continue;
        const local = path.join(dir, `ref-${c.codeOf.referential}.parquet`);
        await download(ctx.store, ref.tableKey, local);
        referentials.set(c.codeOf.referential, local);
      }
      const stagedPath = path.join(dir, 'staged.parquet');
      // Small files (most monthly deliveries, the whole demo) check faster on one thread than on two.
      const threads = upload.size < SMALL_FILE_BYTES ? 1 : 2;
      const report = await runChecks({
        csvPath: tabular.csvPath,
        format: tabular.format,
        def,
        period: upload,
        referentials,
        stagedPath,
        threads,
      });
      const rows: CheckRow[] = [
        { ...base, ...file, check: 'file_integrity', ...integrityRow(report.fileIntegrity, 'file', report.readAs) },
        { ...base, ...file, check: 'data_integrity', ...integrityRow(report.dataIntegrity, 'data') },
      ];
      if (report.coverage.ran) rows.push({ ...base, ...file, check: 'mapping_coverage', ...coverageRow(report.coverage) });
      await recordChecks(ctx.db, upload, rows);
      const checkRefMessages = report.coverage.ran && report.coverage.percent < 100 ? coverageHtml(report.coverage) : null;
      if (!report.fileIntegrity.passed || !report.dataIntegrity.passed) {
        const failed = report.fileIntegrity.passed ? report.dataIntegrity : report.fileIntegrity;
        const title = report.fileIntegrity.passed ? 'Data integrity check failed' : 'File integrity check failed';
        await setStages(ctx.db, upload.id, {
          status: { ...status, checkfile: 'error' },
          error: stageError(title, failed, report.fileIntegrity.passed ? 'data' : 'file', report.readAs),
          checkRefMessages,
          rows: report.rows,
        });
        return;
      }
      const stagedKey = stagedKeyOf(upload.id);
      await ctx.store.put(stagedKey, createReadStream(stagedPath), 'application/vnd.apache.parquet');
      const checked: StageStatusMap = useCase.kpiReview
        ? { ...status, checkfile: 'finished', checkKpis: 'running' }
        : { ...status, checkfile: 'finished', processed: 'running' };
      // Stored as entries: jsonb reorders object keys, and the KPIs read in the catalogue's order.
      const live = await setLiveStages(ctx.db, upload.id, {
        status: checked,
        error: null,
        kpis: Object.entries(report.kpis),
        stagedKey,
        rows: report.rows,
        checkRefMessages,
      });
      if (!live) {
        // Replaced while it was being checked: nobody will review or process this table.
        await ctx.store.delete(stagedKey);
        return;
      }
      if (!useCase.kpiReview && opts.queueProcessing) await ctx.jobs.send(QUEUES.process, { uploadId: upload.id });
    });
  } catch (err) {
    ctx.app.log.error({ err, uploadId }, 'governance check failed');
    await setStages(ctx.db, upload.id, { status: { ...status, checkfile: 'error' }, error: unexpected() });
  }
}

/** Stage 'processed': the staged table becomes the warehouse's data for its period, atomically. */
export async function processUpload(ctx: AppContext, uploadId: string): Promise<void> {
  const upload = await uploadById(ctx.db, uploadId);
  if (!upload || upload.supersededAt || !upload.stagedKey) return;
  const status = upload.status as StageStatusMap;
  if (status.processed !== 'running') return;
  try {
    const objectKey = warehouseKey(upload);
    const staged = await ctx.store.get(upload.stagedKey);
    // Written under a new key first: until the registry points at it, readers keep the previous data.
    await ctx.store.put(objectKey, staged.body, 'application/vnd.apache.parquet');
    const replaced = await publishToWarehouse(ctx.db, upload, objectKey, upload.rows ?? 0, { ...status, processed: 'finished' });
    await ctx.store.delete(upload.stagedKey);
    if (replaced) await ctx.store.delete(replaced);
  } catch (err) {
    ctx.app.log.error({ err, uploadId }, 'governance processing failed');
    await setStages(ctx.db, upload.id, { status: { ...status, processed: 'error' }, error: unexpected() });
  }
}

export type { UploadRow };
