import type { FastifyRequest } from 'fastify';
import type { Db } from './db/client.ts';
import { auditLog } from './db/schema.ts';

export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.refresh_reuse'
  | 'auth.user_provisioned'
  | 'access.denied'
  | 'file.read'
  | 'file.denied'
  | 'permission.change'
  | 'credit.change'
  // Refusals, written by the error handler with the request (errors.ts, auditRefusals):
  /** A link or redirect the outbound guard would not follow (outbound-http.ts): the host asked and why. */
  | 'outbound.refused'
  /** An upload answered 4xx (malformed form, wrong type, too large...): the route, status and message. */
  | 'upload.rejected'
  /** The daily upload allowance spent (uploads/quota.ts). */
  | 'quota.upload_exceeded'
  /** Out of credits, or a daily spending cap reached. */
  | 'quota.credit_refused';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  outcome?: 'success' | 'failure' | 'denied';
  details?: Record<string, unknown>;
}

export type AuditWriter = (entry: AuditEntry, request?: FastifyRequest) => Promise<void>;

/** What a refusal's AppError says the audit log keeps of it (AppError.auditedAs); the user and address come from the request. */
export type RefusalAudit = Pick<AuditEntry, 'action' | 'target' | 'details'>;

/** Every sign-in, permission change, credit change, file access and audited refusal goes through here. */
export function createAuditWriter(db: Db): AuditWriter {
  return async (entry, request) => {
    await db.insert(auditLog).values({
      action: entry.action,
      actorId: entry.actorId ?? request?.user?.sub ?? null,
      actorEmail: entry.actorEmail ?? request?.user?.email ?? null,
      target: entry.target ?? null,
      outcome: entry.outcome ?? 'success',
      ip: request?.ip ?? null,
      requestId: request?.id ?? null,
      details: entry.details ?? {},
    });
  };
}
