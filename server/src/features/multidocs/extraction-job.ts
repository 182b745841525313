import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MULTIDOCS_MAX_MEDIA_MINUTES, type MultidocsFileKind } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import { extractFile } from '../../platform/documents/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { createMultidocsStore, FileRow } from './store.ts';

export const EXTRACTION_QUEUE = 'multidocs-extract';
/** Progress within a stage is written at most this often: a 1,000-page pdf must not write 1,000 rows. */
const PROGRESS_EVERY_MS = 700;
const UNREADABLE = 'This file could not be read.';

/**
 * The extraction job: the stored upload read into passages (OCR, transcription and large pdfs can
 * take minutes), its progress written on the attachment for the client to follow. Idempotent: a
 * rerun after a crash replaces what an interrupted run left. A failure keeps no file and no
 * passage, only the message, so it never blocks the user's other attachments.
 */
export async function runExtraction(ctx: AppContext, store: ReturnType<typeof createMultidocsStore>, fileId: string): Promise<void> {
  const row = await store.byId(fileId);
  if (row?.status !== 'pending') return; // deleted meanwhile, or done by an earlier run
  const doc = await ctx.documents.findByUri(row.uri);
  if (!doc) return store.fail(row.id, { code: 'NOT_FOUND', message: 'The uploaded file is no longer stored: attach it again.' });
  const dir = await mkdtemp(path.join(tmpdir(), 'hangar-multidocs-job-'));
  let lastWrite = 0;
  let lastStage = '';
  let writing: Promise<void> = Promise.resolve();
  const onProgress = (done: number, total: number | null, stage: string) => {
    const now = Date.now();
    // A new stage is always told; the same stage's progress at most every PROGRESS_EVERY_MS.
    if (stage === lastStage && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    lastStage = stage;
    writing = writing.then(() => store.setProgress(row.id, total ? Math.min(0.99, done / total) : null, stage)).catch(() => {});
  };
  try {
    const file = path.join(dir, 'upload');
    const stored = await ctx.documents.open(doc);
    await pipeline(stored.body, createWriteStream(file));
    const extracted = await extractFile(file, row.kind as MultidocsFileKind, {
      workDir: dir,
      timeoutMs: ctx.config.MULTIDOCS_EXTRACT_TIMEOUT_MS,
      speech: ctx.config,
      maxMediaSeconds: MULTIDOCS_MAX_MEDIA_MINUTES * 60,
      onProgress,
    });
    await writing;
    await store.setProgress(row.id, 0.99, 'Indexing passages');
    const done = await store.complete(row.id, { pages: extracted.pages, method: extracted.method }, extracted.sections);
    if (done) await ctx.uploadQuota.record(row.userId, doc.size);
  } catch (err) {
    await writing;
    const known = err instanceof AppError;
    if (!known) ctx.app.log.error({ err, fileId }, 'multidocs extraction failed');
    await failAndForget(ctx, store, row, known ? { code: err.code, message: err.message } : { code: 'BAD_REQUEST', message: UNREADABLE });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const EXTRACTION_SWEEP_QUEUE = 'multidocs-extraction-sweep';
/** A failure's message is kept this long for a client to read; then the tombstone goes. */
const TOMBSTONE_MS = 24 * 3600_000;

/**
 * Hourly: unread tombstones removed; an attachment still pending long after every run of its job
 * could have ended (a worker lost twice) is failed, its file removed, like any failed extraction.
 */
export async function sweepExtractions(ctx: AppContext, store: ReturnType<typeof createMultidocsStore>): Promise<void> {
  const now = Date.now();
  const { stuck } = await store.sweep({
    failedBefore: new Date(now - TOMBSTONE_MS),
    pendingBefore: new Date(now - lostAfterMs(ctx)),
  });
  for (const row of stuck) {
    await failAndForget(ctx, store, row, { code: 'UNAVAILABLE', message: 'Reading this file was interrupted: attach it again.' });
  }
}

/** Longer than the job's runs can last, with their retry (see the queue's expiry in routes.ts). */
export const lostAfterMs = (ctx: AppContext) => 4 * ctx.config.MULTIDOCS_EXTRACT_TIMEOUT_MS + 10 * 60_000;

/** The failed attachment's stored file goes; the row stays only to tell the client why. */
async function failAndForget(
  ctx: AppContext,
  store: ReturnType<typeof createMultidocsStore>,
  row: FileRow,
  error: { code: string; message: string },
): Promise<void> {
  // The tombstone drops its document reference first: the document's removal cascades otherwise.
  await store.fail(row.id, error);
  const doc = await ctx.documents.findByUri(row.uri);
  if (doc) await ctx.documents.remove(doc);
}
