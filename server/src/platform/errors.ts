import type { ErrorBody, ErrorCode } from '@hangar/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AuditEntry, AuditWriter, RefusalAudit } from './audit.ts';
import { isUploadRequest, multipartError } from './uploads/multipart-errors.ts';

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
  /** Set on refusals the audit log keeps (auditedAs); the error handler writes it with the request. */
  audit?: RefusalAudit;
  constructor(code: ErrorCode, message: string, issues?: { path: string; message: string }[], options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.status = STATUS[code];
    this.issues = issues;
  }

  /** Marks a refusal for the audit log (outbound guard, upload quota): `throw badRequest(...).auditedAs({ action, target, details })`. */
  auditedAs(audit: RefusalAudit): this {
    this.audit = audit;
    return this;
  }
}

/** `cause` keeps what was wrapped, its audit mark included (a refusal of outbound-http.ts re-worded by a feature, say). */
export const badRequest = (message: string, options?: ErrorOptions) => new AppError('BAD_REQUEST', message, undefined, options);
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

interface Answer {
  status: number;
  body: ErrorBody;
  retryAfter?: string;
}

/** The one answer for an error: status and body, logged as the branch says. */
function answerFor(err: FastifyError | AppError, request: FastifyRequest): Answer {
  if (err instanceof AppError) return { status: err.status, body: errorBody(err.code, err.message, request.id, err.issues) };
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
    return { status: 400, body: errorBody('BAD_REQUEST', `Invalid request. ${summary}`, request.id, issues) };
  }
  // A malformed or over-limit form on an upload route (busboy's and @fastify/multipart's errors).
  const multipart = isUploadRequest(request) ? multipartError(err) : null;
  if (multipart) return { status: STATUS[multipart.code], body: errorBody(multipart.code, multipart.message, request.id) };
  // Text PostgreSQL cannot store (a NUL that slipped past the input guards, in a file's content say).
  const dbCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
  if (dbCode === '22021' || dbCode === '22P05') {
    return {
      status: 400,
      body: errorBody(
        'BAD_REQUEST',
        'The text contains characters that cannot be stored (such as NUL). Remove them and try again.',
        request.id,
      ),
    };
  }
  if (isDependencyUnreachable(err)) {
    request.log.warn({ err }, 'a dependency is unreachable');
    return {
      status: 503,
      retryAfter: '5',
      body: errorBody(
        'UNAVAILABLE',
        'The portal cannot reach its database or file storage just now. Try again in a few seconds.',
        request.id,
      ),
    };
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'request failed');
    return { status, body: errorBody('INTERNAL', 'Internal server error. Please try again later.', request.id) };
  }
  // Fastify's own 4xx (bad JSON, too large, unsupported media type, rate limit): their text is safe.
  return { status, body: errorBody(codeForStatus(status), err.message, request.id) };
}

/** The audit writer of each app whose refusals are audited (auditRefusals). */
const refusalWriters = new WeakMap<FastifyInstance, AuditWriter>();

/**
 * Has the error handler audit refusals as sign-in failures are (with the user, address and request
 * id): an AppError marked with auditedAs (outbound guard, upload quota), an answer of 402 (credits),
 * and any other 4xx to an upload, except 401/403, which the access rule and the policies audit.
 * app.ts calls it once the writer exists.
 */
export function auditRefusals(app: FastifyInstance, audit: AuditWriter): void {
  refusalWriters.set(app, audit);
}

function taggedAudit(err: unknown): RefusalAudit | undefined {
  for (let e = err as { audit?: RefusalAudit; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e instanceof AppError && e.audit) return e.audit;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** What the audit log keeps of a refusal, or null when it keeps nothing. */
function refusalEntry(err: unknown, answer: Answer, request: FastifyRequest): AuditEntry | null {
  if (answer.status < 400 || answer.status >= 500) return null;
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  const upload = isUploadRequest(request);
  const reason = answer.body.error.message;
  const tagged = taggedAudit(err);
  if (tagged) {
    return {
      ...tagged,
      target: tagged.target ?? route,
      outcome: 'denied',
      details: { ...tagged.details, route, status: answer.status, ...(upload ? { upload: true } : {}) },
    };
  }
  if (answer.body.error.code === 'INSUFFICIENT_CREDIT') {
    return { action: 'quota.credit_refused', target: route, outcome: 'denied', details: { reason } };
  }
  if (upload && answer.status !== 401 && answer.status !== 403) {
    return {
      action: 'upload.rejected',
      target: route,
      outcome: 'denied',
      details: { status: answer.status, code: answer.body.error.code, reason },
    };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  const send = (reply: FastifyReply, answer: Answer) => {
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    return reply.status(answer.status).send(answer.body);
  };
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const answer = answerFor(err, request);
    const writer = refusalWriters.get(app);
    const entry = writer ? refusalEntry(err, answer, request) : null;
    if (!writer || !entry) return send(reply, answer);
    // Written before answering, as sign-in failures are; an audit that fails does not change the answer.
    return writer(entry, request).then(
      () => send(reply, answer),
      (auditErr: unknown) => {
        request.log.error({ err: auditErr }, 'a refusal could not be audited');
        return send(reply, answer);
      },
    );
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
