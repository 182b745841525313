import {
  DeleteBody,
  IngestionDataQuery,
  IngestionDataResponse,
  pendingStages,
  RejectBody,
  type StageStatusMap,
  TemplateQuery,
  UploadResponse,
  type UploadResult,
  ValidateBody,
} from '@hangar/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { govCheckResults, govUploads } from '../../platform/db/schema.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { multipartFile } from '../../platform/openapi.ts';
import { fileTypeDef, referentialDef } from './catalogue/index.ts';
import { type Stored, sameHead, storeUpload, UploadHead } from './ingestion-upload.ts';
import { ingestionItems } from './items.ts';
import { eachPart, formFields } from './multipart.ts';
import { uploadPeriod } from './periods.ts';
import { GOVERNANCE_RULE, requireRight } from './permissions.ts';
import { QUEUES } from './pipeline.ts';
import { resultsChanged } from './results-cache.ts';
import { liveUploads, restoreProcessed, setStages, type UploadRow, uploadByObjectKey, uploadByStagedKey } from './store.ts';
import { templateWorkbook } from './templates.ts';

const parse = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues.map((i) => i.message).join('; '));
  return r.data;
};

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
      config: {
        ...config,
        openapi: {
          errors: [413, 415, 429],
          multipart: UploadHead.extend({
            file_type: z.string().describe('The file type of the next file (GENERAL_LEDGER...)'),
            file_version: z.string().optional().describe('Its version, for types that have versions'),
            file: multipartFile().describe('The file (csv or xlsx); repeat file_type, file_version and file for a linked group'),
          }),
        },
      },
      schema: {
        tags: ['governance'],
        summary: 'Upload one file or a linked group (multipart)',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ctx.uploadQuota.admit(user.sub);
      const stored: Stored[] = [];
      let head: UploadHead | null = null;
      const unstaged: string[] = [];
      try {
        await eachPart(request, async (file, fields) => {
          const next = parse(UploadHead, fields);
          // One request files one BU, use case and period: a part that changes them is refused whole.
          if (head && !sameHead(head, next)) {
            throw badRequest(
              `All files of one upload belong to ${head.file_asset}, ${head.use_case}, ${head.year}-${String(head.month).padStart(2, '0')}: send ${next.file_asset}, ${next.use_case}, ${next.year}-${String(next.month).padStart(2, '0')} as a separate upload.`,
            );
          }
          head = next;
          // Every file is checked, not only the first.
          await requireRight(ctx, request, user, next.file_asset, next.use_case, ['Ingestion']);
          const period = uploadPeriod(next.use_case, next.year, next.month);
          stored.push(await storeUpload(ctx, request, next, period.budget, fields, file.filename, file.mimetype, file.file));
        });
        if (!stored.length) throw badRequest('Attach the file to upload in the field "file".');
        await ctx.uploadQuota.record(
          user.sub,
          stored.reduce((n, s) => n + Number(s.upload.size ?? 0), 0),
        );
        await ctx.db.transaction(async (tx) => {
          for (const s of stored) {
            const u = s.upload;
            // The replaced uploads' staged tables are awaited by nobody now: removed once committed.
            const replaced = await tx
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
              )
              .returning({ id: govUploads.id, stagedKey: govUploads.stagedKey });
            for (const r of replaced) if (r.stagedKey) unstaged.push(r.stagedKey);
            if (replaced.some((r) => r.stagedKey)) {
              await tx
                .update(govUploads)
                .set({ stagedKey: null })
                .where(
                  inArray(
                    govUploads.id,
                    replaced.map((r) => r.id),
                  ),
                );
            }
            await tx.insert(govUploads).values(u);
          }
        });
      } catch (err) {
        await Promise.all(stored.map((s) => ctx.store.delete(s.upload.objectKey).catch(() => {})));
        throw err;
      }
      await Promise.all(unstaged.map((key) => ctx.store.delete(key).catch(() => {})));
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
        await restoreProcessed(tx, upload);
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
        await restoreProcessed(tx, upload);
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
