import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SENTIMENT, type SentimentAnalysis, type SentimentEstimate, type SentimentRunBody } from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { sniffedStream, toTabular } from '../governance/index.ts';
import { creditsFor, estimateTokens, pickModel } from './engines.ts';
import { SENTIMENT_QUEUE } from './run.ts';
import { profileSheet, type SheetProfile } from './sheet.ts';
import {
  type AnalysisRow,
  claimForRun,
  fileKey,
  filesPrefix,
  insertAnalysis,
  presentAnalysis,
  raggedRows,
  updateAnalysis,
} from './store.ts';

const FEATURE = 'sentiment';
const MAX_BYTES = SENTIMENT.maxUploadMb * 1024 * 1024;
const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * POST /api/sentiment/analyses: streams the file to a private folder, reads it with governance's
 * readers (same limits), profiles the sheet and keeps it only when it can be analysed.
 */
export async function upload(ctx: AppContext, request: FastifyRequest, user: AccessClaims): Promise<SentimentAnalysis> {
  await ctx.uploadQuota.admit(user.sub);
  if (!request.isMultipart()) throw badRequest('Send the sheet as multipart/form-data, in a field named file.');
  const part = await request.file({ limits: { fileSize: MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('No file was sent: choose an .xlsx or .csv file.');
  const work = await mkdtemp(path.join(tmpdir(), 'hangar-sentiment-up-'));
  try {
    const fileName = path.basename(part.filename || 'sheet').slice(0, 200);
    const extension = extensionOf(fileName);
    if (!(SENTIMENT.acceptedExtensions as readonly string[]).includes(extension)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Files of type .${extension || '?'} are not accepted: upload an .xlsx workbook or a .csv file.`,
      );
    }
    const body = await sniffedStream(fileName, part.file);
    const source = path.join(work, `source.${extension}`);
    await pipeline(body, createWriteStream(source));
    if (part.file.truncated) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${fileName} is larger than ${SENTIMENT.maxUploadMb} MB. Keep only the columns the analysis needs (the comments, a date, a category) or split the file, then upload again.`,
      );
    }
    const size = (await stat(source)).size;
    if (size === 0) throw badRequest(`${fileName} is empty: choose the file that holds the comments.`);
    const tabular = await toTabular(source, extension, work);
    if (!tabular.ok) throw badRequest(tabular.message);
    const profile: SheetProfile = await profileSheet(tabular.csvPath, tabular.format);
    const id = randomUUID();
    const sheetKey = fileKey(id, 'sheet');
    await ctx.store.put(sheetKey, createReadStream(tabular.csvPath), 'text/csv');
    try {
      const row = await insertAnalysis(ctx.db, {
        id,
        userId: user.sub,
        fileName,
        sheetKey,
        delimiter: tabular.format.delimiter,
        rows: profile.rows,
        columns: profile.columns,
        // The rows with another field count than the header go with the proposal (no column of their own).
        proposed: { ...profile.proposed, ragged: profile.ragged },
      });
      await ctx.uploadQuota.record(user.sub, size);
      return presentAnalysis(row);
    } catch (err) {
      await ctx.store.delete(sheetKey).catch(() => {});
      throw err;
    }
  } finally {
    // Whatever happened, the rest of the upload is read off the wire and the private folder goes.
    if (!part.file.readableEnded) part.file.resume();
    await rm(work, { recursive: true, force: true });
  }
}

type Column = { name: string; chars?: number };

function checkColumns(row: AnalysisRow, body: Pick<SentimentRunBody, 'text_column' | 'date_column' | 'category_column'>) {
  const columns = row.columns as Column[];
  const has = (name: string | null | undefined, what: string) => {
    if (name && !columns.some((c) => c.name === name))
      throw badRequest(`${what} "${name}" is not a column of ${row.fileName}. Choose one of: ${columns.map((c) => c.name).join(', ')}.`);
  };
  has(body.text_column, 'The text column');
  has(body.date_column, 'The date column');
  has(body.category_column, 'The category column');
  return columns.find((c) => c.name === body.text_column)!;
}

/** Characters of the text column, with the extra fields of the rows that have more than the header (joined into it). */
const textChars = (row: AnalysisRow, column: Column) => (column.chars ?? 0) + (raggedRows(row)?.extra_chars ?? 0);

/**
 * Rows with more fields than the header are run only once the user chose to take the extra fields
 * as part of the comment; the other fix is a file whose comments are quoted (issue 33 item 15).
 */
function checkRagged(row: AnalysisRow, body: SentimentRunBody) {
  const ragged = raggedRows(row);
  if (!ragged?.wider.count || body.join_extra_fields) return;
  const { count, lines } = ragged.wider;
  throw badRequest(
    `${count.toLocaleString('en')} of ${row.rows.toLocaleString('en')} rows of ${row.fileName} have more fields than its header (${ragged.header_fields}), ` +
      `most likely a comment holding the delimiter "${ragged.delimiter}" without double quotes around it ` +
      `(line${count > 1 ? 's' : ''} ${lines.join(', ')}${count > lines.length ? ', ...' : ''}). ` +
      'Either put those comments between double quotes and upload the file again, or take the rest of the line as the comments (join_extra_fields).',
  );
}

/** Credits a run would hold: 0 for the offline analyser, tokens × the model's prices otherwise. */
export async function estimate(
  ctx: AppContext,
  user: AccessClaims,
  row: AnalysisRow,
  textColumn: string,
  engine: string,
): Promise<SentimentEstimate> {
  const column = checkColumns(row, { text_column: textColumn });
  const model = pickModel(ctx.config, user, engine);
  const credits = model ? creditsFor(model, estimateTokens(textChars(row, column), row.rows)) : 0;
  const { remaining } = await ctx.credits.balance(user.sub);
  return { engine, rows: row.rows, credits, remaining_credit: remaining };
}

/** Holds the estimate (a chat model), marks the analysis queued and sends the job. */
export async function run(ctx: AppContext, user: AccessClaims, row: AnalysisRow, body: SentimentRunBody): Promise<SentimentAnalysis> {
  if (row.state === 'queued' || row.state === 'running')
    throw new AppError('CONFLICT', 'This sheet is being analysed: wait for the result.');
  const column = checkColumns(row, body);
  checkRagged(row, body);
  const model = pickModel(ctx.config, user, body.engine);
  const credits = model ? creditsFor(model, estimateTokens(textChars(row, column), row.rows)) : 0;
  const reservation = credits > 0 ? await ctx.credits.reserve(user.sub, credits, FEATURE) : null;
  let claimed = false;
  try {
    claimed = await claimForRun(ctx.db, row.id, {
      textColumn: body.text_column,
      dateColumn: body.date_column || null,
      categoryColumn: body.category_column || null,
      engine: body.engine,
      credits,
      reservationId: reservation?.id ?? null,
    });
    if (!claimed) throw new AppError('CONFLICT', 'This sheet is being analysed: wait for the result.');
    await ctx.jobs.send(SENTIMENT_QUEUE, { id: row.id });
  } catch (err) {
    if (reservation) await ctx.credits.release(reservation.id).catch(() => {});
    if (claimed) await updateAnalysis(ctx.db, row.id, { state: 'failed', step: 'Failed', reservationId: null, credits: 0 }).catch(() => {});
    throw err;
  }
  return presentAnalysis({
    ...row,
    state: 'queued',
    progress: 0,
    step: 'Waiting to start',
    engine: body.engine,
    credits,
    error: null,
    textColumn: body.text_column,
    dateColumn: body.date_column || null,
    categoryColumn: body.category_column || null,
  });
}

/** Removes an analysis and its files; a held reservation goes back. */
export async function removeFiles(ctx: AppContext, id: string): Promise<void> {
  const objects = await ctx.store.list(filesPrefix(id)).catch(() => []);
  await Promise.all(objects.map((o) => ctx.store.delete(o.key).catch(() => {})));
}
