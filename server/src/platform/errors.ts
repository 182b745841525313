import type { ErrorBody, ErrorCode } from '@hangar/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INSUFFICIENT_CREDIT: 402,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type handlers throw; its message is shown to people, so make it actionable. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: { path: string; message: string }[];
  constructor(code: ErrorCode, message: string, issues?: { path: string; message: string }[]) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.issues = issues;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthenticated = (message = 'You are not signed in, or your session has expired. Please sign in again.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = "Access denied. You don't have the necessary permissions.") => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);

export function errorBody(code: ErrorCode, message: string, requestId: string, issues?: ErrorBody['error']['issues']): ErrorBody {
  return { error: { code, message, requestId, ...(issues ? { issues } : {}) }, detail: message, message };
}

function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, request.id, err.issues));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [
          err.validationContext,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      return reply.status(400).send(errorBody('BAD_REQUEST', `Invalid request. ${summary}`, request.id, issues));
    }
    // Text PostgreSQL cannot store (a NUL that slipped past the input guards, in a file's content say).
    const dbCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (dbCode === '22021' || dbCode === '22P05') {
      return reply
        .status(400)
        .send(
          errorBody(
            'BAD_REQUEST',
            'The text contains characters that cannot be stored (such as NUL). Remove them and try again.',
            request.id,
          ),
        );
    }
    if (isDependencyUnreachable(err)) {
      request.log.warn({ err }, 'a dependency is unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          errorBody(
            'UNAVAILABLE',
            'The portal cannot reach its database or file storage just now. Try again in a few seconds.',
            request.id,
          ),
        );
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send(errorBody('INTERNAL', 'Internal server error. Please try again later.', request.id));
    }
    // Fastify's own 4xx (bad JSON, too large, unsupported media type, rate limit): their text is safe.
    return reply.status(status).send(errorBody(codeForStatus(status), err.message, request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`, request.id));
  });
}

/**
 * The database or the bucket restarting or out of reach (a failover, a restart, the network):
 * nothing the request did is wrong and a retry will work, so users get a 503 saying so rather than
 * an internal error. PostgreSQL's connection exceptions (class 08), admin or crash shutdowns
 * (57P01–57P03), pg's own connection messages, and the socket errors of a connection that could
 * not be made or was cut.
 */
export function isDependencyUnreachable(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code)) return true;
    if (typeof e.message === 'string' && /Connection terminated|connection lost|Client has encountered a connection error/i.test(e.message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}
