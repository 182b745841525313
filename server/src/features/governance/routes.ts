import type { AppContext } from '../../platform/context.ts';
import { evaluateFileNotReceived } from './file-not-received.ts';
import { registerGouvernanceRoutes } from './gouvernance-routes.ts';
import { registerIngestionRoutes } from './ingestion-routes.ts';
import { createDownloadLinks } from './links.ts';
import { checkUpload, processUpload, QUEUES } from './pipeline.ts';
import { registerQualityRoutes } from './quality-routes.ts';
import { registerReferentialRoutes } from './referential-routes.ts';
import { sweepStaged } from './staging.ts';

/** The data-governance area: routes, and the background jobs of the ingestion pipeline. */
export async function registerGovernanceRoutes(ctx: AppContext): Promise<void> {
  ctx.jobs.define<{ uploadId: string }>(QUEUES.check, ({ uploadId }) => checkUpload(ctx, uploadId), { expireInSeconds: 1800 });
  ctx.jobs.define<{ uploadId: string }>(QUEUES.process, ({ uploadId }) => processUpload(ctx, uploadId), { expireInSeconds: 1800 });
  ctx.jobs.define(
    QUEUES.fileNotReceived,
    async () => {
      await evaluateFileNotReceived(ctx.db);
    },
    { cron: '15 * * * *' },
  );
  registerGouvernanceRoutes(ctx, await createDownloadLinks(ctx.db));
  registerIngestionRoutes(ctx);
  registerReferentialRoutes(ctx);
  registerQualityRoutes(ctx);
  // Staged tables a crash or a replaced upload left behind: not awaited at start.
  sweepStaged(ctx).catch((err) => ctx.app.log.warn({ err }, 'governance staging sweep failed'));
}
