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
  | 'credit.change';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  outcome?: 'success' | 'failure' | 'denied';
  details?: Record<string, unknown>;
}

export type AuditWriter = (entry: AuditEntry, request?: FastifyRequest) => Promise<void>;

/** Every sign-in, permission change, credit change and file access goes through here. */
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
