import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { creditLedger, creditReservations, users } from '../../platform/db/schema.ts';

interface Answer {
  day: string;
  email: string;
  model: string;
  application: string;
  spentMilli: number;
  tokens: number;
}

type Spend = { credits: number; tokens: number; answers: number };

function groupBy<K extends string>(answers: Answer[], key: (a: Answer) => string, name: K) {
  const groups = new Map<string, Spend & { users: Set<string> }>();
  for (const a of answers) {
    const g = groups.get(key(a)) ?? { credits: 0, tokens: 0, answers: 0, users: new Set<string>() };
    g.credits += a.spentMilli / 1000;
    g.tokens += a.tokens;
    g.answers += 1;
    g.users.add(a.email);
    groups.set(key(a), g);
  }
  return [...groups.entries()].map(
    ([k, { users, ...s }]) =>
      ({ [name]: k, ...s, credits: Math.round(s.credits * 1000) / 1000, activeUsers: users.size }) as Record<K, string> &
        Spend & { activeUsers: number },
  );
}

/**
 * Tab 74: what answers and translations cost, from the ledger (the source of truth for credits).
 * One settled reservation is one answer; its net spend is the sum of its ledger rows.
 */
export async function spendAnalytics(db: Db, opts: { from: Date; to: Date; bu?: string }) {
  const rows = await db
    .select({
      day: sql<string>`to_char(${creditReservations.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
      email: users.email,
      application: creditReservations.feature,
      model: sql<string | null>`max(${creditLedger.details}->>'model')`,
      spentMilli: sql<string>`-sum(${creditLedger.deltaMilli})`,
      tokens: sql<string>`sum(coalesce((${creditLedger.details}->>'inputTokens')::bigint, 0) + coalesce((${creditLedger.details}->>'outputTokens')::bigint, 0))`,
    })
    .from(creditReservations)
    .innerJoin(creditLedger, eq(creditLedger.reservationId, creditReservations.id))
    .innerJoin(users, eq(users.id, creditReservations.userId))
    .where(
      and(
        eq(creditReservations.status, 'settled'),
        gte(creditReservations.createdAt, opts.from),
        lt(creditReservations.createdAt, opts.to),
        opts.bu ? eq(users.bu, opts.bu) : undefined,
      ),
    )
    .groupBy(creditReservations.id, users.email);
  const answers: Answer[] = rows.map((r) => ({
    day: r.day,
    email: r.email,
    application: r.application,
    model: r.model ?? 'unknown',
    spentMilli: Number(r.spentMilli),
    tokens: Number(r.tokens),
  }));
  const byDay = groupBy(answers, (a) => a.day, 'day').sort((a, b) => a.day.localeCompare(b.day));
  const strip = <T extends { activeUsers: number }>({ activeUsers: _, ...rest }: T) => rest;
  return {
    byDay,
    byUser: groupBy(answers, (a) => a.email, 'email')
      .map(strip)
      .sort((a, b) => b.credits - a.credits),
    byModel: groupBy(answers, (a) => a.model, 'model')
      .map(strip)
      .sort((a, b) => b.credits - a.credits),
    byApplication: groupBy(answers, (a) => a.application, 'application')
      .map(strip)
      .sort((a, b) => b.credits - a.credits),
    activeUsers: new Set(answers.map((a) => a.email)).size,
  };
}
