import {
  APP,
  AskQuestionRequest,
  DataAnswer,
  type DataAnswerEvent,
  DataCatalogue,
  QuestionHistory,
  QuestionIdParams,
  SavedQuestion,
  SavedQuestions,
  SaveQuestionRequest,
} from '@hangar/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { analyticsSaved } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { perUserPerMinute } from '../../platform/request-guards.ts';
import { writeHijackedHead } from '../../platform/security-headers.ts';
import { createAsking } from './model/ask.ts';
import { describeDimension, describeMeasure, isRatio } from './semantic-layer.ts';
import { createAnalyticsService } from './service.ts';
import { scopeOf } from './warehouse.ts';

/** Talk to my data is menu entry 6, held through the GenAI/Talk To My Data application. */
export const ANALYTICS_RULE = { anyApp: [APP.talkToMyData] } as const;
const perUser = perUserPerMinute;
const iso = (d: Date) => d.toISOString();

export function registerGenerativeAnalyticsRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = createAnalyticsService(ctx);
  const ask = createAsking(ctx, service);
  const { layer } = service;

  app.get(
    '/api/generative_analytics/catalogue',
    {
      config: { access: ANALYTICS_RULE },
      schema: {
        tags: ['generative_analytics'],
        summary: 'The measures and breakdowns the caller can ask about, with suggested questions',
        response: { 200: DataCatalogue },
      },
    },
    async (request) => {
      const scope = await scopeOf(ctx, requireUser(request));
      const readable = [...layer.measures.values()].filter((m) =>
        (isRatio(m) ? [m.numerator, m.denominator].map((id) => layer.measures.get(id)!) : [m]).every(
          (b) => !isRatio(b) && (scope.get(b.useCase)?.size ?? 0) > 0,
        ),
      );
      const suggestions = readable.slice(0, 6).map((m) => {
        const breakdown = m.dimensions.find((d) => !['month', 'year', 'bu'].includes(d));
        return breakdown
          ? `${m.label} by ${layer.dimensions.get(breakdown)!.label.toLowerCase()} last month`
          : `${m.label} by month this year`;
      });
      const dims = new Set(readable.flatMap((m) => m.dimensions));
      return {
        measures: readable.map((m) => describeMeasure(layer, m)),
        dimensions: [...layer.dimensions.values()].filter((d) => dims.has(d.id)).map(describeDimension),
        suggestions,
      };
    },
  );

  app.post(
    '/api/generative_analytics/ask',
    {
      config: {
        access: ANALYTICS_RULE,
        rateLimit: perUser(30),
        openapi: {
          errors: [400, 402, 429, 503],
          responses: {
            200: {
              description:
                'With Accept: text/event-stream, `data:` lines of JSON events: understood, narrative_chunk…, answer, total_credit (the credits charged), stream_complete (error on failure); otherwise the answer as JSON. With a chat model configured, the model reads the question into a structured query (checked against the semantic layer; refused as a clarification when invalid) and phrases the reading from the computed numbers; credits are held, then charged at the tokens used (402 when none remain). If the model fails, the offline parser answers at no cost and a notice says so.',
              contentType: 'text/event-stream',
            },
          },
        },
      },
      schema: {
        tags: ['generative_analytics'],
        summary:
          'Answers a question in plain language from the governed warehouse, within the caller’s scope (read by the chat’s default model when one is configured, else by the offline parser)',
        body: AskQuestionRequest,
      },
    },
    async (request, reply) => {
      const answer = await ask(requireUser(request), request.body.question);
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) return DataAnswer.parse(answer);
      reply.hijack();
      writeHijackedHead(reply, 200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (event: DataAnswerEvent) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
      send({ type: 'understood', understood: answer.understood, query: answer.query });
      if (answer.narrative) send({ type: 'narrative_chunk', content: answer.narrative });
      send({ type: 'answer', answer });
      send({ type: 'total_credit', amount: answer.credit });
      send({ type: 'stream_complete' });
      reply.raw.end();
    },
  );

  app.get(
    '/api/generative_analytics/history',
    {
      config: { access: ANALYTICS_RULE },
      schema: {
        tags: ['generative_analytics'],
        summary: 'The caller’s last 100 questions, newest first',
        response: { 200: QuestionHistory },
      },
    },
    async (request) => ({
      items: (await service.history(requireUser(request).sub)).map((r) => ({
        ...r,
        status: r.status as 'answered',
        createdAt: iso(r.createdAt),
      })),
    }),
  );

  app.get(
    '/api/generative_analytics/history/:id',
    {
      config: { access: ANALYTICS_RULE, openapi: { errors: [404] } },
      schema: {
        tags: ['generative_analytics'],
        summary: 'One answer of the caller’s history, as it was shown',
        params: QuestionIdParams,
        response: { 200: DataAnswer },
      },
    },
    async (request) => service.answer(requireUser(request).sub, request.params.id),
  );

  app.delete(
    '/api/generative_analytics/history/:id',
    {
      config: { access: ANALYTICS_RULE, openapi: { errors: [404] } },
      schema: { tags: ['generative_analytics'], summary: 'Removes a question from the caller’s history', params: QuestionIdParams },
    },
    async (request, reply) => {
      await service.forget(requireUser(request).sub, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/generative_analytics/saved',
    {
      config: { access: ANALYTICS_RULE },
      schema: { tags: ['generative_analytics'], summary: 'The caller’s saved questions', response: { 200: SavedQuestions } },
    },
    async (request) => {
      const rows = await ctx.db
        .select()
        .from(analyticsSaved)
        .where(eq(analyticsSaved.userId, requireUser(request).sub))
        .orderBy(desc(analyticsSaved.createdAt));
      return { items: rows.map((r) => ({ id: r.id, title: r.title, question: r.question, createdAt: iso(r.createdAt) })) };
    },
  );

  app.post(
    '/api/generative_analytics/saved',
    {
      config: { access: ANALYTICS_RULE, rateLimit: perUser(30) },
      schema: {
        tags: ['generative_analytics'],
        summary: 'Saves a question to ask again',
        body: SaveQuestionRequest,
        response: { 201: SavedQuestion },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).sub;
      const count = (await ctx.db.select({ id: analyticsSaved.id }).from(analyticsSaved).where(eq(analyticsSaved.userId, userId))).length;
      if (count >= 50) throw new AppError('BAD_REQUEST', 'You have 50 saved questions: remove one before saving another.');
      const [row] = await ctx.db
        .insert(analyticsSaved)
        .values({ userId, ...request.body })
        .returning();
      return reply.status(201).send({ id: row!.id, title: row!.title, question: row!.question, createdAt: iso(row!.createdAt) });
    },
  );

  app.delete(
    '/api/generative_analytics/saved/:id',
    {
      config: { access: ANALYTICS_RULE, openapi: { errors: [404] } },
      schema: { tags: ['generative_analytics'], summary: 'Removes a saved question', params: z.object({ id: QuestionIdParams.shape.id }) },
    },
    async (request, reply) => {
      const gone = await ctx.db
        .delete(analyticsSaved)
        .where(and(eq(analyticsSaved.id, request.params.id), eq(analyticsSaved.userId, requireUser(request).sub)))
        .returning({ id: analyticsSaved.id });
      if (!gone.length) throw new AppError('NOT_FOUND', 'This saved question does not exist.');
      return reply.status(204).send();
    },
  );
}
