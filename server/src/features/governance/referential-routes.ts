import type { Readable } from 'node:stream';
import {
  DownloadBody,
  GOV_USE_CASES,
  GOVERNANCE,
  GovBu,
  type GovUseCase,
  GovUseCaseField,
  ReferentialDataQuery,
  ReferentialDataResponse,
  ReferentialUploadResult,
} from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { multipartFile } from '../../platform/openapi.ts';
import { referentialDef, useCaseDef } from './catalogue/index.ts';
import { resolveFileRef, sendObject } from './gouvernance-routes.ts';
import { referentialItems } from './items.ts';
import { eachPart } from './multipart.ts';
import { GOVERNANCE_RULE, holds, permissionMap, requireRight } from './permissions.ts';
import { extensionOf } from './pipeline.ts';
import { checkReferentialFile, type StoredReferential, storeReferentialFile } from './referential-load.ts';
import { latestReferentials } from './store.ts';
import { sniffedStream } from './upload-content.ts';

export function registerReferentialRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const config = { access: GOVERNANCE_RULE };

  app.get(
    '/api/data_gov/referentiel/data',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Referential files of a BU and use case',
        querystring: ReferentialDataQuery,
        response: { 200: ReferentialDataResponse },
      },
    },
    async (request) => {
      const { use_case, file_asset } = request.query;
      await requireRight(ctx, request, requireUser(request), file_asset, use_case, ['Referentiel', 'Ingestion', 'Quality']);
      return referentialItems(use_case, await latestReferentials(ctx.db, file_asset, use_case));
    },
  );

  /** Both upload routes: the file streams to the store, then is checked and loaded before answering. */
  async function upload(
    request: FastifyRequest,
    pick: (fields: Record<string, string>) => Promise<{ bu: string; useCase: GovUseCase; type: string }>,
  ) {
    const user = requireUser(request);
    await ctx.uploadQuota.admit(user.sub);
    let stored: StoredReferential | null = null;
    try {
      await eachPart(request, async (file, fields) => {
        // One file per request, checked only once the whole request has arrived: a second file
        // refuses the request and nothing of it is kept.
        if (stored) throw badRequest('Upload one referential file at a time.');
        const { bu, useCase, type } = await pick(fields);
        await requireRight(ctx, request, user, bu, useCase, ['Referentiel']);
        const def = referentialDef(useCase, type);
        if (!def)
          throw badRequest(
            `${type} is not a referential file of ${useCase}. Choose one of ${useCaseDef(useCase)
              .referentials.map((r) => r.type)
              .join(', ')}.`,
          );
        const extension = extensionOf(file.filename);
        if (!(GOVERNANCE.referentialExtensions as readonly string[]).includes(extension)) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            `Referential files of type .${extension || '?'} are not accepted. Upload ${GOVERNANCE.referentialExtensions.join(', ')}.`,
          );
        }
        stored = await storeReferentialFile(ctx, {
          bu,
          useCase,
          fileType: type,
          fileName: file.filename,
          body: await sniffedStream(file.filename, file.file as Readable & { truncated?: boolean }),
          email: user.email,
          version: fields.file_version,
        });
      });
    } catch (err) {
      const orphan = stored as StoredReferential | null;
      if (orphan) await ctx.store.delete(orphan.objectKey).catch(() => {});
      throw err;
    }
    if (!stored) throw badRequest('Attach the referential file in the field "file".');
    await ctx.uploadQuota.record(user.sub, (stored as StoredReferential).size);
    return checkReferentialFile(ctx, stored);
  }

  app.post(
    '/api/data_gov/referentiel/file',
    {
      config: {
        ...config,
        openapi: {
          errors: [413, 415, 429],
          multipart: z.object({
            file_asset: GovBu,
            use_case: GovUseCaseField,
            file_name: z.string().describe('The referential type'),
            file: multipartFile(),
          }),
        },
      },
      schema: {
        tags: ['governance'],
        summary: 'Update a referential file (multipart: file_name, file, file_asset, use_case)',
        consumes: ['multipart/form-data'],
        response: { 200: ReferentialUploadResult },
      },
    },
    (request) =>
      upload(request, async (f) => {
        const head = parseFields(
          z.object({
            file_asset: GovBu,
            use_case: GovUseCaseField,
            file_name: z.string().trim().min(1, 'file_name (the referential type) is required'),
          }),
          f,
        );
        return { bu: head.file_asset, useCase: head.use_case, type: head.file_name };
      }),
  );

  app.post(
    '/api/data_gov/referentiel/mapping_file',
    {
      config: {
        ...config,
        openapi: {
          errors: [413, 415, 429],
          multipart: z.object({ file_asset: GovBu, file_type: z.string().describe('The mapping type'), file: multipartFile() }),
        },
      },
      schema: {
        tags: ['governance'],
        summary: 'Update a mapping file (multipart: file, file_asset, file_type)',
        consumes: ['multipart/form-data'],
        response: { 200: ReferentialUploadResult },
      },
    },
    (request) =>
      upload(request, async (f) => {
        const head = parseFields(
          z.object({
            file_asset: GovBu,
            file_type: z.string().trim().min(1, 'file_type is required'),
            use_case: GovUseCaseField.optional(),
          }),
          f,
        );
        if (head.use_case) return { bu: head.file_asset, useCase: head.use_case, type: head.file_type };
        // The spec's form has no use case: take the caller's first use case that has this mapping type.
        const map = await permissionMap(ctx.db, requireUser(request).sub);
        const useCase = GOV_USE_CASES.find((u) => referentialDef(u, head.file_type) && holds(map, head.file_asset, u, 'Referentiel'));
        if (!useCase) throw forbidden(`You do not have the Referentiel right for a use case with ${head.file_type} at ${head.file_asset}.`);
        return { bu: head.file_asset, useCase, type: head.file_type };
      }),
  );

  app.post(
    '/api/data_gov/referentiel/download',
    { config, schema: { tags: ['governance'], summary: 'Download a referential file', body: DownloadBody } },
    async (request, reply) => {
      const file = await resolveFileRef(ctx, request.body.gs_url);
      if (file?.kind !== 'referential') throw forbidden('You do not have permission to access this file.');
      await requireRight(ctx, request, requireUser(request), file.bu, file.useCase, ['Referentiel', 'Quality']);
      return sendObject(ctx, reply, file.key, file.fileName);
    },
  );
}

function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(fields);
  if (!r.success) throw badRequest(r.error.issues.map((i) => i.message).join('; '));
  return r.data;
}
