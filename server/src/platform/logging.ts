import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { prettyDestination } from './log-pretty.ts';
import { lazyChildLogger } from './request-logger.ts';

/** Query parameters that carry a credential: their values never reach a log line. */
const SECRET_PARAMS =
  /^(token|id_token_hint|id_token|access_token|refresh_token|code|state|code_verifier|client_secret|password|signature|x-amz-signature|x-amz-credential)$/i;

/** An AI Factory session's ticket, in the path of every proxied request (/ai-factory/{id}/~{ticket}/…). */
const PATH_TICKET = /^(\/ai-factory\/\d+\/~)[^/?#]+/;

export function redactUrl(raw: string): string {
  const url = raw.startsWith('/ai-factory/') ? raw.replace(PATH_TICKET, '$1[redacted]') : raw;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

type LoggedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: { message: string; code?: unknown };
};

/**
 * Errors as logged. A failed query's error carries its SQL parameters (a new user's password hash,
 * say); they are withheld, as is the database's detail line, which quotes values.
 */
export function serializeError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown; params?: unknown };
  const failedQuery = typeof e.query === 'string' && 'params' in e;
  const message = failedQuery ? `Failed query: ${e.query} (parameters withheld)` : e.message;
  const stack = (failedQuery ? e.stack?.replace(/^[\s\S]*?\n(\s+at )/, `${e.name}: ${message}\n$1`) : e.stack) ?? '';
  const cause = e.cause instanceof Error ? { message: e.cause.message, code: (e.cause as { code?: unknown }).code } : undefined;
  return { type: e.name, message, stack, code: e.code, statusCode: e.statusCode, ...(cause ? { cause } : {}) };
}

export const logSerializers = {
  err: serializeError,
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

export type LogFormat = 'auto' | 'json' | 'pretty';

/** Requests too routine to show at info: the web app's own files and health probes. */
const ROUTINE = /^\/(assets\/|favicon|logo|api\/healthcheck(\?|$))/;

/**
 * Fastify's logger options: headers with credentials removed, secret query values and SQL
 * parameters withheld. JSON lines (for a log collector) unless `format` is pretty, or auto with a
 * terminal on `out`: then one compact human line per entry.
 */
export function loggerOptions(level: string, format: LogFormat = 'json', out: NodeJS.WritableStream = process.stdout) {
  const pretty = format === 'pretty' || (format === 'auto' && (out as { isTTY?: boolean }).isTTY === true);
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: logSerializers,
    // pino's own fast writer when JSON goes to stdout.
    ...(pretty ? { stream: prettyDestination(out) } : out === process.stdout ? {} : { stream: out }),
  };
}

/**
 * One line per request, written when it completes (Fastify's own controller writes two: on
 * arrival and on completion). Server errors at error level; the web app's files and health
 * probes at debug. Fastify's other lines (route not found, stream errors) are unchanged.
 */
class OneLinePerRequest extends LogController {
  readonly listeners: CompletionListener[] = [];

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    for (const listener of this.listeners) {
      // Called from the response's 'finish' event: a listener's fault must not become the process's.
      try {
        listener(request, reply);
      } catch (err) {
        request.log.error({ err }, 'a request completion listener failed');
      }
    }
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status < 400 && ROUTINE.test(request.url) ? 'debug' : 'info';
    // pino's check: below the configured level the line (and its object) is not built at all.
    if ((request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) === false) return;
    const responseTime = Math.round(reply.elapsedTime);
    request.log[level]({ req: request, res: { statusCode: status }, responseTime, ...(error ? { err: error } : {}) }, 'request completed');
  }
}

export function requestLogController(): LogController {
  return new OneLinePerRequest();
}

/**
 * Told of every request once its answer is written (streams included), before its log line. The
 * metrics count there: an onResponse hook would cost every request a turn of Fastify's hook runner
 * for what the log controller is called for anyway.
 */
export type CompletionListener = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify's logging as the portal sets it (`options`, for Fastify's constructor): the options
 * above, one line per request, a request's logger built when it first writes; and
 * `onRequestCompleted` to add a completion listener.
 */
export function fastifyLogging(level: string, format: LogFormat = 'json', out: NodeJS.WritableStream = process.stdout) {
  const logController = new OneLinePerRequest();
  return {
    options: { logger: loggerOptions(level, format, out), logController, childLoggerFactory: lazyChildLogger },
    onRequestCompleted: (listener: CompletionListener) => {
      logController.listeners.push(listener);
    },
  };
}
