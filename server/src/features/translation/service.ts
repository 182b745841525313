import { createReadStream } from 'node:fs';
import {
  CREDITLESS_METHODS,
  TranslationEstimateFields,
  type TranslationJob,
  TranslationRequestFields,
  type TranslationUsage,
} from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { creditAllows, pageLimit, usageFor } from './catalogue.ts';
import { directionUnavailable, LANGUAGES, methodUnavailable } from './engines.ts';
import { type Intake, inspectUpload, receiveUpload, requirePdfText } from './intake.ts';
import { contentTypes, sessionPrefix, TRANSLATION_QUEUE } from './run.ts';
import { insertJob, ownSession, presentJob } from './store.ts';

const FEATURE = 'translation';

const parse = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return r.data;
};

/** Receives and checks the upload; the fields are validated before the document is read. */
async function intake<T extends z.ZodType>(ctx: AppContext, request: FastifyRequest, user: AccessClaims, schema: T) {
  await ctx.uploadQuota.admit(user.sub);
  const upload = await receiveUpload(request);
  let fields: z.infer<T>;
  try {
    fields = parse(schema, upload.fields);
    await ownSession(ctx.db, (fields as { id_session: string }).id_session, user.sub);
  } catch (err) {
    await upload.dispose();
    throw err;
  }
  const doc = await inspectUpload(upload);
  return { fields, doc };
}

async function checkAllowed(ctx: AppContext, user: AccessClaims, method: Parameters<typeof usageFor>[0], doc: Intake) {
  const why = methodUnavailable(method, ctx.config);
  if (why) throw badRequest(why);
  const { remaining } = await ctx.credits.balance(user.sub);
  const refused = creditAllows(method, doc.type, remaining);
  if (refused) throw new AppError('INSUFFICIENT_CREDIT', refused);
  return remaining;
}

/** POST /api/translation/document: pages and credits, before anything runs. */
export async function estimate(ctx: AppContext, request: FastifyRequest, user: AccessClaims): Promise<TranslationUsage> {
  const { fields, doc } = await intake(ctx, request, user, TranslationEstimateFields);
  try {
    await checkAllowed(ctx, user, fields.method, doc);
    await requirePdfText(doc);
    return {
      usage: usageFor(fields.method, doc.count.pages, ctx.config),
      pages: doc.count.pages,
      pages_estimated: doc.count.estimated,
      page_limit: pageLimit(fields.method),
      file_name: doc.fileName,
    };
  } finally {
    await doc.dispose();
  }
}

/** POST /api/translation: checks everything, holds the credits, stores the file and queues the job. */
export async function start(ctx: AppContext, request: FastifyRequest, user: AccessClaims): Promise<TranslationJob> {
  const { fields, doc } = await intake(ctx, request, user, TranslationRequestFields);
  let reservationId: string | null = null;
  let inputKey: string | null = null;
  try {
    const { method } = fields;
    const target = fields.target_language.toUpperCase();
    if (!LANGUAGES[target]) throw badRequest(`Unknown translation language ${fields.target_language}.`);
    const source = method === 'GoogleTranslate' && fields.source_language ? fields.source_language.toUpperCase() : null;
    if (source && !LANGUAGES[source]) throw badRequest(`Unknown original language ${fields.source_language}.`);
    const remaining = await checkAllowed(ctx, user, method, doc);
    const limit = pageLimit(method);
    if (doc.count.pages > limit) {
      throw badRequest(
        `Too much pages in file: ${doc.count.pages} pages, and ${method} translates at most ${limit}. Contact the platform team for longer documents.`,
      );
    }
    const direction = directionUnavailable(method, source?.toLowerCase() ?? null, target.toLowerCase());
    if (direction) throw badRequest(direction);
    await requirePdfText(doc);
    const credits = usageFor(method, doc.count.pages, ctx.config);
    // The whole usage is held first, or the translation refused with the out-of-credit message (402),
    // or the daily cap's (429): never run on whatever is left. GoogleTranslate (the spec's method for
    // users out of credit) and the offline engine (CREDITLESS_METHODS) run at 0 credit holding
    // nothing, and so they do when the balance is above 0 but below their price (refusing them there
    // would refuse what 0 credit allows).
    const unpaid = CREDITLESS_METHODS.includes(method) && remaining < credits;
    if (remaining > 0 && credits > 0 && !unpaid) reservationId = (await ctx.credits.reserve(user.sub, credits, FEATURE)).id;
    const jobId = crypto.randomUUID();
    inputKey = `${sessionPrefix(fields.id_session)}${jobId}/input.${doc.type}`;
    await ctx.store.put(inputKey, createReadStream(doc.path), contentTypes[doc.type]);
    await ctx.uploadQuota.record(user.sub, doc.size);
    const row = await insertJob(ctx.db, {
      id: jobId,
      sessionId: fields.id_session,
      userId: user.sub,
      method,
      fileType: doc.type,
      sourceLanguage: source,
      targetLanguage: target,
      fileName: doc.fileName,
      inputKey,
      pages: doc.count.pages,
      credits: remaining > 0 ? credits : 0,
      reservationId,
    });
    await ctx.jobs.send(TRANSLATION_QUEUE, { jobId });
    return presentJob(row);
  } catch (err) {
    if (reservationId) await ctx.credits.release(reservationId).catch(() => {});
    if (inputKey) await ctx.store.delete(inputKey).catch(() => {});
    throw err;
  } finally {
    await doc.dispose();
  }
}
