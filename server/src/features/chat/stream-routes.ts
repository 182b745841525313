import {
  AskRequest,
  CHAT_CREDIT_MARKER,
  CHAT_ERROR_ADVICE,
  CHAT_ERROR_MARKER,
  CHAT_ERROR_TEXTS,
  ChatModelsResponse,
  DEFAULT_CHAT_TITLE,
} from '@hangar/contract';
import type { ModelMessage } from 'ai';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { answer, estimateTokens } from './answer.ts';
import { createChatModels } from './models.ts';
import { CHAT_RULE } from './routes.ts';
import { createChatStore } from './store.ts';
import { systemPrompt, titleFrom } from './system-prompt.ts';

const MAX_OUTPUT_TOKENS_ESTIMATE = 1500;
const HISTORY_MESSAGES = 20;

/** An upstream failure as the spec's chat error text for its HTTP status. */
export function upstreamErrorText(err: unknown): string {
  const status = (err as { statusCode?: number }).statusCode;
  const timedOut = (err as { name?: string }).name === 'TimeoutError' || /timed? ?out/i.test(String((err as Error).message));
  const text = timedOut
    ? CHAT_ERROR_TEXTS[504]
    : (status && CHAT_ERROR_TEXTS[status]) || (status && status >= 500 ? CHAT_ERROR_TEXTS[500] : CHAT_ERROR_TEXTS.other);
  return `${text} ${CHAT_ERROR_ADVICE}`;
}

/** POST /api/secured_gpt/askstream: the answer as plain text chunks, then the credit chunk. */
export function registerChatStreamRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const store = createChatStore(ctx.db);
  const models = createChatModels(ctx.config);
  const open = new Map<string, number>();
  const outOfCredit = () =>
    new AppError(
      'INSUFFICIENT_CREDIT',
      'You have run out of credits. Use the Send request button at the bottom of the sidebar to ask for more.',
    );

  /** Holds the estimate, or what is left when less than the estimate remains; 402 at 0. */
  async function reserveUpTo(userId: string, estimate: number) {
    if (estimate <= 0) {
      if ((await ctx.credits.balance(userId)).remaining <= 0) throw outOfCredit();
      return null;
    }
    try {
      return await ctx.credits.reserve(userId, estimate, 'chat');
    } catch (err) {
      if ((err as AppError).code !== 'INSUFFICIENT_CREDIT') throw err;
      const { remaining } = await ctx.credits.balance(userId);
      if (remaining <= 0) throw outOfCredit();
      return ctx.credits.reserve(userId, remaining, 'chat');
    }
  }

  app.get(
    '/api/secured_gpt/models',
    {
      config: { access: CHAT_RULE },
      schema: { tags: ['chat'], summary: 'The models this user may pick, with availability', response: { 200: ChatModelsResponse } },
    },
    async (request) => models.forUser(requireUser(request)),
  );

  app.post(
    '/api/secured_gpt/askstream',
    {
      config: {
        access: CHAT_RULE,
        rateLimit: {
          max: ctx.config.CHAT_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (r) => r.user?.sub ?? r.ip,
          errorResponseBuilder: () => ({ statusCode: 429, message: `${CHAT_ERROR_TEXTS[429]} ${CHAT_ERROR_ADVICE}` }),
        },
      },
      schema: { tags: ['chat'], summary: 'Asks the assistant; streams text, then a chunk "marker cost##title"', body: AskRequest },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id, message } = request.body;
      const model = models.pick(user, request.body.model);
      if ((open.get(user.sub) ?? 0) >= ctx.config.CHAT_MAX_CONCURRENT_STREAMS) {
        throw new AppError('RATE_LIMITED', 'Too many answers at once. Wait for one to finish before asking again.');
      }
      const { title: previousTitle, recent } = await store.openForAnswer(user.sub, id, HISTORY_MESSAGES);
      const isNew = !recent.some((m) => m.role === 'user');
      const history: ModelMessage[] = recent
        .filter((m) => m.role === 'user' || m.role === 'assistant')
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.text }));
      const settings = await store.settings(user.sub);
      const system = systemPrompt({ ...settings, userName: user.name, today: new Date() });
      const messages: ModelMessage[] = [...history, { role: 'user', content: message }];

      // The reservation is the credit check: remaining credit must be above 0 to ask (spec 6).
      const estimate = (estimateTokens(system + message) * model.priceIn + MAX_OUTPUT_TOKENS_ESTIMATE * model.priceOut) / 1000;
      const reservation = await reserveUpTo(user.sub, estimate);
      await store.append(user.sub, id, 'user', message, { model: model.id, touch: false });

      const abort = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abort.abort();
      };
      reply.raw.on('close', onClose);
      open.set(user.sub, (open.get(user.sub) ?? 0) + 1);
      const stream = answer({ model, config: ctx.config, system, messages, signal: abort.signal });
      let text = '';
      let failure: unknown = null;
      reply.hijack();
      try {
        const iterator = stream.chunks[Symbol.asyncIterator]();
        let first: IteratorResult<string>;
        try {
          first = await iterator.next();
        } catch (err) {
          // Failed before any text: a real HTTP error, and the reservation back.
          if (reservation) await ctx.credits.release(reservation.id);
          if (isNew && previousTitle === DEFAULT_CHAT_TITLE) await store.setTitle(user.sub, id, titleFrom(message));
          const textOut = upstreamErrorText(err);
          await store.append(user.sub, id, 'error', textOut, { model: model.id });
          request.log.warn({ err }, 'chat provider failed');
          const status = (err as { statusCode?: number }).statusCode === 429 ? 429 : 502;
          reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(
            JSON.stringify({
              error: { code: status === 429 ? 'RATE_LIMITED' : 'UNAVAILABLE', message: textOut, requestId: request.id },
              detail: textOut,
              message: textOut,
            }),
          );
          return;
        }
        reply.raw.writeHead(200, {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-cache',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        for (let next = first; !next.done; next = await iterator.next()) {
          text += next.value;
          reply.raw.write(next.value);
        }
      } catch (err) {
        failure = err;
      } finally {
        open.set(user.sub, (open.get(user.sub) ?? 1) - 1);
        reply.raw.off('close', onClose);
      }
      if (!reply.raw.headersSent) return;

      const usage = await stream.usage();
      const cost = (usage.inputTokens * model.priceIn + usage.outputTokens * model.priceOut) / 1000;
      if (reservation)
        await ctx.credits.settle(reservation.id, cost, {
          model: model.id,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
        });
      const credit = Math.round(cost * 1000) / 1000;
      if (text) await store.append(user.sub, id, 'assistant', text, { model: model.id, creditMilli: Math.round(cost * 1000) });
      let title = previousTitle;
      if (isNew && title === DEFAULT_CHAT_TITLE) {
        title = titleFrom(message);
        await store.setTitle(user.sub, id, title);
      }
      if (failure && !abort.signal.aborted) {
        const textOut = upstreamErrorText(failure);
        await store.append(user.sub, id, 'error', textOut, { model: model.id });
        reply.raw.write(`${CHAT_ERROR_MARKER}${textOut}`);
      }
      if (!abort.signal.aborted) reply.raw.end(`${CHAT_CREDIT_MARKER}${credit}##${title}`);
    },
  );
}
