import type { StageStatusMap } from '@hangar/contract';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { govUploads } from '../../platform/db/schema.ts';

const PREFIX = 'governance/staging/';
export const stagedKeyOf = (uploadId: string) => `${PREFIX}${uploadId}.parquet`;

/**
 * Removes staged Parquet files nothing awaits: their upload is gone, superseded, or no longer
 * points at them (and is not being checked right now). Run at start for what a crash or an
 * earlier version left behind.
 */
export async function sweepStaged(ctx: AppContext): Promise<number> {
  const objects = await ctx.store.list(PREFIX);
  const ids = objects.map((o) => /^governance\/staging\/([0-9a-f-]{36})\.parquet$/.exec(o.key)?.[1]).filter((id): id is string => !!id);
  const uploads = ids.length
    ? await ctx.db
        .select({ id: govUploads.id, stagedKey: govUploads.stagedKey, supersededAt: govUploads.supersededAt, status: govUploads.status })
        .from(govUploads)
        .where(inArray(govUploads.id, ids))
    : [];
  const byId = new Map(uploads.map((u) => [u.id, u]));
  let removed = 0;
  for (const o of objects) {
    const id = /^governance\/staging\/([0-9a-f-]{36})\.parquet$/.exec(o.key)?.[1];
    const upload = id ? byId.get(id) : undefined;
    const awaited =
      upload && !upload.supersededAt && (upload.stagedKey === o.key || (upload.status as StageStatusMap).checkfile === 'running');
    if (awaited) continue;
    await ctx.store.delete(o.key);
    removed++;
  }
  return removed;
}
