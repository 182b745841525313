import {
  APP,
  SENTIMENT,
  SentimentAnalysis,
  SentimentAnalysisParams,
  SentimentDownloadQuery,
  SentimentEngine,
  SentimentEstimate,
  SentimentEstimateQuery,
  SentimentFilter,
  SentimentResult,
  SentimentRunBody,
} from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { multipartFile } from '../../platform/openapi.ts';
import { perUserPerMinute } from '../../platform/request-guards.ts';
import { enrichedCsv, enrichedXlsx } from './download.ts';
import { enginesFor } from './engines.ts';
import { failIfLost, failLostRuns } from './lost-runs.ts';
import { summarise } from './results.ts';
import { runSentimentJob, SENTIMENT_QUEUE } from './run.ts';
import { estimate, removeFiles, run, upload } from './service.ts';
import { analysesOlderThan, deleteAnalysisRow, fileKey, listAnalyses, ownAnalysis, presentAnalysis } from './store.ts';

// Spec: Sentiment analysis is menu entry 4, for holders of GenAI/Sentiment Analysis.
const access = { anyApp: [APP.sentiment] } as const;
const tags = ['sentiment'];
const CLEANUP_QUEUE = 'sentiment-cleanup';
/** Analyses (and their files) are kept this long after their last change; a sheet never run, a day. */
const KEEP_DAYS = 30;

export function registerSentimentRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  ctx.jobs.define<{ id: string }>(SENTIMENT_QUEUE, ({ id }) => runSentimentJob(ctx, id), {
    expireInSeconds: 3_600,
    // Never run twice: a retried run could charge twice.
    retryLimit: 0,
  });
  ctx.jobs.define(
    CLEANUP_QUEUE,
    async () => {
      await failLostRuns(ctx);
      const day = 86_400_000;
      for (const row of await analysesOlderThan(ctx.db, new Date(Date.now() - day))) {
        if (row.state !== 'uploaded' && row.updatedAt.getTime() > Date.now() - KEEP_DAYS * day) continue;
        if (row.state === 'queued' || row.state === 'running') continue;
        await removeFiles(ctx, row.id);
        await deleteAnalysisRow(ctx.db, row.id);
      }
    },
    // Every ten minutes: a lost run nobody looks at gives its held credits back soon.
    { cron: '*/10 * * * *', retryLimit: 0 },
  );

  // Every read first fails a run whose process died, so the screen never waits on it forever.
  const own = async (request: { params: { id: string } } & Parameters<typeof requireUser>[0]) =>
    failIfLost(ctx, await ownAnalysis(ctx.db, request.params.id, requireUser(request).sub));

  app.get(
    '/api/sentiment/engines',
    {
      config: { access },
      schema: { tags, summary: 'The engines: the offline analyser and the chat models', response: { 200: z.array(SentimentEngine) } },
    },
    async (request) => enginesFor(ctx.config, requireUser(request)),
  );

  app.get(
    '/api/sentiment/analyses',
    {
      config: { access },
      schema: { tags, summary: "The caller's recent analyses, newest first", response: { 200: z.array(SentimentAnalysis) } },
    },
    async (request) => {
      const rows = await listAnalyses(ctx.db, requireUser(request).sub);
      return (await Promise.all(rows.map((row) => failIfLost(ctx, row)))).map(presentAnalysis);
    },
  );

  app.post(
    '/api/sentiment/analyses',
    {
      config: {
        access,
        rateLimit: perUserPerMinute(20),
        openapi: {
          errors: [413, 415, 429],
          multipart: z.object({ file: multipartFile().describe(`The .xlsx or .csv sheet (at most ${SENTIMENT.maxUploadMb} MB)`) }),
        },
      },
      schema: {
        tags,
        summary: 'Uploads a sheet: its rows are counted, its columns described and the text, date and category columns proposed',
        consumes: ['multipart/form-data'],
        response: { 201: SentimentAnalysis },
      },
    },
    async (request, reply) => reply.status(201).send(await upload(ctx, request, requireUser(request))),
  );

  app.get(
    '/api/sentiment/analyses/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: "An analysis's columns, state and progress",
        params: SentimentAnalysisParams,
        response: { 200: SentimentAnalysis },
      },
    },
    async (request) => presentAnalysis(await own(request)),
  );

  app.get(
    '/api/sentiment/analyses/:id/estimate',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The credits a run would hold with this engine and text column',
        params: SentimentAnalysisParams,
        querystring: SentimentEstimateQuery,
        response: { 200: SentimentEstimate },
      },
    },
    async (request) => {
      const row = await own(request);
      return estimate(ctx, requireUser(request), row, request.query.text_column, request.query.engine);
    },
  );

  app.post(
    '/api/sentiment/analyses/:id/run',
    {
      config: { access, rateLimit: perUserPerMinute(20), openapi: { errors: [402, 409] } },
      schema: {
        tags,
        summary: 'Runs the analysis as a job (a chat model holds its estimate first)',
        params: SentimentAnalysisParams,
        body: SentimentRunBody,
        response: { 202: SentimentAnalysis },
      },
    },
    async (request, reply) => {
      const row = await own(request);
      return reply.status(202).send(await run(ctx, requireUser(request), row, request.body));
    },
  );

  app.get(
    '/api/sentiment/analyses/:id/result',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Distribution, over time, by category, extremes, key phrases and comments, under the filters',
        params: SentimentAnalysisParams,
        querystring: SentimentFilter,
        response: { 200: SentimentResult },
      },
    },
    async (request) => {
      const row = await own(request);
      if (row.state !== 'done') throw new AppError('CONFLICT', 'The analysis has no result yet: run it, then wait for it to finish.');
      const file = await ctx.store.get(fileKey(row.id, 'results')).catch(() => {
        throw notFound('The results are no longer available: run the analysis again.');
      });
      return summarise(file.body, request.query);
    },
  );

  app.get(
    '/api/sentiment/analyses/:id/download',
    {
      config: {
        access,
        openapi: { responses: { 200: { description: 'The sheet with the added columns', contentType: 'application/octet-stream' } } },
      },
      schema: {
        tags,
        summary: 'Downloads the original sheet with the added columns',
        params: SentimentAnalysisParams,
        querystring: SentimentDownloadQuery,
      },
    },
    async (request, reply) => {
      const row = await own(request);
      if (row.state !== 'done') throw new AppError('CONFLICT', 'The analysis has not finished: download once it is done.');
      const format = request.query.format;
      const base = row.fileName.replace(/\.[^.]+$/, '');
      const body = format === 'csv' ? await enrichedCsv(ctx, row.id) : await enrichedXlsx(ctx, row.id);
      return reply
        .header(
          'content-type',
          format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', contentDisposition('attachment', `${base}_sentiment.${format}`))
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(body);
    },
  );

  app.delete(
    '/api/sentiment/analyses/:id',
    {
      config: { access, openapi: { errors: [409], responses: { 204: { description: 'The analysis and its files are gone' } } } },
      schema: { tags, summary: 'Removes an analysis and its files', params: SentimentAnalysisParams },
    },
    async (request, reply) => {
      const row = await own(request);
      if (row.state === 'running') throw new AppError('CONFLICT', 'The analysis is running: delete it once it has finished.');
      if (row.reservationId && row.state === 'queued') await ctx.credits.release(row.reservationId).catch(() => {});
      await deleteAnalysisRow(ctx.db, row.id);
      await removeFiles(ctx, row.id);
      return reply.status(204).send();
    },
  );
}
