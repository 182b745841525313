import type { Multipart } from '@fastify/multipart';
import {
  APP,
  MULTIDOCS_MAX_UPLOAD_MB,
  MULTIDOCS_OFFLINE_TRANSCRIPT_LABEL,
  MultidocsDeleteRequest,
  MultidocsDeleteResponse,
  MultidocsDualStreamRequest,
  MultidocsScrapeRequest,
  MultidocsSessionAttachments,
  MultidocsSessionCleanupResponse,
  MultidocsSessionId,
  MultidocsTranscriptFields,
  MultidocsTranscriptResponse,
  MultidocsUploadFields,
  MultidocsUploadResponse,
  MultidocsUploadStatusQuery,
} from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { multipartFile } from '../../platform/openapi.ts';
import { perUserPerMinute } from '../../platform/request-guards.ts';
import { streamCap } from '../chat/index.ts';
import { dualStream } from './dual-stream.ts';
import { EXTRACTION_QUEUE, EXTRACTION_SWEEP_QUEUE, runExtraction, sweepExtractions } from './extraction-job.ts';
import { createMultidocsHistory } from './history.ts';
import { createMultidocsService } from './service.ts';
import { createMultidocsSessions, presentAttachment, SWEEP_QUEUE } from './sessions.ts';

/** Multi Docs is menu entry 7, held through the GenAI/Multi Docs application. */
export const MULTIDOCS_RULE = { anyApp: [APP.multiDocs] } as const;
const perUser = perUserPerMinute;
const NOT_FOUND = 'This attachment no longer exists.';

/** The spec's "form" fields, sent urlencoded or as multipart (the browser's FormData), checked by a zod shape. */
async function formFields<T extends z.ZodType>(request: FastifyRequest, shape: T): Promise<z.infer<T>> {
  let fields: Record<string, unknown> = {};
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { files: 0, fields: 20, fieldSize: 256 * 1024 } }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value ?? '');
      else part.file.resume();
    }
  } else if (request.body && typeof request.body === 'object') {
    fields = request.body as Record<string, unknown>;
  }
  const parsed = shape.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; '));
  return parsed.data;
}

export function registerMultidocsRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = createMultidocsService(ctx);
  const history = createMultidocsHistory(ctx.db);
  const streams = streamCap(ctx);
  const sessions = createMultidocsSessions(ctx, (row) => service.remove(row));
  ctx.jobs.define(
    SWEEP_QUEUE,
    async () => {
      await sessions.sweep();
    },
    { cron: '41 * * * *', retryLimit: 0 },
  );
  ctx.jobs.define<{ fileId: string }>(EXTRACTION_QUEUE, ({ fileId }) => runExtraction(ctx, service.store, fileId), {
    // A lost worker's job is retried; the extraction's own limit is far below this.
    expireInSeconds: Math.ceil((ctx.config.MULTIDOCS_EXTRACT_TIMEOUT_MS * 3) / 1000) + 60,
    retryLimit: 1,
    concurrency: ctx.config.MULTIDOCS_EXTRACT_CONCURRENCY,
  });
  ctx.jobs.define(EXTRACTION_SWEEP_QUEUE, () => sweepExtractions(ctx, service.store), { cron: '23 * * * *', retryLimit: 0 });

  app.post(
    '/api/multidocs_chat/upload-file',
    {
      config: {
        access: MULTIDOCS_RULE,
        rateLimit: perUser(30),
        openapi: {
          errors: [404, 413, 415, 429, 503],
          multipart: MultidocsUploadFields.extend({
            file: multipartFile().describe(`A pdf, docx, pptx, image, audio or video file (at most ${MULTIDOCS_MAX_UPLOAD_MB} MB)`),
          }),
        },
      },
      schema: {
        tags: ['multidocs'],
        summary:
          'Reads a file into searchable passages; answers its uri, pages and the extra response time (202 with status pending when reading goes on in the background)',
        consumes: ['multipart/form-data'],
        response: { 200: MultidocsUploadResponse, 202: MultidocsUploadResponse },
      },
    },
    async (request, reply) => {
      const answer = await service.upload(request, requireUser(request));
      return reply.code(answer.status === 'pending' ? 202 : 200).send(answer);
    },
  );

  app.get(
    '/api/multidocs_chat/upload-status',
    {
      config: { access: MULTIDOCS_RULE, rateLimit: perUser(600), openapi: { errors: [400, 404, 413, 415, 503] } },
      schema: {
        tags: ['multidocs'],
        summary:
          "Follows an attachment's extraction: ready with its pages, pending with its progress, or the error that ended it (answered once)",
        querystring: MultidocsUploadStatusQuery,
        response: { 200: MultidocsUploadResponse },
      },
    },
    async (request) => {
      requireUser(request);
      const row = await service.store.byUri(request.query.uri);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      await ctx.authorize(request, 'attachment.use', row, { notFound: NOT_FOUND });
      return service.status(row);
    },
  );

  app.post(
    '/api/multidocs_chat/scrape-url',
    {
      config: { access: MULTIDOCS_RULE, rateLimit: perUser(30), openapi: { errors: [413, 415, 429], multipart: MultidocsScrapeRequest } },
      schema: {
        tags: ['multidocs'],
        summary: "Reads a web page's article (through the SSRF-safe client) into searchable passages",
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        response: { 200: MultidocsUploadResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { sessionId, url } = await formFields(request, MultidocsScrapeRequest);
      return service.scrape(user, sessionId, url);
    },
  );

  app.post(
    '/api/multidocs_chat/transcript-file',
    {
      config: {
        access: MULTIDOCS_RULE,
        rateLimit: perUser(30),
        openapi: {
          errors: [413, 415, 429, 503],
          multipart: MultidocsTranscriptFields.extend({ file: multipartFile().describe('The recording (audio or video)') }),
        },
      },
      schema: {
        tags: ['multidocs'],
        summary: 'Transcribes a recording (kept as mp3); answers the transcript',
        consumes: ['multipart/form-data'],
        response: { 200: MultidocsTranscriptResponse },
      },
    },
    async (request) => {
      const { answer, offline } = await service.transcript(request, requireUser(request));
      return { answer: offline ? `${MULTIDOCS_OFFLINE_TRANSCRIPT_LABEL} ${answer}` : answer, offline };
    },
  );

  app.delete(
    '/api/multidocs_chat/delete',
    {
      config: { access: MULTIDOCS_RULE, openapi: { errors: [404] } },
      schema: {
        tags: ['multidocs'],
        summary: 'Deletes an attachment, its passages and its stored file',
        body: MultidocsDeleteRequest,
        response: { 200: MultidocsDeleteResponse },
      },
    },
    async (request) => {
      requireUser(request);
      const row = await service.store.byUri(request.body.gs_link);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      await ctx.authorize(request, 'attachment.use', row, { notFound: NOT_FOUND });
      await service.remove(row);
      return { deleted: true };
    },
  );

  const SessionParams = z.object({ sessionId: MultidocsSessionId });

  app.get(
    '/api/multidocs_chat/sessions/:sessionId',
    {
      config: { access: MULTIDOCS_RULE },
      schema: {
        tags: ['multidocs'],
        summary: 'Your attachments of a Multi Docs session (the composer shows them again after a reload)',
        params: SessionParams,
        response: { 200: MultidocsSessionAttachments },
      },
    },
    async (request) => ({
      attachments: (await sessions.list(requireUser(request).sub, request.params.sessionId)).map(presentAttachment),
    }),
  );

  app.delete(
    '/api/multidocs_chat/sessions/:sessionId',
    {
      config: { access: MULTIDOCS_RULE },
      schema: {
        tags: ['multidocs'],
        summary: 'Deletes all your attachments of a Multi Docs session (leaving the mode, a new chat), their passages and files',
        params: SessionParams,
        response: { 200: MultidocsSessionCleanupResponse },
      },
    },
    async (request) => ({ deleted: await sessions.removeSession(requireUser(request).sub, request.params.sessionId) }),
  );

  app.post(
    '/api/multidocs_chat/dual-stream',
    {
      config: {
        access: MULTIDOCS_RULE,
        rateLimit: perUser(20),
        openapi: {
          errors: [402, 404, 429],
          multipart: MultidocsDualStreamRequest,
          responses: {
            200: {
              description:
                'Event stream of `data:` lines (JSON with type and content or error): preview_start, preview_chunk…, preview_end, ask_start, ask_chunk…, ask_end, total_credit, stream_complete; heartbeat while waiting; preview_error, ask_error, global_error',
              contentType: 'text/event-stream',
            },
          },
        },
      },
      schema: {
        tags: ['multidocs'],
        summary: 'Answers a question over the selected attachments: the passages found, then the cited answer',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = await formFields(request, MultidocsDualStreamRequest);
      await dualStream(ctx, service.store, history, streams, request, reply, user, body);
    },
  );
}
