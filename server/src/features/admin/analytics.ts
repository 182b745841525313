import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

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
  // A reservation is its ledger rows; it started with its first 'reserve' row and is an answer once settled.
  const { rows } = (await db.execute(sql`
    SELECT to_char(min(l.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, u.email,
           max(l.feature) AS application, max(l.details->>'model') AS model,
           -sum(l.delta_milli) AS "spentMilli",
           sum(coalesce((l.details->>'inputTokens')::bigint, 0) + coalesce((l.details->>'outputTokens')::bigint, 0)) AS tokens
    FROM credit_ledger l JOIN users u ON u.id = l.user_id
    WHERE l.reservation_id IN (
        SELECT reservation_id FROM credit_ledger
        WHERE kind = 'reserve' AND at >= ${opts.from.toISOString()}::timestamptz AND at < ${opts.to.toISOString()}::timestamptz)
      ${opts.bu ? sql`AND u.bu = ${opts.bu}` : sql``}
    GROUP BY l.reservation_id, u.email
    HAVING bool_or(l.kind = 'settle') AND min(l.at) >= ${opts.from.toISOString()}::timestamptz`)) as unknown as {
    rows: { day: string; email: string; application: string; model: string | null; spentMilli: string; tokens: string }[];
  };
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
