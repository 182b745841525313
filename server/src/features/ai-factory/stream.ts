import { AI_FACTORY_HEARTBEAT_SECONDS, type AiFactoryState, type StreamlitStreamEvent } from '@hangar/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeHijackedHead } from '../../platform/security-headers.ts';
import type { Health } from './health.ts';
import type { Registry } from './registry.ts';
import type { AiFactorySessions } from './sessions.ts';

/**
 * POST /api/streamlit/stream-session/{id} (spec sections 4 and 7). Every AI_FACTORY_CHECK_SECONDS the
 * session and its app are checked:
 * - active: the session lives; sent first and whenever the app's state changes (the state bar follows it);
 * - not_found: no such session of the caller's when the stream opened;
 * - expired: it outlived AI_FACTORY_SESSION_MINUTES (it is deleted here);
 * - connection_closed: it ended while followed (deleted from another tab, or its user signed out);
 * - error: the portal could not check it.
 * The last four end the stream; the web then deletes the session and closes the tab.
 */
export async function streamSession(
  ctx: AppContext,
  args: { request: FastifyRequest; reply: FastifyReply; sessions: AiFactorySessions; registry: Registry; health: Health; id: string },
) {
  const { request, reply, sessions, registry, health, id } = args;
  const user = requireUser(request);
  reply.hijack();
  writeHijackedHead(reply, 200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  let open = true;
  const write = (text: string) => {
    if (open && !reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(text);
  };
  const send = (event: StreamlitStreamEvent) => write(`data: ${JSON.stringify(event)}\n\n`);
  const checkMs = ctx.config.AI_FACTORY_CHECK_SECONDS * 1000;
  let timer: NodeJS.Timeout | null = null;
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), Math.min(AI_FACTORY_HEARTBEAT_SECONDS * 1000, checkMs));
  const finish = (event?: StreamlitStreamEvent) => {
    if (event) send(event);
    open = false;
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
    if (!reply.raw.writableEnded) reply.raw.end();
  };
  request.raw.on('close', () => finish());

  let first = true;
  let lastState: AiFactoryState | null = null;
  async function check() {
    const row = await sessions.mine(user.sub, id);
    if (!row) {
      return finish(
        first
          ? { status: 'not_found', error: 'There is no such session of yours: open the app again.' }
          : { status: 'connection_closed', error: 'This session was closed (from another tab, or by signing out).' },
      );
    }
    if (row.expiresAt.getTime() <= Date.now()) {
      await sessions.remove(user.sub, id);
      return finish({ status: 'expired', error: `This session expired at ${row.expiresAt.toISOString()}: open the app again.` });
    }
    const app = registry.byId(row.appId);
    const state = app ? (await health.probe(app)).state : 'not_deployed';
    if (first || state !== lastState) send({ status: 'active', error: null, app: state });
    first = false;
    lastState = state;
  }
  const loop = async () => {
    try {
      await check();
    } catch (err) {
      request.log.warn({ err }, 'an AI Factory session could not be checked');
      return finish({ status: 'error', error: 'The portal could not check this session. Try again in a moment.' });
    }
    if (open) timer = setTimeout(loop, checkMs);
  };
  await loop();
}
