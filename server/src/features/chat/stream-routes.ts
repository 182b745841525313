import {
  ANSWER_ID_HEADER,
  AskRequest,
  CHAT_CREDIT_MARKER,
  CHAT_CUT_FOR_CREDIT_TEXT,
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
import { part } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { writeHijackedHead } from '../../platform/security-headers.ts';
import { createDataQuestions } from '../analytics/index.ts';
import { InsufficientCreditError } from '../credits/ledger.ts';
import { answer, estimateTokens } from './answer.ts';
import { registerAnswerRoutes } from './answer-routes.ts';
import { type AnswerEvent, createAnswerRunner, eventQueue } from './answer-runner.ts';
import { guideAnswer, loadUserGuide } from './guide/guide.ts';
import { createChatModels } from './models.ts';
import { CHAT_RULE } from './routes.ts';
import { createChatStore, OPENING_PROMPT_CHARS } from './store.ts';
import { streamCap } from './stream-cap.ts';
import { systemPrompt, systemPromptChars, titleFrom } from './system-prompt.ts';

const HISTORY_MESSAGES = 20;
/** Below this many output tokens an answer is not worth asking for: the credit left is too little. */
const MIN_OUTPUT_TOKENS = 16;
/** The line that closes an answer stopped at what its hold pays for (issue 11.6). */
export const CUT_FOR_CREDIT_TEXT = CHAT_CUT_FOR_CREDIT_TEXT;
/** About the length of the assistant's instructions without the user's context. */
const INSTRUCTIONS_TOKENS = 120;
type HoldPart = ReturnType<AppContext['credits']['holdUpTo']>;

/**
 * A follow-up question's hold, in credits, sized by the opening statement from what it reads: the
 * history and the user's context (OPENING_PROMPT_CHARS), then the instructions with and without a
 * context, the question's length, the price per 1,000 input tokens and the longest answer's cost.
 */
const SIZED_HOLD = `(CEIL((${OPENING_PROMPT_CHARS.history} + CASE WHEN ${OPENING_PROMPT_CHARS.context} > 0 THEN $? + ${OPENING_PROMPT_CHARS.context} ELSE $? END + $?)::numeric / 4) * $? + $?) / 1000`;

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
  const streams = streamCap(ctx);
  const runner = createAnswerRunner(ctx, store);
  const dataQuestions = createDataQuestions(ctx);
  const guide = loadUserGuide();
  registerAnswerRoutes(ctx, store, runner);
  /** The credit check on its own (spec 6): remaining credit must be above 0 to ask; a free answer holds nothing. */
  async function reserve(userId: string, estimate: number): Promise<{ id: string; amount: number } | null> {
    if (estimate > 0) return ctx.credits.reserveUpTo(userId, estimate, 'chat');
    if ((await ctx.credits.balance(userId)).remaining <= 0) throw new InsufficientCreditError();
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
      // Counted at once, before any await (parallel questions cannot all pass the check); until the
      // answer starts, a refusal or failure ends the count here, then the answer's end does.
      const ended = streams.admit(user.sub);
      let started = false;
      try {
        // The first estimate (the question, the instructions, the longest answer) holds under daily
        // caps, in a transaction of its own; otherwise the opening statement sizes the hold itself
        // from the history and the user's context it reads, so a follow-up question is held in full
        // at once (the top-up below is then only for what the estimate could not know).
        const maxOutput = ctx.config.CHAT_MAX_OUTPUT_TOKENS;
        const estimate = ((estimateTokens(message) + INSTRUCTIONS_TOKENS) * model.priceIn + maxOutput * model.priceOut) / 1000;
        let reservation: string | null = null;
        let heldCredits = 0;
        let hold: HoldPart;
        if (ctx.credits.capped && estimate > 0) {
          // Daily caps: the hold runs in its own transaction under the caps' lock (429 over a cap).
          const r = await ctx.credits.reserveUpTo(user.sub, estimate, 'chat');
          heldCredits = r.amount;
          hold = ctx.credits.heldAlready(r);
        } else {
          const instructions = systemPromptChars(user.name);
          const sized = part(
            SIZED_HOLD,
            instructions.plain + instructions.contextExtra,
            instructions.plain,
            message.length,
            model.priceIn,
            maxOutput * model.priceOut,
          );
          hold = ctx.credits.holdUpTo(user.sub, estimate > 0 ? [sized] : 0, 'chat');
        }
        reservation = hold.id;
        const chat = await store.openForAnswer(
          user.sub,
          id,
          HISTORY_MESSAGES,
          { text: message, model: model.id, title: titleFrom(message), reservationId: reservation },
          hold.ctes,
        );
        let newTitle = chat.titled ? chat.title : null;
        let messageId: number;
        if (chat.held === null || chat.answerId === null) {
          // Nothing held, nothing stored: no credit left (402), or the first question before the account exists.
          const r = await reserve(user.sub, estimate);
          [reservation, heldCredits] = [r?.id ?? null, r?.amount ?? 0];
          await store.append(user.sub, id, 'user', message, { model: model.id, touch: false });
          newTitle = chat.title === DEFAULT_CHAT_TITLE && !chat.recent.some((m) => m.role === 'user') ? titleFrom(message) : null;
          messageId = await store.startAnswer(user.sub, id, model.id, newTitle, reservation);
        } else {
          messageId = chat.answerId;
          if (!ctx.credits.capped || estimate <= 0) {
            heldCredits = chat.held / 1000;
            if (!chat.held) reservation = null;
          }
        }
        const system = systemPrompt({ ...chat.settings, userName: user.name, today: new Date() });
        const messages: ModelMessage[] = [];
        for (const m of chat.recent)
          if ((m.role === 'user' || m.role === 'assistant') && m.text) messages.push({ role: m.role, content: m.text });
        messages.push({ role: 'user', content: message });

        // Issue 11.6: the output limit is what the hold pays for once the prompt is paid; the hold
        // grows (within the balance and the caps) when the history made the prompt longer.
        const promptCost = (estimateTokens(system + messages.map((m) => m.content).join('')) * model.priceIn) / 1000;
        let maxOutputTokens = maxOutput;
        if (reservation && model.priceOut > 0) {
          const wanted = promptCost + (maxOutput * model.priceOut) / 1000;
          // Compared in thousandths, as credits are held: float noise does not ask for a top-up.
          if (Math.round(wanted * 1000) > Math.round(heldCredits * 1000))
            heldCredits = await ctx.credits.extendUpTo(reservation, wanted - heldCredits);
          maxOutputTokens = Math.min(maxOutput, Math.floor(((heldCredits - promptCost) * 1000) / model.priceOut));
          if (maxOutputTokens < MIN_OUTPUT_TOKENS) {
            const text =
              'Your remaining credit is too little for an answer in this conversation. Start a new chat, or use the Send request button at the bottom of the sidebar to ask for more credits.';
            await Promise.all([
              ctx.credits.release(reservation),
              store.finishAnswer(user.sub, id, [{ role: 'error', text, model: model.id }], newTitle, undefined, {
                id: messageId,
                drop: true,
              }),
            ]);
            throw new AppError('INSUFFICIENT_CREDIT', text);
          }
        }

        const abort = new AbortController();
        const stream = answer({
          model,
          config: ctx.config,
          system,
          messages,
          signal: abort.signal,
          maxOutputTokens,
          // Offline: a data question first, then the user guide; anything else gets the notice.
          offlineReply: async (question) => (await dataQuestions(user, question)) ?? guideAnswer(guide, question),
        });
        // The answer is produced whatever happens to this request (issue 13.2): leaving the page no
        // longer aborts it; this request only listens, like a re-attached one.
        const events = eventQueue<AnswerEvent>();
        started = true;
        void runner
          .start(
            {
              messageId,
              userId: user.sub,
              sessionId: id,
              model,
              stream,
              abort,
              reservation,
              heldCredits,
              newTitle,
              errorText: upstreamErrorText,
              cutText: CUT_FOR_CREDIT_TEXT,
            },
            events.push,
          )
          .finally(ended);
        reply.hijack();
        reply.raw.on('close', events.close);
        const first = await events.next();
        if (first?.type === 'end' && first.end.failedBeforeText) {
          // Failed before any text: a real HTTP error (the hold is back and the error line stored).
          const err = first.end.failedBeforeText;
          const textOut = first.end.errorText ?? upstreamErrorText(err);
          request.log.warn({ err }, 'chat provider failed');
          const status = (err as { statusCode?: number }).statusCode === 429 ? 429 : 502;
          writeHijackedHead(reply, status, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(
            JSON.stringify({
              error: { code: status === 429 ? 'RATE_LIMITED' : 'UNAVAILABLE', message: textOut, requestId: request.id },
              detail: textOut,
              message: textOut,
            }),
          );
          return;
        }
        if (reply.raw.destroyed) return;
        writeHijackedHead(reply, 200, {
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-cache',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
          [ANSWER_ID_HEADER]: String(messageId),
        });
        for (let event = first; event; event = await events.next()) {
          if (reply.raw.destroyed) return;
          // Chunks that arrived while this reader waited go out in one write (one syscall), not one each.
          let text = '';
          for (const e of [event, ...events.drain()]) {
            if (e.type === 'text') {
              text += e.text;
              continue;
            }
            const { errorText, cost } = e.end;
            if (errorText) text += `${CHAT_ERROR_MARKER}${errorText}`;
            reply.raw.end(`${text}${CHAT_CREDIT_MARKER}${Math.round(cost * 1000) / 1000}##${newTitle ?? chat.title}`);
            return;
          }
          reply.raw.write(text);
        }
      } finally {
        if (!started) ended();
      }
    },
  );
}
