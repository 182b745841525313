import { type AnswerEnd, AnswerParams, AnswerStopResponse } from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { writeHijackedHead } from '../../platform/security-headers.ts';
import { ANSWER_CHANNEL, type AnswerRunner, STALE_MS, STOP_CHANNEL, WATCH_CHANNEL } from './answer-runner.ts';
import { CHAT_RULE } from './routes.ts';
import type { ChatStore } from './store.ts';

/** Readers also look at the row on this timer, in case a wake-up was missed. */
const POLL_MS = 1000;
const notFound = 'No such answer.';

/**
 * Re-attaching to an answer and stopping it (issue 13.2), from any process: the text lives in the
 * answer's row, and the bus wakes readers when it grows. Only the conversation's owner sees or
 * stops an answer (chatSession.use; anyone else gets 404, as for conversations).
 */
export function registerAnswerRoutes(ctx: AppContext, store: ChatStore, runner: AnswerRunner): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  async function ownAnswer(request: FastifyRequest, messageId: number) {
    const row = await store.answer(messageId);
    if (!row) throw new AppError('NOT_FOUND', notFound);
    await ctx.authorize(request, 'chatSession.use', { userId: row.userId }, { notFound });
    return row;
  }

  app.get(
    '/api/secured_gpt/answers/:messageId/stream',
    {
      config: { access: CHAT_RULE },
      schema: {
        tags: ['chat'],
        summary: 'Follows an answer (server-sent events): the text so far, then the rest as it comes, then how it ended',
        description:
          'Events: `text` with `{"text": "..."}` (text to append), then one `end` with `{"status", "credit", "error"}`. ' +
          'Works for any answer of yours, streaming or finished, from whichever portal process produces it.',
        params: AnswerParams,
      },
    },
    async (request, reply) => {
      const first = await ownAnswer(request, request.params.messageId);
      reply.hijack();
      const res = reply.raw;
      writeHijackedHead(reply, 200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      let sent = 0;
      let closed = false;
      let local: ReturnType<AnswerRunner['follow']> = null;
      let reading: Promise<void> | null = null;
      let again = false;
      const finish = () => {
        closed = true;
        clearInterval(timer);
        unsubscribe();
        local?.unfollow();
      };
      const look = async (row: typeof first | null) => {
        if (closed) return;
        const current = row ?? (await store.answer(first.id));
        if (closed) return;
        if (!current) {
          send('end', { status: 'failed', credit: null, error: 'The conversation was deleted.' } satisfies AnswerEnd);
          finish();
          res.end();
          return;
        }
        if (current.text.length > sent) {
          send('text', { text: current.text.slice(sent) });
          sent = current.text.length;
        }
        if (current.status === 'streaming') {
          // Its process died without finishing it: say so rather than wait forever.
          if (Date.now() - current.updatedAt.getTime() <= STALE_MS) return;
          const stale = await store.failIfStale(current.id, STALE_MS);
          if (!stale) return;
          // Nothing was settled for it: the whole hold goes back.
          if (stale.reservationId) await ctx.credits.release(stale.reservationId).catch(() => {});
          await look(null);
          return;
        }
        const error = current.status === 'complete' ? null : await store.errorAfter(current.userId, current.sessionId, current.id);
        const credit = current.creditMilli === null ? null : current.creditMilli / 1000;
        send('end', { status: current.status, credit, error } satisfies AnswerEnd);
        finish();
        res.end();
      };
      // One look at a time; a wake-up during a look asks for one more.
      const wake = () => {
        if (reading) {
          again = true;
          return;
        }
        reading = look(null)
          .catch((err) => request.log.warn({ err }, 'answer stream read failed'))
          .finally(() => {
            reading = null;
            if (again && !closed) {
              again = false;
              wake();
            }
          });
      };
      const unsubscribe = ctx.events.subscribe(ANSWER_CHANNEL, (payload) => {
        if (Number(payload) === first.id) wake();
      });
      const timer = setInterval(wake, POLL_MS);
      res.on('close', finish);
      reading = look(first).finally(() => {
        reading = null;
        if (again) wake();
      });
      // Produced by this process: its text comes straight from the producer (the row is written
      // only every few seconds then); the end is read from the row, written by then.
      const sendLive = (text: string) => {
        if (closed || text.length <= sent) return;
        send('text', { text: text.slice(sent) });
        sent = text.length;
      };
      let live = '';
      local =
        first.status === 'streaming' && !closed
          ? runner.follow(first.id, (event) => {
              if (event.type === 'end') return wake();
              live += event.text;
              sendLive(live);
            })
          : null;
      if (local) {
        live = local.text;
        sendLive(live);
      } else if (first.status === 'streaming') {
        // Produced elsewhere: ask its process to write and signal as the text comes.
        await ctx.events.publish(WATCH_CHANNEL, String(first.id)).catch(() => {});
      }
    },
  );

  app.post(
    '/api/secured_gpt/answers/:messageId/stop',
    {
      config: { access: CHAT_RULE },
      schema: {
        tags: ['chat'],
        summary: 'Stops an answer being produced (the Stop button); what was written stays, marked stopped',
        params: AnswerParams,
        response: { 200: AnswerStopResponse },
      },
    },
    async (request) => {
      const row = await ownAnswer(request, request.params.messageId);
      if (row.status !== 'streaming') return { status: row.status };
      // The flag reaches the producer at its next write wherever it runs; the bus, at once.
      await store.requestStop(row.id);
      if (!runner.stopHere(row.id)) await ctx.events.publish(STOP_CHANNEL, String(row.id));
      return { status: 'stopped' as const };
    },
  );
}
