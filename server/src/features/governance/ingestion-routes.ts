import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteBody,
  GOVERNANCE,
  GovBu,
  GovMonth,
  GovUseCaseField,
  GovYear,
  IngestionDataQuery,
  IngestionDataResponse,
  pendingStages,
  RejectBody,
  type StageStatusMap,
  startUpload,
  TemplateQuery,
  UploadResponse,
  type UploadResult,
  ValidateBody,
  versionsFor,
} from '@hangar/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { govCheckResults, govUploads } from '../../platform/db/schema.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { contentDisposition, safeKeySegment } from '../../platform/file-names.ts';
import { fileTypeDef, referentialDef, useCaseDef } from './catalogue/index.ts';
import { ingestionItems, typesForPeriod } from './items.ts';
import { eachPart, formFields } from './multipart.ts';
import { GOVERNANCE_RULE, requireRight } from './permissions.ts';
import { extensionOf, QUEUES } from './pipeline.ts';
import { resultsChanged } from './results-cache.ts';
import { liveUploads, setStages, type UploadRow, uploadByObjectKey, uploadByStagedKey } from './store.ts';
import { templateWorkbook } from './templates.ts';

const UploadHead = z.object({ file_asset: GovBu, use_case: GovUseCaseField, month: GovMonth, year: GovYear });
const parse = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues.map((i) => i.message).join('; '));
  return r.data;
};
interface Stored {
  upload: typeof govUploads.$inferInsert & { id: string };
  kpiReview: boolean;
}

export function registerIngestionRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const config = { access: GOVERNANCE_RULE };

  app.get(
    '/api/data_gov/ingestion/data',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Ingestion items of a BU, use case and period',
        querystring: IngestionDataQuery,
        response: { 200: IngestionDataResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const user = requireUser(request);
      await requireRight(ctx, request, user, q.asset, q.use_case, ['Ingestion', 'Quality']);
      const uploads = await liveUploads(ctx.db, { bu: q.asset, useCase: q.use_case, year: q.year, month: q.month });
      return ingestionItems(q.use_case, q.asset, q.use_case_type === 'BUDGET', uploads);
    },
  );

  app.post(
    '/api/data_gov/ingestion/file',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Upload one file or a linked group (multipart)',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const stored: Stored[] = [];
      try {
        await eachPart(request, async (file, fields) => {
          const head = parse(UploadHead, fields);
          if (stored.length === 0) await requireRight(ctx, request, user, head.file_asset, head.use_case, ['Ingestion']);
          stored.push(await storeUpload(ctx, request, head, fields, file.filename, file.mimetype, file.file));
        });
        if (!stored.length) throw badRequest('Attach the file to upload in the field "file".');
        await ctx.db.transaction(async (tx) => {
          for (const s of stored) {
            const u = s.upload;
            await tx
              .update(govUploads)
              .set({ supersededAt: new Date() })
              .where(
                and(
                  eq(govUploads.bu, u.bu),
                  eq(govUploads.useCase, u.useCase),
                  eq(govUploads.fileType, u.fileType),
                  eq(govUploads.version, u.version ?? ''),
                  eq(govUploads.year, u.year),
                  eq(govUploads.month, u.month),
                  isNull(govUploads.supersededAt),
                ),
              );
            await tx.insert(govUploads).values(u);
          }
        });
      } catch (err) {
        await Promise.all(stored.map((s) => ctx.store.delete(s.upload.objectKey).catch(() => {})));
        throw err;
      }
      for (const s of stored) await ctx.jobs.send(QUEUES.check, { uploadId: s.upload.id });
      return stored.map(
        ({ upload }): UploadResult => ({
          file_type: upload.fileType,
          version: upload.version || null,
          status: upload.status as StageStatusMap,
          file_id: upload.id,
          kpis: null,
          tmp_bucket_url: null,
          error: null,
        }),
      );
    },
  );

  async function reviewTarget(request: FastifyRequest, body: z.infer<typeof ValidateBody>): Promise<UploadRow> {
    const user = requireUser(request);
    const upload = await uploadByStagedKey(ctx.db, body.tmp_bucket_url);
    // An unknown reference and another BU's file answer alike.
    if (!upload || upload.bu !== body.file_asset || upload.fileType !== body.file_type || upload.supersededAt) {
      throw notFound('No file awaiting KPI review matches this reference. Reload the page: the file may have been replaced.');
    }
    await requireRight(ctx, request, user, upload.bu, upload.useCase as never, ['Ingestion']);
    if (upload.year !== body.year || upload.month !== body.month) throw badRequest('month and year do not match the file under review.');
    if ((upload.status as StageStatusMap).checkKpis !== 'running') {
      throw new AppError('CONFLICT', 'This file is not waiting for KPI review.');
    }
    return upload;
  }

  app.post(
    '/api/data_gov/ingestion/validate',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Accept the KPIs: the file is processed into the warehouse',
        response: { 200: UploadResponse.element },
      },
    },
    async (request) => {
      const body = parse(ValidateBody, await formFields(request));
      const upload = await reviewTarget(request, body);
      const status: StageStatusMap = { ...(upload.status as StageStatusMap), checkKpis: 'finished', processed: 'running' };
      await setStages(ctx.db, upload.id, { status, error: null });
      await ctx.jobs.send(QUEUES.process, { uploadId: upload.id });
      return {
        file_type: upload.fileType,
        version: upload.version || null,
        status,
        file_id: upload.id,
        kpis: null,
        tmp_bucket_url: upload.stagedKey,
        error: null,
      };
    },
  );

  app.post(
    '/api/data_gov/ingestion/reject',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Reject the KPIs: the file is discarded',
        body: RejectBody,
        response: { 200: UploadResponse.element },
      },
    },
    async (request) => {
      const upload = await reviewTarget(request, request.body);
      const status = pendingStages(true);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(govUploads)
          .set({ status, supersededAt: new Date(), stagedKey: null, updatedAt: new Date() })
          .where(eq(govUploads.id, upload.id));
        await tx.update(govCheckResults).set({ current: false }).where(eq(govCheckResults.uploadId, upload.id));
      });
      resultsChanged();
      if (upload.stagedKey) await ctx.store.delete(upload.stagedKey);
      await ctx.store.delete(upload.objectKey);
      return {
        file_type: upload.fileType,
        version: upload.version || null,
        status,
        file_id: null,
        kpis: null,
        tmp_bucket_url: null,
        error: null,
      };
    },
  );

  app.delete(
    '/api/data_gov/ingestion/delete',
    { config, schema: { tags: ['governance'], summary: 'Delete an upload that has not been processed', body: DeleteBody } },
    async (request, reply) => {
      const user = requireUser(request);
      const upload = await uploadByObjectKey(ctx.db, request.body.file_name_sftp);
      if (!upload || upload.supersededAt) throw notFound('No uploaded file matches this reference.');
      await requireRight(ctx, request, user, upload.bu, upload.useCase as never, ['Ingestion']);
      if ((upload.status as StageStatusMap).processed === 'finished') {
        throw new AppError('CONFLICT', 'This file is in the warehouse already: upload a corrected file for the same period to replace it.');
      }
      await ctx.db.transaction(async (tx) => {
        await tx.delete(govCheckResults).where(eq(govCheckResults.uploadId, upload.id));
        await tx.delete(govUploads).where(eq(govUploads.id, upload.id));
      });
      resultsChanged();
      await ctx.store.delete(upload.objectKey);
      if (upload.stagedKey) await ctx.store.delete(upload.stagedKey);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/data_gov/ingestion/template',
    { config, schema: { tags: ['governance'], summary: 'The xlsx template of a file type', querystring: TemplateQuery } },
    async (request, reply) => {
      const q = request.query;
      const user = requireUser(request);
      await requireRight(ctx, request, user, q.file_asset, q.uc, ['Ingestion', 'Referentiel', 'Quality']);
      const def = fileTypeDef(q.uc, q.file_asset, q.file_type);
      const ref = def ? undefined : referentialDef(q.uc, q.file_type);
      if (!def && !ref) throw notFound(`${q.file_type} is not a file type of ${q.uc} at ${q.file_asset}.`);
      const title = `${q.file_type}${q.version ? ` ${q.version}` : ''} — ${q.uc}, ${q.file_asset}`;
      const body = await templateWorkbook(title, (def ?? ref)!.columns, null);
      const name = `${q.file_asset}_${q.file_type}${q.version ? `_${q.version}` : ''}_template.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', name))
        .send(body);
    },
  );
}

/** Streams one file of an upload to the object store and prepares its row. */
async function storeUpload(
  ctx: AppContext,
  request: FastifyRequest,
  head: z.infer<typeof UploadHead>,
  fields: Record<string, string>,
  fileName: string,
  mimeType: string,
  stream: Readable & { truncated?: boolean },
): Promise<Stored> {
  const useCase = useCaseDef(head.use_case);
  const fileType = (fields.file_type ?? '').trim();
  const budget = Boolean(fileTypeDef(head.use_case, head.file_asset, fileType)?.budget);
  const allowed = typesForPeriod(head.use_case, head.file_asset, budget).map((t) => t.type);
  if (!fileType) throw badRequest('file_type is required before each file.');
  if (!allowed.includes(fileType)) {
    throw badRequest(`${fileType} is not a file type ${head.file_asset} sends for ${head.use_case}. Choose one of ${allowed.join(', ')}.`);
  }
  const versions = versionsFor(fileType, head.file_asset);
  const version = (fields.file_version ?? '').trim();
  if (versions.length && !versions.includes(version))
    throw badRequest(`file_version for ${fileType} must be one of ${versions.join(', ')}.`);
  const extension = extensionOf(fileName);
  if (!(GOVERNANCE.acceptedExtensions as readonly string[]).includes(extension)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Files of type .${extension || '?'} are not accepted. Upload ${GOVERNANCE.acceptedExtensions.join(', ')}.`,
    );
  }
  const id = randomUUID();
  const objectKey = `governance/uploads/${head.file_asset}/${head.use_case.toLowerCase()}/${id}/${safeKeySegment(fileName)}`;
  const saved = await ctx.store.put(objectKey, stream as Readable, mimeType || 'application/octet-stream');
  if (stream.truncated) {
    await ctx.store.delete(objectKey);
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${fileName} is larger than 2 GB (${GOVERNANCE.maxUploadBytes} bytes). Split it by period or BU.`,
    );
  }
  const user = requireUser(request);
  const { status } = startUpload(useCase.kpiReview);
  return {
    kpiReview: useCase.kpiReview,
    upload: {
      id,
      bu: head.file_asset,
      useCase: head.use_case,
      fileType,
      version: versions.length ? version : '',
      year: head.year,
      month: head.month,
      fileName,
      objectKey,
      size: saved.size,
      status: { ...status, loaded: 'finished', checkfile: 'running' },
      uploadedBy: user.sub,
      uploadedByEmail: user.email,
    },
  };
}
