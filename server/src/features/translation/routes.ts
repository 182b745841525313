import {
  APP,
  TRANSLATION_MAX_UPLOAD_MB,
  TranslationConfig,
  TranslationEstimateFields,
  TranslationJob,
  TranslationJobParams,
  TranslationRequestFields,
  TranslationSessionParams,
  TranslationSessionResponse,
  TranslationUsage,
} from '@hangar/contract';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { multipartFile } from '../../platform/openapi.ts';
import { perUserPerMinute } from '../../platform/request-guards.ts';
import { translationConfig } from './catalogue.ts';
import { CLEANUP_QUEUE, cleanUpTranslations, failIfLost } from './housekeeping.ts';
import { contentTypes, deleteSessionFiles, runTranslationJob, TRANSLATION_QUEUE } from './run.ts';
import { estimate, start } from './service.ts';
import { createSession, deleteSession, type JobRow, jobById, outputName, ownJob, ownSession, presentJob } from './store.ts';

const access = { anyApp: [APP.translator] } as const;
const perUser = perUserPerMinute;
const WaitQuery = z.object({
  wait: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe("true: answer with the translated file once done (the spec's blocking call) instead of the job"),
});

export function registerTranslationRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  ctx.jobs.define<{ jobId: string }>(TRANSLATION_QUEUE, ({ jobId }) => runTranslationJob(ctx, jobId), {
    expireInSeconds: Math.ceil(ctx.config.TRANSLATION_TIMEOUT_MS / 1000) + 120,
    // Never run twice: a retried job could charge twice; a lost one is failed by its state check instead.
    retryLimit: 0,
  });
  ctx.jobs.define(CLEANUP_QUEUE, () => cleanUpTranslations(ctx), { cron: '17 * * * *', retryLimit: 0 });

  const sendFile = async (reply: FastifyReply, row: JobRow) => {
    if (!row.outputKey) throw notFound('The translated file is not ready.');
    const file = await ctx.store.get(row.outputKey).catch(() => {
      throw notFound('The translated file is no longer available: translate the document again.');
    });
    return reply
      .header('content-type', contentTypes[row.fileType as keyof typeof contentTypes])
      .header('content-disposition', contentDisposition('attachment', outputName(row)))
      .header('access-control-expose-headers', 'Content-Disposition')
      .send(file.body);
  };

  app.get(
    '/api/translation/clear_session',
    {
      config: { access, rateLimit: perUser(60) },
      schema: { tags: ['translation'], summary: 'Prepares a translator session', response: { 200: TranslationSessionResponse } },
    },
    async (request) => ({ id_session: await createSession(ctx.db, requireUser(request).sub) }),
  );

  app.get(
    '/api/translation/config/:sessionId',
    {
      config: { access },
      schema: {
        tags: ['translation'],
        summary: 'Languages, accepted types and the methods allowed per type (credit rules applied)',
        params: TranslationSessionParams,
        response: { 200: TranslationConfig },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ownSession(ctx.db, request.params.sessionId, user.sub);
      const { remaining } = await ctx.credits.balance(user.sub);
      return translationConfig(ctx.config, remaining);
    },
  );

  app.post(
    '/api/translation/document',
    {
      config: {
        access,
        rateLimit: perUser(30),
        openapi: {
          errors: [402, 404, 413, 415, 429],
          multipart: TranslationEstimateFields.extend({
            file: multipartFile().describe(`The pdf, pptx or docx (at most ${TRANSLATION_MAX_UPLOAD_MB} MB)`),
          }),
        },
      },
      schema: {
        tags: ['translation'],
        summary: 'Counts the pages of a document and the credits its translation will hold',
        consumes: ['multipart/form-data'],
        response: { 200: TranslationUsage },
      },
    },
    async (request) => estimate(ctx, request, requireUser(request)),
  );

  app.post(
    '/api/translation',
    {
      config: {
        access,
        rateLimit: perUser(30),
        openapi: {
          errors: [402, 404, 413, 415, 429, 503],
          multipart: TranslationRequestFields.extend({ file: multipartFile().describe('The document to translate') }),
          responses: { 200: { description: 'With wait=true: the translated file', contentType: 'application/octet-stream' } },
        },
      },
      schema: {
        tags: ['translation'],
        summary: 'Starts a translation (a job with progress); with wait=true answers the translated file',
        consumes: ['multipart/form-data'],
        querystring: WaitQuery,
        response: { 202: TranslationJob },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const job = await start(ctx, request, user);
      if (request.query.wait !== 'true' && request.query.wait !== '1') return reply.status(202).send(job);
      const deadline = Date.now() + ctx.config.TRANSLATION_TIMEOUT_MS + 30_000;
      for (;;) {
        const row = await jobById(ctx.db, job.id);
        if (!row || row.state === 'failed') throw new AppError('UNAVAILABLE', row?.error ?? 'The translation was cancelled.');
        if (row.state === 'done') return sendFile(reply, row);
        if (Date.now() > deadline || request.raw.socket.destroyed)
          throw new AppError('UNAVAILABLE', 'The translation is still running: follow it with its job id.');
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  );

  app.get(
    '/api/translation/jobs/:jobId',
    {
      config: { access },
      schema: {
        tags: ['translation'],
        summary: "A translation's state and progress",
        params: TranslationJobParams,
        response: { 200: TranslationJob },
      },
    },
    async (request) => presentJob(await failIfLost(ctx, await ownJob(ctx.db, request.params.jobId, requireUser(request).sub))),
  );

  app.get(
    '/api/translation/jobs/:jobId/file',
    {
      config: {
        access,
        openapi: {
          responses: {
            200: { description: 'The translated file (translated_ plus the original name)', contentType: 'application/octet-stream' },
          },
        },
      },
      schema: { tags: ['translation'], summary: 'Downloads a finished translation', params: TranslationJobParams },
    },
    async (request, reply) => sendFile(reply, await ownJob(ctx.db, request.params.jobId, requireUser(request).sub)),
  );

  app.delete(
    '/api/translation/clear_session/:sessionId',
    {
      config: { access, openapi: { responses: { 204: { description: 'The session and its files are gone' } } } },
      schema: { tags: ['translation'], summary: 'Removes a translator session and its files', params: TranslationSessionParams },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await ownSession(ctx.db, request.params.sessionId, user.sub);
      const jobs = await deleteSession(ctx.db, request.params.sessionId);
      // Credits still held by a job that had not started are given back.
      for (const j of jobs) if (j.reservationId && j.state === 'queued') await ctx.credits.release(j.reservationId).catch(() => {});
      await deleteSessionFiles(ctx, request.params.sessionId);
      return reply.status(204).send();
    },
  );
}
