import {
  APP,
  CHAT_LANGUAGES,
  ChatConfigResponse,
  ChatId,
  ChatSession,
  ContextRequest,
  HistoryResponse,
  InfoRequest,
  RenameRequest,
  SearchResponse,
  SUGGESTED_PROMPTS,
} from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createChatStore } from './store.ts';

export const CHAT_RULE = { anyApp: [APP.securedGpt, APP.chatBotSdh] };
const IdParams = z.object({ id: ChatId });
const notFound = () => new AppError('NOT_FOUND', 'No such conversation.');

/** The secured chat's configuration, settings and history. The answer stream lives in stream-routes.ts. */
export function registerChatRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const store = createChatStore(ctx.db);
  const userOf = (request: FastifyRequest) => requireUser(request).sub;

  async function config(userId: string) {
    const settings = await store.settings(userId);
    const conv = Object.fromEntries((await store.history(userId)).map((h) => [h.session_id, { title: h.title, timestamp: h.timestamp }]));
    return { ...settings, suggested_prompts: SUGGESTED_PROMPTS, conv };
  }

  app.get(
    '/api/secured_gpt/config',
    {
      config: { access: CHAT_RULE },
      schema: {
        tags: ['chat'],
        summary: 'Context, language, suggested prompts and earlier conversations',
        response: { 200: ChatConfigResponse },
      },
    },
    async (request) => config(userOf(request)),
  );

  app.get(
    '/api/secured_gpt/change/config/:language',
    {
      config: { access: CHAT_RULE },
      schema: {
        tags: ['chat'],
        summary: 'Sets the answer language, then returns the configuration',
        params: z.object({ language: z.enum(CHAT_LANGUAGES, { error: `language must be one of ${CHAT_LANGUAGES.join(', ')}` }) }),
        response: { 200: ChatConfigResponse },
      },
    },
    async (request) => {
      const userId = userOf(request);
      await store.saveSettings(userId, { language: request.params.language });
      return config(userId);
    },
  );

  app.post(
    '/api/secured_gpt/context',
    {
      config: { access: CHAT_RULE },
      schema: {
        tags: ['chat'],
        summary: 'Saves what the assistant should know about you',
        body: ContextRequest,
        response: { 200: ContextRequest },
      },
    },
    async (request) => {
      await store.saveSettings(userOf(request), { context: request.body.context });
      return { context: request.body.context };
    },
  );

  app.post(
    '/api/secured_gpt/info',
    {
      config: { access: CHAT_RULE },
      schema: { tags: ['chat'], summary: 'Stores an info line (a model switch) in the conversation', body: InfoRequest },
    },
    async (request, reply) => {
      const userId = userOf(request);
      await store.ensureSession(userId, request.body.id);
      await store.append(userId, request.body.id, 'info', request.body.message, { dataType: request.body.type });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/secured_gpt/history',
    {
      config: { access: CHAT_RULE },
      schema: { tags: ['chat'], summary: 'Your conversations, newest first', response: { 200: HistoryResponse } },
    },
    async (request) => ({ chats: await store.history(userOf(request)) }),
  );

  app.get(
    '/api/secured_gpt/search',
    {
      config: { access: CHAT_RULE },
      schema: {
        tags: ['chat'],
        summary: 'Searches your own conversations',
        querystring: z.object({ q: z.string().trim().min(2, 'Type at least 2 characters').max(200) }),
        response: { 200: SearchResponse },
      },
    },
    async (request) => ({ results: await store.search(userOf(request), request.query.q) }),
  );

  app.get(
    '/api/secured_gpt/sessions/:id',
    {
      config: { access: CHAT_RULE },
      schema: { tags: ['chat'], summary: 'One of your conversations with its messages', params: IdParams, response: { 200: ChatSession } },
    },
    async (request) => (await store.get(userOf(request), request.params.id)) ?? Promise.reject(notFound()),
  );

  app.patch(
    '/api/secured_gpt/sessions/:id',
    { config: { access: CHAT_RULE }, schema: { tags: ['chat'], summary: 'Renames a conversation', params: IdParams, body: RenameRequest } },
    async (request, reply) => {
      if (!(await store.setTitle(userOf(request), request.params.id, request.body.title))) throw notFound();
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/secured_gpt/sessions/:id',
    { config: { access: CHAT_RULE }, schema: { tags: ['chat'], summary: 'Deletes a conversation and its messages', params: IdParams } },
    async (request, reply) => {
      if (!(await store.remove(userOf(request), request.params.id))) throw notFound();
      return reply.status(204).send();
    },
  );
}
