import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DownloadBody,
  GOV_TEXTS,
  GOV_USE_CASES,
  GOVERNANCE,
  GovBu,
  type GovUseCase,
  GovUseCaseField,
  ReferentialDataQuery,
  ReferentialDataResponse,
  ReferentialUploadResult,
} from '@hangar/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { govReferentials } from '../../platform/db/schema.ts';
import { AppError, badRequest, forbidden } from '../../platform/errors.ts';
import { referentialDef, useCaseDef } from './catalogue/index.ts';
import { escapeHtml, plainError } from './engine/describe.ts';
import { loadReferential } from './engine/referential.ts';
import { toTabular } from './engine/tabular.ts';
import { resolveFileRef, sendObject } from './gouvernance-routes.ts';
import { referentialItems } from './items.ts';
import { eachPart } from './multipart.ts';
import { GOVERNANCE_RULE, holds, permissionMap, requireRight } from './permissions.ts';
import { download, extensionOf, withWorkDir } from './pipeline.ts';
import { latestReferentials } from './store.ts';

const safeName = (name: string) =>
  name
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-150) || 'file';

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
    let result: z.infer<typeof ReferentialUploadResult> | null = null;
    await eachPart(request, async (file, fields) => {
      if (result) throw badRequest('Upload one referential file at a time.');
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
      const id = crypto.randomUUID();
      const objectKey = `governance/referential/${bu}/${useCase.toLowerCase()}/${id}/${safeName(file.filename)}`;
      const stream = file.file as Readable & { truncated?: boolean };
      await ctx.store.put(objectKey, stream, file.mimetype || 'application/octet-stream');
      if (stream.truncated) {
        await ctx.store.delete(objectKey);
        throw new AppError('PAYLOAD_TOO_LARGE', `${file.filename} is larger than 2 GB (${GOVERNANCE.maxUploadBytes} bytes).`);
      }
      const [row] = await ctx.db
        .insert(govReferentials)
        .values({
          id,
          bu,
          useCase,
          fileType: type,
          fileName: file.filename,
          objectKey,
          status: 'running',
          uploadedByEmail: user.email,
          version: fields.file_version || null,
        })
        .returning();
      result = await loadIntoTable(ctx, row!.id, objectKey, extension, def);
    });
    if (!result) throw badRequest('Attach the referential file in the field "file".');
    return result;
  }

  app.post(
    '/api/data_gov/referentiel/file',
    {
      config,
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
      config,
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

/** Checks the referential and stores its codes as Parquet; the row ends finished or error. */
async function loadIntoTable(
  ctx: AppContext,
  id: string,
  objectKey: string,
  extension: string,
  def: NonNullable<ReturnType<typeof referentialDef>>,
): Promise<z.infer<typeof ReferentialUploadResult>> {
  const finish = async (
    status: 'finished' | 'error',
    error: { title: string; description: string } | null,
    tableKey: string | null = null,
  ) => {
    await ctx.db.update(govReferentials).set({ status, error, tableKey, updatedAt: new Date() }).where(eq(govReferentials.id, id));
    return { status, error };
  };
  try {
    return await withWorkDir(ctx, async (dir) => {
      const source = path.join(dir, `source.${extension}`);
      await download(ctx.store, objectKey, source);
      const tabular = await toTabular(source, extension, dir);
      if (!tabular.ok) return finish('error', plainError(GOV_TEXTS.mappingErrorTitle, tabular.message));
      const parquet = path.join(dir, 'codes.parquet');
      const loaded = await loadReferential(tabular.csvPath, def, parquet);
      if (!loaded.ok) {
        return finish('error', {
          title: GOV_TEXTS.mappingErrorTitle,
          description: `<ul>${loaded.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`,
        });
      }
      const tableKey = `governance/referential-tables/${id}.parquet`;
      await ctx.store.put(tableKey, createReadStream(parquet), 'application/vnd.apache.parquet');
      return finish('finished', null, tableKey);
    });
  } catch (err) {
    ctx.app.log.error({ err, id }, 'referential load failed');
    return finish('error', { title: GOV_TEXTS.mappingErrorTitle, description: '' });
  }
}
