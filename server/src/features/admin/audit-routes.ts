import { AuditQuery, AuditResponse } from '@hangar/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_RULE, requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { auditLog, users } from '../../platform/db/schema.ts';
import { adminScope } from '../../platform/policies/roles.ts';

type Query = ReturnType<typeof AuditQuery.parse>;
const EXPORT_LIMIT = 50_000;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // Quote always; neutralise spreadsheet formulas in data people will open in Excel.
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

/** Tab 72: the audit log with filters, paging and CSV export. */
export function registerAuditRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  function where(q: Query, bu: string | undefined): SQL | undefined {
    const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
    return and(
      q.user ? ilike(auditLog.actorEmail, `%${likeEscape(q.user)}%`) : undefined,
      q.action ? ilike(auditLog.action, `${likeEscape(q.action)}%`) : undefined,
      q.from ? gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)) : undefined,
      q.to ? lt(auditLog.at, sql`${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day'`) : undefined,
      bu ? eq(users.bu, bu) : undefined,
    );
  }

  const query = (q: Query, bu: string | undefined) =>
    ctx.db
      .select({ a: auditLog })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where(q, bu))
      .orderBy(desc(auditLog.at), desc(auditLog.id));

  app.get(
    '/api/admin/audit',
    {
      config: { access: ADMIN_RULE },
      schema: {
        tags: ['admin'],
        summary: 'Audit log, newest first (a local admin sees their BU)',
        querystring: AuditQuery,
        response: { 200: AuditResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const bu = adminScope(requireUser(request));
      const rows = await query(q, bu)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      const [total] = await ctx.db
        .select({ n: count() })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where(q, bu));
      return {
        entries: rows.map(({ a }) => ({
          id: a.id,
          at: a.at.toISOString(),
          actorEmail: a.actorEmail,
          action: a.action,
          target: a.target,
          outcome: a.outcome,
          ip: a.ip,
          details: a.details as Record<string, unknown>,
        })),
        total: Number(total?.n ?? 0),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  );

  app.get(
    '/api/admin/audit/export.csv',
    {
      config: { access: ADMIN_RULE, openapi: { responses: { 200: { description: 'The CSV file', contentType: 'text/csv' } } } },
      schema: { tags: ['admin'], summary: 'The filtered audit log as CSV (at most 50,000 rows)', querystring: AuditQuery },
    },
    async (request, reply) => {
      const rows = await query(request.query, adminScope(requireUser(request))).limit(EXPORT_LIMIT);
      const header = ['at', 'actor', 'action', 'target', 'outcome', 'ip', 'details'].join(',');
      const lines = rows.map(({ a }) =>
        [a.at.toISOString(), a.actorEmail, a.action, a.target, a.outcome, a.ip, a.details].map(csvCell).join(','),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="hangar-audit.csv"')
        .send(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`);
    },
  );
}
