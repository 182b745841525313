import { TRANSLATION_ERROR_TEXT, type TranslationFileType, type TranslationMethod } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import { EngineError } from '../../providers/translate/engine.ts';
import { createEngine } from './engines.ts';
import { type JobRow, jobById, updateJob } from './store.ts';
import { type Progress, translateDocument } from './translate-document.ts';

export const TRANSLATION_QUEUE = 'translation';

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

export const sessionPrefix = (sessionId: string) => `translation/${sessionId}/`;

/** Removes every file of a session from the object store. */
export async function deleteSessionFiles(ctx: AppContext, sessionId: string): Promise<void> {
  const objects = await ctx.store.list(sessionPrefix(sessionId)).catch(() => []);
  await Promise.all(objects.map((o) => ctx.store.delete(o.key).catch(() => {})));
}

/** The queue's handler: runs the job, settles its credits, or fails cleanly (credits released, files deleted). */
export async function runTranslationJob(ctx: AppContext, jobId: string): Promise<void> {
  const row = await jobById(ctx.db, jobId);
  if (row?.state !== 'queued') return; // cleared meanwhile, or already run (never charged twice)
  const log = ctx.app.log.child({ translationJob: jobId });
  let last = { share: 0, at: 0 };
  const progress: Progress = async (share, step) => {
    const now = Date.now();
    if (share < 1 && share - last.share < 0.05 && now - last.at < 1000) return;
    last = { share, at: now };
    await updateJob(ctx.db, jobId, { progress: Math.min(0.99, share), step });
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new EngineError('The translation took too long')), ctx.config.TRANSLATION_TIMEOUT_MS);
  try {
    if (!(await updateJob(ctx.db, jobId, { state: 'running', step: 'Starting', progress: 0.01 }))) return;
    const input = await ctx.store.get(row.inputKey);
    const bytes = await readAll(input.body);
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }),
    );
    const output = await Promise.race([
      translateDocument({
        bytes,
        type: row.fileType as TranslationFileType,
        fileName: row.fileName,
        engine: createEngine(row.method as TranslationMethod, ctx.config),
        source: row.sourceLanguage?.toLowerCase() ?? null,
        target: row.targetLanguage.toLowerCase(),
        signal: controller.signal,
        progress,
      }),
      aborted,
    ]);
    const outputKey = `${sessionPrefix(row.sessionId)}${row.id}/output.${row.fileType}`;
    await ctx.store.put(outputKey, output, contentTypes[row.fileType as TranslationFileType]);
    if (!(await updateJob(ctx.db, jobId, { state: 'done', progress: 1, step: 'Done', outputKey }))) {
      await ctx.store.delete(outputKey).catch(() => {});
      if (row.reservationId) await ctx.credits.release(row.reservationId);
      return;
    }
    if (row.reservationId) await ctx.credits.settle(row.reservationId, row.credits, { model: `translation:${row.method}` });
  } catch (err) {
    log.warn({ err }, 'translation failed');
    if (row.reservationId) await ctx.credits.release(row.reservationId).catch((e) => log.error({ err: e }, 'credit release failed'));
    // The files go before the state says failed, so whoever sees "failed" finds nothing left behind.
    await deleteSessionFiles(ctx, row.sessionId);
    await updateJob(ctx.db, jobId, { state: 'failed', error: TRANSLATION_ERROR_TEXT, step: 'Failed' }).catch(() => {});
  } finally {
    clearTimeout(timer);
  }
}

export const contentTypes: Record<TranslationFileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export type { JobRow };
