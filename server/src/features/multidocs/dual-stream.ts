import {
  ANSWER_ID_HEADER,
  CHAT_CUT_FOR_CREDIT_TEXT,
  CHAT_ERROR_ADVICE,
  CHAT_ERROR_TEXTS,
  MULTIDOCS_SEND_ERROR,
  type MultidocsDualStreamRequest,
  type MultidocsEvent,
  type MultidocsFileKind,
  MultidocsTextPiece,
  multidocsAttachmentType,
} from '@hangar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AccessClaims } from '../../platform/identity/access-token.ts';
import { writeHijackedHead } from '../../platform/security-headers.ts';
import { configuredModels, type ModelDefinition, OFFLINE_MODEL_ID, providerConfigured } from '../../providers/llm/catalogue.ts';
import { answer as modelAnswer, type StreamCap } from '../chat/index.ts';
import { InsufficientCreditError, type Reservation } from '../credits/ledger.ts';
import { citationsOf, extractiveAnswer, previewLines, systemPrompt, titleFrom, userPrompt } from './answer.ts';
import type { MultidocsHistory, StoredAnswerStatus } from './history.ts';
import { answerHold, contextBudget, outputLimit } from './spend.ts';
import type { createMultidocsStore, FileRow, Passage } from './store.ts';

const Pieces = z.array(MultidocsTextPiece).max(50);
/** How often the answer so far is written to its row (and the row's heartbeat for followers). */
const FLUSH_MS = 1000;

/** The model that answers: the one asked for (gpt4 by default) when configured, else the offline assistant. */
export function pickModel(ctx: AppContext, user: AccessClaims, asked: string | undefined): ModelDefinition {
  const all = configuredModels(ctx.config).filter(
    (m) => (!m.stagingOnly || ctx.config.HANGAR_STAGING) && (!m.requiresApp || user.apps.includes(m.requiresApp)),
  );
  const id = asked ?? 'gpt4';
  const model = all.find((m) => m.id === id);
  if (!model) throw badRequest(`The model "${id}" is not available to you.`);
  if (providerConfigured(model.provider, ctx.config) === null) return model;
  // Not configured: an explicit choice is refused; the default falls back to the offline assistant.
  if (asked && asked !== 'gpt4') throw badRequest(`${model.title} cannot answer: ${providerConfigured(model.provider, ctx.config)}.`);
  return all.find((m) => m.id === OFFLINE_MODEL_ID)!;
}

function upstreamText(err: unknown): string {
  const status = (err as { statusCode?: number }).statusCode;
  const timedOut = (err as { name?: string }).name === 'TimeoutError';
  const text = timedOut
    ? CHAT_ERROR_TEXTS[504]
    : (status && CHAT_ERROR_TEXTS[status]) || (status && status >= 500 ? CHAT_ERROR_TEXTS[500] : CHAT_ERROR_TEXTS.other);
  return `${text} ${CHAT_ERROR_ADVICE}`;
}

/**
 * POST dual-stream. Checks (question, owned uris, model, answers streaming at once, credit) answer
 * as plain HTTP errors; once they pass, everything is `data:` events: the preview (passages found),
 * then the answer, then the credit and stream_complete. Spending follows the chat's rules (spend.ts):
 * the answer counts against the user's cap on answers streaming at once, the hold is taken under
 * the daily caps, and the passages and the output limit sent upstream are what the hold pays for;
 * an answer cut at that limit says so. The hold is settled with the real cost (never above the
 * hold), or released on failure. The question and the answer (preview, citations, cost, title) are
 * stored in the chat's conversation of the same id (history.ts); the answer's id comes in the
 * x-answer-id header.
 */
export async function dualStream(
  ctx: AppContext,
  store: ReturnType<typeof createMultidocsStore>,
  history: MultidocsHistory,
  streams: StreamCap,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AccessClaims,
  body: MultidocsDualStreamRequest,
): Promise<void> {
  let pieces: z.infer<typeof Pieces>;
  try {
    pieces = Pieces.parse(JSON.parse(body.texts));
  } catch {
    throw badRequest('texts must be a JSON list of { text } and { uri } pieces.');
  }
  const question = pieces
    .map((p) => p.text?.trim() ?? '')
    .filter(Boolean)
    .join('\n');
  if (!question) throw badRequest('Ask a question.');
  const files: FileRow[] = [];
  for (const uri of new Set(pieces.map((p) => p.uri).filter((u): u is string => !!u))) {
    const row = await store.byUri(uri);
    if (!row) throw new AppError('NOT_FOUND', 'This attachment no longer exists: attach it again.');
    await ctx.authorize(request, 'attachment.use', row, { notFound: 'This attachment no longer exists: attach it again.' });
    files.push(row);
  }
  const model = pickModel(ctx, user, body.model);
  // Counted at once, like the chat's answers (the same count): the 429 comes before any hold.
  const ended = streams.admit(user.sub);
  try {
    await answerQuestion(ctx, store, history, request, reply, user, body, { question, files, model });
  } finally {
    ended();
  }
}

async function answerQuestion(
  ctx: AppContext,
  store: ReturnType<typeof createMultidocsStore>,
  history: MultidocsHistory,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AccessClaims,
  body: MultidocsDualStreamRequest,
  { question, files, model }: { question: string; files: FileRow[]; model: ModelDefinition },
): Promise<void> {
  const answerTokens = ctx.config.MULTIDOCS_ANSWER_TOKENS;
  const { estimate, least } = answerHold(model, question, answerTokens);
  let held: Reservation | null = null;
  if (estimate > 0) held = await ctx.credits.reserveBetween(user.sub, least, estimate, 'multidocs');
  else if ((await ctx.credits.balance(user.sub)).remaining <= 0) throw new InsufficientCreditError();
  const reservation = held?.id ?? null;

  let opened: { answerId: number; title: string };
  try {
    opened = await history.open({
      userId: user.sub,
      sessionId: body.sessionId,
      question,
      uploads: files.map((f) => ({ type: multidocsAttachmentType(f.kind as MultidocsFileKind | 'html'), filename: f.name })),
      newTitle: titleFrom(question),
      reservationId: reservation,
    });
  } catch (err) {
    if (reservation) await ctx.credits.release(reservation).catch(() => {});
    throw err;
  }
  const { answerId, title } = opened;

  // Stop (the chat's answer route sets the row's flag) ends the model call. Closing the page does
  // not: the answer goes on into the conversation, where the reloaded page follows it.
  const abort = new AbortController();
  reply.hijack();
  writeHijackedHead(reply, 200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    [ANSWER_ID_HEADER]: String(answerId),
  });
  const send = (event: MultidocsEvent) => {
    if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  const heartbeat = setInterval(() => send({ type: 'heartbeat' }), ctx.config.MULTIDOCS_HEARTBEAT_MS);
  let answer = '';
  let flushing: Promise<void> | null = null;
  const flush = () => {
    flushing ??= history
      .flush(answerId, answer)
      .then(({ stopRequested }) => {
        if (stopRequested) abort.abort();
      })
      .catch((err) => request.log.warn({ err }, 'a multi-docs answer could not be written'))
      .finally(() => {
        flushing = null;
      });
  };
  const flusher = setInterval(flush, FLUSH_MS);
  let cost = 0;
  let settled = false;
  let status: StoredAnswerStatus | 'stopped' = 'complete';
  try {
    send({ type: 'preview_start' });
    let passages: Passage[];
    try {
      passages = await store.passages(files, question);
    } catch (err) {
      request.log.error({ err }, 'multidocs search failed');
      send({ type: 'preview_error', error: MULTIDOCS_SEND_ERROR });
      await history.preview(answerId, { text: '', citations: [], failed: true }).catch(() => {});
      throw err;
    }
    const citations = citationsOf(passages);
    const lines = previewLines(citations);
    for (const line of lines) send({ type: 'preview_chunk', content: line });
    send({ type: 'preview_end', citations });
    await history.preview(answerId, { text: lines.join(''), citations, failed: false });

    send({ type: 'ask_start' });
    if (model.provider === 'offline') {
      const text = files.length ? extractiveAnswer(passages, citations) : extractiveAnswer([], []);
      for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
        answer += piece;
        send({ type: 'ask_chunk', content: piece });
      }
    } else {
      const system = systemPrompt();
      const prompt = userPrompt(question, passages, held ? contextBudget(model, held.amount, question, answerTokens) : undefined);
      const maxOutputTokens = held ? outputLimit(model, held.amount, system + prompt, answerTokens) : answerTokens;
      // The chat's answer stream: the limit goes upstream (max_tokens or max_completion_tokens) and
      // is kept here too, for providers that ignore it; a cut answer is billed for what it produced.
      const stream = modelAnswer({
        model,
        config: ctx.config,
        system,
        messages: [{ role: 'user', content: prompt }],
        signal: abort.signal,
        maxOutputTokens,
      });
      let produced = false;
      let failed = false;
      try {
        for await (const chunk of stream.chunks) {
          produced = true;
          answer += chunk;
          send({ type: 'ask_chunk', content: chunk });
        }
      } catch (err) {
        if (abort.signal.aborted) status = 'stopped';
        else {
          failed = true;
          status = 'failed';
          request.log.warn({ err }, 'multidocs model failed');
          send({ type: 'ask_error', error: upstreamText(err) });
        }
      }
      // The client library may end the stream quietly on abort instead of throwing.
      if (abort.signal.aborted && status === 'complete') status = 'stopped';
      if (status === 'complete' && stream.cut() && maxOutputTokens < answerTokens) {
        // Stopped at what the hold pays for: the answer says so (and keeps saying so once stored).
        status = 'cut';
        const note = `\n\n_${CHAT_CUT_FOR_CREDIT_TEXT}_`;
        answer += note;
        send({ type: 'ask_chunk', content: note });
      }
      const usage = await stream.usage();
      // A model that failed before saying anything costs nothing: the hold is released below.
      // Never more than the hold (the ledger caps it too).
      if (!failed || produced)
        cost = Math.min(held?.amount ?? 0, (usage.inputTokens * model.priceIn + usage.outputTokens * model.priceOut) / 1000);
      if (reservation && cost > 0) {
        await ctx.credits.settle(reservation, cost, { model: model.id, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
        settled = true;
      }
    }
    send({ type: 'ask_end', title });
    send({ type: 'total_credit', content: Math.round(cost * 1000) / 1000 });
    send({ type: 'stream_complete' });
  } catch (err) {
    status = 'failed';
    request.log.error({ err }, 'multidocs stream failed');
    send({ type: 'global_error', error: MULTIDOCS_SEND_ERROR });
  } finally {
    clearInterval(heartbeat);
    clearInterval(flusher);
    if (reservation && !settled) await ctx.credits.release(reservation).catch(() => {});
    await flushing;
    await history
      .finish(answerId, user.sub, body.sessionId, { text: answer, status, credit: Math.round(cost * 1000) / 1000 })
      .catch((err) => request.log.error({ err }, 'a multi-docs answer could not be stored'));
    reply.raw.end();
  }
}
