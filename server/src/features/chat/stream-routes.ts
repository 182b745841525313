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
/** About the length of the assistant's instructions without the user's context. */
const INSTRUCTIONS_TOKENS = 120;

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

  /** The credit check on its own (spec 6): remaining credit must be above 0 to ask; a free answer holds nothing. */
  async function reserve(userId: string, estimate: number): Promise<string | null> {
    if (estimate > 0) return (await ctx.credits.reserveUpTo(userId, estimate, 'chat')).id;
    if ((await ctx.credits.balance(userId)).remaining <= 0) throw outOfCredit();
    return null;
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
      // Held in the statement that reads the settings, so without them: the question and the
      // instructions. The user's context, like the history, is billed from the real usage.
      const estimate =
        ((estimateTokens(message) + INSTRUCTIONS_TOKENS) * model.priceIn + MAX_OUTPUT_TOKENS_ESTIMATE * model.priceOut) / 1000;
      const hold = ctx.credits.holdUpTo(user.sub, estimate, 'chat');
      const chat = await store.openForAnswer(user.sub, id, HISTORY_MESSAGES, { text: message, model: model.id }, hold.ctes);
      let reservation = chat.held ? hold.id : null;
      if (chat.held === null) {
        // Nothing held: no credit left (402), or the first question before the account exists.
        reservation = await reserve(user.sub, estimate);
        await store.append(user.sub, id, 'user', message, { model: model.id, touch: false });
      }
      const newTitle = chat.title === DEFAULT_CHAT_TITLE && !chat.recent.some((m) => m.role === 'user') ? titleFrom(message) : null;
      const system = systemPrompt({ ...chat.settings, userName: user.name, today: new Date() });
      const messages: ModelMessage[] = [];
      for (const m of chat.recent) if (m.role === 'user' || m.role === 'assistant') messages.push({ role: m.role, content: m.text });
      messages.push({ role: 'user', content: message });

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
          const textOut = upstreamErrorText(err);
          await Promise.all([
            reservation && ctx.credits.release(reservation),
            store.finishAnswer(user.sub, id, [{ role: 'error', text: textOut, model: model.id }], newTitle),
          ]);
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
      const errorText = failure && !abort.signal.aborted ? upstreamErrorText(failure) : null;
      const left: Parameters<typeof store.finishAnswer>[2] = [];
      if (text) left.push({ role: 'assistant', text, model: model.id, creditMilli: Math.round(cost * 1000) });
      if (errorText) left.push({ role: 'error', text: errorText, model: model.id });
      if (reservation || left.length || newTitle) {
        const settle = reservation
          ? ctx.credits.settling(reservation, cost, { model: model.id, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens })
          : undefined;
        await store.finishAnswer(user.sub, id, left, newTitle, settle);
      }
      if (errorText) reply.raw.write(`${CHAT_ERROR_MARKER}${errorText}`);
      if (!abort.signal.aborted) reply.raw.end(`${CHAT_CREDIT_MARKER}${Math.round(cost * 1000) / 1000}##${newTitle ?? chat.title}`);
    },
  );
}
