import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GOV_TEXTS, GOVERNANCE, type GovUseCase, type StageError } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { govReferentials } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { safeKeySegment } from '../../platform/file-names.ts';
import { referentialDef } from './catalogue/index.ts';
import { escapeHtml, plainError } from './engine/describe.ts';
import { loadReferential } from './engine/referential.ts';
import { toTabular } from './engine/tabular.ts';
import { download, extensionOf, withWorkDir } from './pipeline.ts';

export interface ReferentialUpload {
  bu: string;
  useCase: GovUseCase;
  fileType: string;
  fileName: string;
  body: (Readable & { truncated?: boolean }) | Buffer | string;
  email: string;
  version?: string;
}

export interface StoredReferential extends Omit<ReferentialUpload, 'body'> {
  id: string;
  objectKey: string;
  size: number;
}

/** Streams a referential file to the store; nothing is recorded until it is loaded. */
export async function storeReferentialFile(ctx: AppContext, r: ReferentialUpload): Promise<StoredReferential> {
  if (!referentialDef(r.useCase, r.fileType)) throw new AppError('BAD_REQUEST', `${r.fileType} is not a referential file of ${r.useCase}.`);
  const id = crypto.randomUUID();
  const extension = extensionOf(r.fileName);
  const objectKey = `governance/referential/${r.bu}/${r.useCase.toLowerCase()}/${id}/${safeKeySegment(r.fileName)}`;
  const body = typeof r.body === 'string' ? Buffer.from(r.body) : r.body;
  const saved = await ctx.store.put(objectKey, body, extension === 'csv' ? 'text/csv' : 'application/octet-stream');
  if (!Buffer.isBuffer(body) && body.truncated) {
    await ctx.store.delete(objectKey);
    throw new AppError('PAYLOAD_TOO_LARGE', `${r.fileName} is larger than 2 GB (${GOVERNANCE.maxUploadBytes} bytes).`);
  }
  const { body: _body, ...rest } = r;
  return { ...rest, id, objectKey, size: saved.size };
}

/** Stores, checks and loads a referential file in one go (the demo warehouse and tests). */
export async function loadReferentialFile(ctx: AppContext, r: ReferentialUpload) {
  return checkReferentialFile(ctx, await storeReferentialFile(ctx, r));
}

/**
 * Checks a stored referential file and loads its codes as Parquet for the mapping-coverage
 * check. The row ends 'finished' or 'error' with a message; the previous current file stays in use
 * until a new one finishes.
 */
export async function checkReferentialFile(
  ctx: AppContext,
  r: StoredReferential,
): Promise<{ status: 'finished' | 'error'; error: StageError | null }> {
  const def = referentialDef(r.useCase, r.fileType)!;
  const { id, objectKey } = r;
  const extension = extensionOf(r.fileName);
  await ctx.db.insert(govReferentials).values({
    id,
    bu: r.bu,
    useCase: r.useCase,
    fileType: r.fileType,
    fileName: r.fileName,
    objectKey,
    status: 'running',
    uploadedByEmail: r.email,
    version: r.version || null,
  });
  const finish = async (status: 'finished' | 'error', error: StageError | null, tableKey: string | null = null) => {
    await ctx.db.update(govReferentials).set({ status, error, tableKey, updatedAt: new Date() }).where(eq(govReferentials.id, id));
    return { status, error };
  };
  try {
    return await withWorkDir(ctx, async (dir) => {
      const source = path.join(dir, `source.${extension || 'bin'}`);
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
