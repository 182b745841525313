import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP, type DataAnswer, type DataAnswerEvent } from '@hangar/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverLedger } from '../../../test/analytics-ledger.ts';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { appGrants, govWarehouse, users } from '../../platform/db/schema.ts';

// Talk to my data through its routes, on ledgers delivered for SSA and LGW: the finance steward of
// SSA never sees LGW's numbers, whatever he asks; other users' questions are not his.

let t: TestApp;
let dir: string;
let steward: string;
let admin: string;
let viewer: string;
const call = apiCaller(() => t.url);
const LEDGER = { SSA: [1000, 1200], LGW: [5000, 7000] } as const;

const deliver = (bu: 'SSA' | 'LGW', month: number, revenue: number) => deliverLedger(t, dir, bu, month, revenue);

async function grant(email: string) {
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await t.ctx.db.insert(appGrants).values({ appId: APP.talkToMyData, userId: u!.id });
}
const ask = async (token: string, question: string) =>
  (await call('POST', '/api/generative_analytics/ask', token, { question })).body as DataAnswer;

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' });
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-analytics-routes-'));
  for (const bu of ['SSA', 'LGW'] as const) for (const [i, revenue] of LEDGER[bu].entries()) await deliver(bu, i + 1, revenue);
  await grant('finance.ssa@hangar.local');
  steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  viewer = (await signIn(t.url, 'viewer@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('answers within the scope', () => {
  it('revenue by month: the steward gets SSA only, the head office both BUs', async () => {
    const mine = await ask(steward, 'revenue by month in 2025');
    expect(mine.status).toBe('answered');
    expect(mine.result!.rows).toEqual([
      ['2025-01', LEDGER.SSA[0]],
      ['2025-02', LEDGER.SSA[1]],
    ]);
    expect(mine.chart).toBe('line');
    expect(mine.understood).toBe('Revenue by Month, 2025-01 to 2025-12');
    expect(mine.kpis).toEqual([{ useCase: 'Finance', kpi: 'Revenue', table: 'GENERAL_LEDGER' }]);
    expect(mine.result!.sql).toContain('read_parquet');
    const all = await ask(admin, 'revenue by month in 2025');
    expect(all.result!.rows).toEqual([
      ['2025-01', LEDGER.SSA[0] + LEDGER.LGW[0]],
      ['2025-02', LEDGER.SSA[1] + LEDGER.LGW[1]],
    ]);
  });

  it("asking for LGW by name answers with SSA only and says so; the numbers never contain LGW's", async () => {
    for (const q of ['revenue LGW vs SSA 2025', 'revenue LGW', 'chiffre d affaires de LGW par mois', 'revenue by airport']) {
      const a = await ask(steward, q);
      const flat = JSON.stringify(a.result?.rows ?? []);
      for (const v of LEDGER.LGW) expect(flat).not.toContain(String(v));
      expect(flat).not.toContain('LGW');
    }
    expect((await ask(steward, 'revenue LGW vs SSA 2025')).notices.join(' ')).toMatch(/do not have access to LGW/);
  });

  it('says which months are missing from the numbers', async () => {
    const a = await ask(steward, 'revenue from January to March 2025');
    expect(a.quality.join(' ')).toMatch(/SSA has no validated GENERAL_LEDGER for 2025-03/);
  });

  it('asks back instead of guessing, and never runs SQL typed in a question', async () => {
    const weather = await ask(steward, 'what is the weather in Lisbon');
    expect(weather).toMatchObject({ status: 'clarification', result: null });
    expect(weather.clarification).toMatch(/"weather"/);
    expect((await ask(steward, "revenue'; DROP TABLE gov_warehouse; --")).clarification).toMatch(/never run SQL/);
    expect((await t.ctx.db.select({ id: govWarehouse.id }).from(govWarehouse)).length).toBe(4);
  });

  it('streams the answer as events when asked for a stream', async () => {
    const res = await fetch(`${t.url}/api/generative_analytics/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${steward}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: 'revenue 2025' }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as DataAnswerEvent);
    expect(events.map((e) => e.type)).toEqual(['understood', 'narrative_chunk', 'answer', 'total_credit', 'stream_complete']);
    const answer = events.find((e) => e.type === 'answer') as Extract<DataAnswerEvent, { type: 'answer' }>;
    expect(answer.answer.result!.rows).toEqual([[LEDGER.SSA[0] + LEDGER.SSA[1]]]);
    expect(answer.answer.chart).toBe('card');
  });
});

describe('history, saved questions and who may call', () => {
  it("lists the caller's own questions; another user's is a 404, a malformed id a 400", async () => {
    const a = await ask(steward, 'revenue by month in 2025');
    const history = (await call('GET', '/api/generative_analytics/history', steward)).body.items as { id: string }[];
    expect(history[0]!.id).toBe(a.id);
    expect((await call('GET', `/api/generative_analytics/history/${a.id}`, steward)).body.result.rows).toEqual(a.result!.rows);
    expect((await call('GET', `/api/generative_analytics/history/${a.id}`, admin)).status).toBe(404);
    expect((await call('DELETE', `/api/generative_analytics/history/${a.id}`, admin)).status).toBe(404);
    expect((await call('GET', '/api/generative_analytics/history/nope', steward)).status).toBe(400);
    expect((await call('DELETE', `/api/generative_analytics/history/${a.id}`, steward)).status).toBe(204);
    expect((await call('GET', `/api/generative_analytics/history/${a.id}`, steward)).status).toBe(404);
  });

  it('saves a question, lists it, and only its owner removes it', async () => {
    const saved = await call('POST', '/api/generative_analytics/saved', steward, {
      title: 'Monthly revenue',
      question: 'revenue by month this year',
    });
    expect(saved.status).toBe(201);
    expect((await call('GET', '/api/generative_analytics/saved', steward)).body.items.map((s: { id: string }) => s.id)).toContain(
      saved.body.id,
    );
    expect((await call('DELETE', `/api/generative_analytics/saved/${saved.body.id}`, admin)).status).toBe(404);
    expect((await call('DELETE', `/api/generative_analytics/saved/${saved.body.id}`, steward)).status).toBe(204);
    expect((await call('POST', '/api/generative_analytics/saved', steward, { question: 'x y z' })).body.message).toMatch(/title/);
  });

  it('refuses a missing, short, long or mistyped question with what to fix', async () => {
    expect((await call('POST', '/api/generative_analytics/ask', steward, {})).body.message).toMatch(/Type a question/);
    expect((await call('POST', '/api/generative_analytics/ask', steward, { question: 42 })).body.message).toMatch(/Type a question/);
    expect((await call('POST', '/api/generative_analytics/ask', steward, { question: 'a' })).body.message).toMatch(/a few words/);
    expect((await call('POST', '/api/generative_analytics/ask', steward, { question: 'x'.repeat(501) })).body.message).toMatch(/under 500/);
  });

  it('needs the application (403) and a token (401); the catalogue lists only readable measures', async () => {
    expect((await call('POST', '/api/generative_analytics/ask', viewer, { question: 'revenue 2025' })).status).toBe(403);
    expect((await call('GET', '/api/generative_analytics/history')).status).toBe(401);
    const catalogue = (await call('GET', '/api/generative_analytics/catalogue', steward)).body;
    const ids = catalogue.measures.map((m: { id: string }) => m.id);
    expect(ids).toContain('revenue');
    expect(ids).not.toContain('departing_passengers');
    expect(ids).not.toContain('revenue_per_passenger');
    expect(catalogue.suggestions.length).toBeGreaterThan(0);
  });
});

describe("the chat's offline assistant", () => {
  const chat = async (token: string, id: string, message: string) => {
    const res = await fetch(`${t.url}/api/secured_gpt/askstream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, message, model: 'offline' }),
    });
    return { status: res.status, text: await res.text() };
  };

  it('answers a question about the data with its numbers and points to Talk to my data', async () => {
    const r = await chat(admin, 'tmd-chat-1', 'revenue by month in 2025');
    expect(r.status).toBe(200);
    expect(r.text).toContain('| Month | Revenue |');
    expect(r.text).toContain(`| 2025-01 | ${(LEDGER.SSA[0] + LEDGER.LGW[0]).toLocaleString('en-GB')} EUR |`);
    expect(r.text).toContain('Talk to my data');
    expect(r.text).not.toContain('No language model is configured');
  });

  it('keeps the notice for other questions, and tells users without Talk to my data the true reason', async () => {
    expect((await chat(admin, 'tmd-chat-2', 'write a poem about spring')).text).toContain('No language model is configured');
    const refused = (await chat(viewer, 'tmd-chat-3', 'revenue by month in 2025')).text;
    expect(refused).toContain('which **Talk to my data** answers, and you do not hold it');
    expect(refused).toContain('Send request');
    expect(refused).not.toContain('No language model is configured');
    expect((await chat(viewer, 'tmd-chat-4', 'write a poem about spring')).text).toContain('No language model is configured');
  });
});
