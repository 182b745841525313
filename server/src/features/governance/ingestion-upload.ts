import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GOVERNANCE, GovBu, GovMonth, GovUseCaseField, GovYear, startUpload, versionsFor } from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { govUploads } from '../../platform/db/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { safeKeySegment } from '../../platform/file-names.ts';
import { fileTypeDef, useCaseDef } from './catalogue/index.ts';
import { typesForPeriod } from './items.ts';
import { extensionOf } from './pipeline.ts';
import { sniffedStream } from './upload-content.ts';

// One ingestion upload request: its head (BU, use case, period) and each file streamed to the store.

export const UploadHead = z.object({ file_asset: GovBu, use_case: GovUseCaseField, month: GovMonth, year: GovYear });
export type UploadHead = z.infer<typeof UploadHead>;
export const sameHead = (a: UploadHead, b: UploadHead) =>
  a.file_asset === b.file_asset && a.use_case === b.use_case && a.month === b.month && a.year === b.year;
export interface Stored {
  upload: typeof govUploads.$inferInsert & { id: string };
  kpiReview: boolean;
}

/** Streams one file of an upload to the object store and prepares its row. */
export async function storeUpload(
  ctx: AppContext,
  request: FastifyRequest,
  head: UploadHead,
  budget: boolean,
  fields: Record<string, string>,
  fileName: string,
  mimeType: string,
  stream: Readable & { truncated?: boolean },
): Promise<Stored> {
  const useCase = useCaseDef(head.use_case);
  const fileType = (fields.file_type ?? '').trim();
  const allowed = typesForPeriod(head.use_case, head.file_asset, budget).map((t) => t.type);
  if (!fileType) throw badRequest('file_type is required before each file.');
  if (!allowed.includes(fileType)) {
    const sent = fileTypeDef(head.use_case, head.file_asset, fileType);
    if (sent) {
      throw badRequest(
        sent.budget
          ? `${fileType} is next year's budget: upload it in the ${new Date().getUTCFullYear() + 1} period, not for a month.`
          : `${fileType} is not sent for next year's budget period. Choose one of ${allowed.join(', ')}.`,
      );
    }
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
  const body = await sniffedStream(fileName, stream);
  const saved = await ctx.store.put(objectKey, body, mimeType || 'application/octet-stream');
  if (body.truncated) {
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
