import { AuthorizedBusResponse, DemoStatusResponse, DownloadBody, type GovApp, type GovUseCase } from '@hangar/contract';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/file-names.ts';
import { ObjectNotFoundError } from '../../platform/storage/object-store.ts';
import { demoStatus } from './demo/progress.ts';
import { BINDING_COOKIE, BINDING_PATH, BINDING_TTL_SECONDS, type DownloadLinks } from './links.ts';
import { GOVERNANCE_RULE, holds, permissionMap, requireRight } from './permissions.ts';
import { referentialByObjectKey, uploadByObjectKey } from './store.ts';

/** An opaque file reference from a response: an upload or a referential file, with its BU and use case. */
export async function resolveFileRef(ctx: AppContext, ref: string) {
  const upload = await uploadByObjectKey(ctx.db, ref);
  if (upload)
    return {
      key: upload.objectKey,
      fileName: upload.fileName,
      bu: upload.bu,
      useCase: upload.useCase as GovUseCase,
      kind: 'upload' as const,
    };
  const referential = await referentialByObjectKey(ctx.db, ref);
  if (referential) {
    return {
      key: referential.objectKey,
      fileName: referential.fileName,
      bu: referential.bu,
      useCase: referential.useCase as GovUseCase,
      kind: 'referential' as const,
    };
  }
  return null;
}

export async function sendObject(ctx: AppContext, reply: FastifyReply, key: string, fileName: string) {
  try {
    const object = await ctx.store.get(key);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'private, no-store')
      .send(object.body);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw notFound('This file is no longer available.');
    throw err;
  }
}

export function registerGouvernanceRoutes(ctx: AppContext, links: DownloadLinks): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/data_gov/gouvernance/authorized-bus',
    {
      config: { access: GOVERNANCE_RULE },
      schema: {
        tags: ['governance'],
        summary: "The caller's BUs and data-governance permission map",
        response: { 200: AuthorizedBusResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const map = await permissionMap(ctx.db, user.sub);
      return { authorised_bus: Object.keys(map).sort(), user_permissions: map };
    },
  );

  app.get(
    '/api/data_gov/gouvernance/demo-status',
    {
      config: { access: GOVERNANCE_RULE },
      schema: {
        tags: ['governance'],
        summary: 'Whether the demo warehouse is still being built, and how far it is',
        response: { 200: DemoStatusResponse },
      },
    },
    async () => demoStatus(),
  );

  app.post(
    '/api/data_gov/gouvernance/download',
    {
      config: { access: GOVERNANCE_RULE },
      schema: {
        tags: ['governance'],
        summary: 'A short-lived download link for a governance file',
        body: DownloadBody,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await resolveFileRef(ctx, request.body.gs_url);
      if (!file) {
        await ctx.audit(
          { action: 'file.denied', target: request.body.gs_url.slice(0, 300), outcome: 'denied', details: { reason: 'unknown_ref' } },
          request,
        );
        throw forbidden('You do not have permission to access this file.');
      }
      const apps: GovApp[] = file.kind === 'upload' ? ['Ingestion', 'Quality'] : ['Referentiel', 'Quality'];
      await requireRight(ctx, request, user, file.bu, file.useCase, apps);
      // The spec's answer is a JSON string; Fastify sends strings as they are, so it is encoded here.
      const link = `${ctx.config.publicUrl}${BINDING_PATH}?token=${links.sign(file.key, user.sub)}`;
      reply.setCookie(BINDING_COOKIE, links.bindingCookie(user.sub), {
        path: BINDING_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.publicUrl.startsWith('https:'),
        maxAge: BINDING_TTL_SECONDS,
      });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(link));
    },
  );

  app.get(
    '/api/data_gov/file',
    {
      // Opened by the browser without a bearer token: the signed link and the binding cookie set
      // with it (or the same user's bearer token) are the permission, checked again here.
      config: { access: 'public' },
      schema: { tags: ['governance'], summary: 'Follows a signed download link', querystring: z.object({ token: z.string().max(4096) }) },
    },
    async (request, reply) => {
      const link = links.verify(request.query.token, {
        bearerUserId: request.user?.sub ?? null,
        cookie: request.cookies[BINDING_COOKIE],
      });
      if (!link.ok) {
        await ctx.audit(
          { action: 'file.denied', target: 'governance download link', outcome: 'denied', details: { reason: link.reason } },
          request,
        );
        throw forbidden(
          link.reason === 'not_yours'
            ? 'This download link belongs to another session: open the file from the portal yourself.'
            : 'This download link is invalid or has expired. Ask for the file again.',
        );
      }
      const file = await resolveFileRef(ctx, link.objectKey);
      if (!file) throw notFound('This file is no longer available.');
      // Rights are read again when the link is followed: a right revoked meanwhile stops it.
      const apps: GovApp[] = file.kind === 'upload' ? ['Ingestion', 'Quality'] : ['Referentiel', 'Quality'];
      const map = await permissionMap(ctx.db, link.userId);
      if (!apps.some((a) => holds(map, file.bu, file.useCase, a))) throw forbidden('You do not have permission to access this file.');
      await ctx.audit({ action: 'file.read', actorId: link.userId, target: file.key, details: { via: 'governance_link' } }, request);
      return sendObject(ctx, reply, file.key, file.fileName);
    },
  );
}
