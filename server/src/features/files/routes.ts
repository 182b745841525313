import { DocumentListResponse, UriQuery } from '@hangar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DocumentRow } from '../../platform/documents.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { ObjectNotFoundError } from '../../platform/storage/object-store.ts';

/** The /pdf viewer's and /download page's file routes: only registry documents the caller may read. */
export function registerFileRoutes(ctx: AppContext, serveWebApp: (reply: FastifyReply) => FastifyReply): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const { documents, audit } = ctx;
  // Per user: reading files streams from the object store, the costliest thing a viewer does.
  const perUser = {
    rateLimit: {
      max: ctx.config.RATE_LIMIT_FILES_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (r: FastifyRequest) => r.user?.sub ?? r.ip,
    },
  };

  async function readable(request: FastifyRequest, uri: string): Promise<DocumentRow> {
    const user = requireUser(request);
    const doc = await documents.findByUri(uri);
    if (!doc || !documents.canRead(doc, user)) {
      // Unknown and not-yours answer alike, so a uri's existence is not revealed.
      await audit(
        { action: 'file.denied', target: uri.slice(0, 300), outcome: 'denied', details: { reason: doc ? 'not_allowed' : 'unknown_uri' } },
        request,
      );
      throw forbidden('You do not have permission to access this document.');
    }
    return doc;
  }

  async function send(request: FastifyRequest, reply: FastifyReply, doc: DocumentRow, kind: 'inline' | 'attachment') {
    let object: Awaited<ReturnType<typeof documents.open>>;
    try {
      object = await documents.open(doc);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw new AppError('NOT_FOUND', 'This document is no longer available.');
      throw err;
    }
    await audit({ action: 'file.read', target: doc.uri, details: { kind } }, request);
    return reply
      .header('content-type', doc.contentType)
      .header('content-length', object.size)
      .header('content-disposition', contentDisposition(kind, doc.fileName))
      .header('cache-control', 'private, no-store')
      .send(object.body);
  }

  app.get(
    '/api/files/documents',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['files'], summary: 'Documents the caller may open', response: { 200: DocumentListResponse } },
    },
    async (request) => {
      const rows = await documents.listReadable(requireUser(request));
      return {
        documents: rows.map((d) => ({
          uri: d.uri,
          fileName: d.fileName,
          contentType: d.contentType,
          size: d.size,
          shared: d.visibility,
          createdAt: d.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/pdf/document',
    {
      config: {
        access: 'authenticated',
        ...perUser,
        openapi: { errors: [404], responses: { 200: { description: 'The PDF', contentType: 'application/pdf' } } },
      },
      schema: { tags: ['files'], summary: 'A PDF document the caller may read', querystring: UriQuery },
    },
    async (request, reply) => {
      const doc = await readable(request, request.query.uri);
      if (doc.contentType !== 'application/pdf') {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'This document is not a PDF, so it cannot be shown in the viewer. Use Download instead.',
        );
      }
      return send(request, reply, doc, 'inline');
    },
  );

  // One path, two uses (spec): a browser navigation gets the /download page, an API call the file.
  app.get(
    '/download',
    {
      config: {
        access: 'public',
        ...perUser,
        openapi: {
          errors: [401, 404],
          responses: {
            200: { description: 'The file (or, for a browser navigation, the download page)', contentType: 'application/octet-stream' },
          },
        },
      },
      schema: {
        tags: ['files'],
        summary: 'A file the caller may read (API call with a bearer token; a browser navigation gets the download page)',
      },
    },
    async (request, reply) => {
      const isNavigation = !request.headers.authorization && (request.headers.accept ?? '').includes('text/html');
      if (isNavigation) return serveWebApp(reply);
      const parsed = UriQuery.safeParse(request.query);
      requireUser(request);
      if (!parsed.success) throw new AppError('BAD_REQUEST', 'No URI provided');
      return send(request, reply, await readable(request, parsed.data.uri), 'attachment');
    },
  );
}
