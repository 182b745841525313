import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP, type DataAnswer, type DataAnswerEvent } from '@hangar/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverLedger } from '../../../../test/analytics-ledger.ts';
import { apiCaller } from '../../../../test/api.ts';
import { signIn } from '../../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { type StubRule, type StubScenario, startStubOpenAI } from '../../../../test/stub-openai.ts';
import { analyticsQuestions, appGrants, creditLedger, govWarehouse, users } from '../../../platform/db/schema.ts';

// Talk to my data read by a model (the local OpenAI-protocol stub, as gpt4): good, bad and
// malicious structured queries, a question back, an upstream failure; what each costs.

let t: TestApp;
let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
let dir: string;
let steward: string;
let stewardId: string;
const call = apiCaller(() => t.url);
const LEDGER = { SSA: [1000, 1200], LGW: [5000, 7000] } as const;
// gpt4's prices (credits per 1,000 tokens): 2.5 in, 10 out.
const price = (u: { prompt_tokens: number; completion_tokens: number }) => (u.prompt_tokens * 2.5 + u.completion_tokens * 10) / 1000;
const QUERY_USAGE = { prompt_tokens: 400, completion_tokens: 50 };
const READING_USAGE = { prompt_tokens: 300, completion_tokens: 40 };

const ask = async (question: string, token = steward) =>
  (await call('POST', '/api/generative_analytics/ask', token, { question })) as { status: number; body: DataAnswer };
const balance = async () => (await t.ctx.credits.balance(stewardId)).remaining;
/** The model fills `input` for the question containing `asked`, and phrases the reading as `reading`. */
function script(asked: string, tool: StubScenario['toolCalls'], reading = 'Done.'): void {
  const rules: StubRule[] = [
    { whenAsked: asked, withTools: true, scenario: { chunks: [], toolCalls: tool, usage: QUERY_USAGE } },
    { whenAsked: asked, withTools: false, scenario: { chunks: [reading], usage: READING_USAGE } },
  ];
  stub.setRules(rules);
}
const query = (input: unknown) => [{ name: 'query_data', arguments: input }];
const lastLedger = async (n: number) =>
  (
    await t.ctx.db
      .select({
        kind: creditLedger.kind,
        delta: creditLedger.deltaMilli,
        reservationId: creditLedger.reservationId,
        details: creditLedger.details,
      })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, stewardId), eq(creditLedger.feature, 'analytics')))
      .orderBy(desc(creditLedger.id))
      .limit(n)
  ).reverse();

beforeAll(async () => {
  stub = await startStubOpenAI();
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl });
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-analytics-model-'));
  for (const bu of ['SSA', 'LGW'] as const)
    for (const [i, revenue] of LEDGER[bu].entries()) await deliverLedger(t, dir, bu, i + 1, revenue);
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'finance.ssa@hangar.local'));
  stewardId = u!.id;
  await t.ctx.db.insert(appGrants).values({ appId: APP.talkToMyData, userId: stewardId });
  steward = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stub.set({ chunks: ['no rule matched this call'] });
  stub.setRules([]);
});

describe('a good structured query', () => {
  it('is compiled within the scope, phrased by the model, and charged at the tokens used', async () => {
    script(
      'revenue month by month',
      query({ measures: ['revenue'], dimensions: ['month'], time: { from: '2025-01', to: '2025-12' } }),
      'Revenue rose from 1,000 EUR in January to 1,200 EUR in February 2025.',
    );
    const before = await balance();
    const sent = stub.requests.length;
    const { status, body: a } = await ask('revenue month by month in 2025');
    expect(status).toBe(200);
    expect(a.status).toBe('answered');
    expect(a.result!.rows).toEqual([
      ['2025-01', LEDGER.SSA[0]],
      ['2025-02', LEDGER.SSA[1]],
    ]);
    expect(a.result!.sql).not.toContain('LGW');
    expect(a.narrative).toBe('Revenue rose from 1,000 EUR in January to 1,200 EUR in February 2025.');
    const cost = price(QUERY_USAGE) + price(READING_USAGE);
    expect(a.credit).toBeCloseTo(cost, 3);
    expect(before - (await balance())).toBeCloseTo(cost, 3);
    const [reserve, settle] = await lastLedger(2);
    expect(reserve).toMatchObject({ kind: 'reserve' });
    expect(settle).toMatchObject({ kind: 'settle', reservationId: reserve!.reservationId });
    expect(-reserve!.delta - settle!.delta).toBe(Math.round(cost * 1000));
    expect(settle!.details).toMatchObject({ model: 'gpt4', inputTokens: 700, outputTokens: 90 });
    const [stored] = await t.ctx.db.select().from(analyticsQuestions).where(eq(analyticsQuestions.id, a.id));
    expect(stored!.creditMilli).toBe(Math.round(cost * 1000));

    // The model was given the layer's names the caller can read, today's date, and the two tools.
    const [understanding, reading] = stub.requests.slice(sent).map((r) => r.body);
    const system = (understanding!.messages as { role: string; content: string }[])[0]!.content;
    expect(system).toContain('- revenue: Revenue, EUR');
    expect(system).toContain(`Today is ${new Date().toISOString().slice(0, 10)}`);
    expect(system).toContain('values: SSA, AMA, SCA, ANA, LGW');
    expect(system).not.toContain('departing_passengers');
    type Fn = { name: string; strict?: boolean; parameters: { properties: Record<string, { items?: { enum?: string[] } }> } };
    const tools = (understanding!.tools as { function: Fn }[]).map((x) => x.function);
    expect(tools.map((x) => x.name)).toEqual(['query_data', 'ask_clarification']);
    expect(tools[0]!.parameters.properties.measures!.items!.enum).toContain('revenue');
    expect(tools[0]!.strict).toBeUndefined();
    expect(understanding).toMatchObject({ tool_choice: 'required', parallel_tool_calls: false });
    expect(JSON.stringify(reading!.messages)).toContain('2025-02 | 1200');
  });

  it('tells the model the question’s language', async () => {
    script(
      'chiffre d affaires',
      query({ measures: ['revenue'], time: { from: '2025-01', to: '2025-02' } }),
      'Le chiffre d’affaires est de 2 200 EUR.',
    );
    const sent = stub.requests.length;
    const a = (await ask('quel est le chiffre d affaires de 2025')).body;
    expect(a.language).toBe('fr');
    expect(a.result!.rows).toEqual([[LEDGER.SSA[0] + LEDGER.SSA[1]]]);
    expect(a.narrative).toBe('Le chiffre d’affaires est de 2 200 EUR.');
    expect(JSON.stringify(stub.requests[sent]!.body.messages)).toContain('The user writes in French');
  });

  it('keeps the computed reading when the model writes a number the result does not have, or nothing', async () => {
    const input = query({ measures: ['revenue'], dimensions: ['month'], time: { from: '2025-01', to: '2025-02' } });
    script('revenue trend', input, 'Revenue reached 9,999 EUR in February.');
    const invented = (await ask('revenue trend 2025')).body;
    expect(invented.narrative).toMatch(/^Revenue went from 1,000 EUR in 2025-01 to 1,200 EUR in 2025-02/);
    script('revenue trend', input, '   ');
    expect((await ask('revenue trend 2025')).body.narrative).toMatch(/^Revenue went from 1,000 EUR/);
  });
});

describe('a bad structured query is refused with what to ask, never compiled', () => {
  const cases: [string, unknown, RegExp][] = [
    ['unknown measure', { measures: ['passenger_revenue'] }, /there is no measure "passenger_revenue"/],
    ['unknown breakdown', { measures: ['revenue'], dimensions: ['galaxy'] }, /there is no breakdown "galaxy"/],
    ['wrong types', { measures: 'revenue', limit: 'ten' }, /^Your question was read into a query that cannot be run: measures: /],
    [
      'a filter the measure cannot take',
      { measures: ['revenue'], filters: [{ dimension: 'airline_code', values: ['BA'] }] },
      /Revenue cannot be broken down or filtered by Airline/,
    ],
    ['a malformed month', { measures: ['revenue'], time: { from: '2025-13', to: '2025-14' } }, /time\.from: Months are written yyyy-MM/],
    ['a period backwards', { measures: ['revenue'], time: { from: '2025-05', to: '2025-01' } }, /starts \(2025-05\) after it ends/],
    ['extra fields', { measures: ['revenue'], sql: 'SELECT * FROM gov_warehouse' }, /fields the semantic layer does not know \(sql\)/],
    ['a huge limit', { measures: ['revenue'], dimensions: ['account'], limit: 10_000_000 }, /limit: /],
    [
      'SQL in a filter value',
      { measures: ['revenue'], filters: [{ dimension: 'account', values: ["706100' OR 1=1 --"] }] },
      /SQL-like text/,
    ],
    ['an unknown BU', { measures: ['revenue'], filters: [{ dimension: 'bu', values: ['XXX'] }] }, /"XXX" is not a BU/],
  ];
  for (const [name, input, message] of cases) {
    it(name, async () => {
      script('odd question', query(input));
      const before = await balance();
      const a = (await ask('an odd question about revenue')).body;
      expect(a).toMatchObject({ status: 'clarification', result: null, query: null, narrative: null });
      expect(a.clarification).toMatch(message);
      expect(a.clarification).toMatch(/Rephrase it, naming a measure such as .*revenue/);
      // The model was asked once (no reading), and that is what it cost.
      expect(a.credit).toBeCloseTo(price(QUERY_USAGE), 3);
      expect(before - (await balance())).toBeCloseTo(price(QUERY_USAGE), 3);
    });
  }

  it('an unparsable tool call, and text instead of a tool call', async () => {
    script('odd question', [{ name: 'query_data', arguments: '{"measures": ["revenue"' }]);
    expect((await ask('an odd question about revenue')).body.clarification).toMatch(/could not be read/);
    stub.setRules([{ whenAsked: 'odd question', scenario: { chunks: ['Revenue was 1 million.'], usage: QUERY_USAGE } }]);
    const a = (await ask('an odd question about revenue')).body;
    expect(a.status).toBe('clarification');
    expect(a.clarification).toMatch(/without filling a query/);
    expect((await t.ctx.db.select({ id: govWarehouse.id }).from(govWarehouse)).length).toBe(4);
  });
});

describe('a query for data outside the scope', () => {
  it("another BU's data: the answer uses the caller's scope only, and says so", async () => {
    script(
      'lgw',
      query({ measures: ['revenue'], dimensions: ['bu'], filters: [{ dimension: 'bu', values: ['LGW', 'SSA'] }] }),
      'SSA has 2,200 EUR.',
    );
    const a = (await ask('revenue of lgw and ssa')).body;
    expect(a.status).toBe('answered');
    expect(a.result!.rows).toEqual([['SSA', LEDGER.SSA[0] + LEDGER.SSA[1]]]);
    expect(a.notices.join(' ')).toMatch(/do not have access to LGW; the answer uses only SSA/);
    script('lgw only', query({ measures: ['revenue'], filters: [{ dimension: 'bu', values: ['LGW'] }] }));
    const only = (await ask('revenue lgw only')).body;
    const flat = JSON.stringify(only.result);
    for (const v of LEDGER.LGW) expect(flat).not.toContain(String(v));
    expect(only.notices.join(' ')).toMatch(/do not have access to LGW/);
  });
});

describe('questions back, failures and credits', () => {
  it('the model asking back: its question is shown', async () => {
    script('how are we doing', [{ name: 'ask_clarification', arguments: { question: 'Which measure: revenue or operating expenses?' } }]);
    const a = (await ask('how are we doing')).body;
    expect(a).toMatchObject({ status: 'clarification', clarification: 'Which measure: revenue or operating expenses?', result: null });
    expect(a.credit).toBeCloseTo(price(QUERY_USAGE), 3);
  });

  it('a model that fails: the offline parser answers, free, with a notice; the hold is released', async () => {
    stub.setRules([{ whenAsked: 'revenue by month in 2025', scenario: { chunks: [], status: 500 } }]);
    const before = await balance();
    const a = (await ask('revenue by month in 2025')).body;
    expect(a.status).toBe('answered');
    expect(a.result!.rows).toEqual([
      ['2025-01', LEDGER.SSA[0]],
      ['2025-02', LEDGER.SSA[1]],
    ]);
    expect(a.notices[0]).toMatch(/GPT 4o could not be reached, so the question was read by the offline reader instead, at no cost/);
    expect(a.credit).toBe(0);
    expect(await balance()).toBe(before);
    const [reserve, release] = await lastLedger(2);
    expect(reserve).toMatchObject({ kind: 'reserve' });
    expect(release).toMatchObject({ kind: 'release', reservationId: reserve!.reservationId, delta: -reserve!.delta });
    const rows = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.reservationId, reserve!.reservationId!));
    expect(rows.filter((r) => r.kind !== 'reserve').map((r) => r.kind)).toEqual(['release']);
  });

  it('SQL typed in the question never reaches the model and costs nothing', async () => {
    const sent = stub.requests.length;
    const a = (await ask("revenue'; DROP TABLE gov_warehouse; --")).body;
    expect(a.clarification).toMatch(/never run SQL/);
    expect(a.credit).toBe(0);
    expect(stub.requests.length).toBe(sent);
  });

  it('the stream’s total_credit carries the cost', async () => {
    script('revenue stream', query({ measures: ['revenue'], time: { from: '2025-01', to: '2025-02' } }), 'Revenue: 2,200 EUR.');
    const res = await fetch(`${t.url}/api/generative_analytics/ask`, {
      method: 'POST',
      headers: { authorization: `Bearer ${steward}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question: 'revenue stream 2025' }),
    });
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as DataAnswerEvent);
    expect(events.map((e) => e.type)).toEqual(['understood', 'narrative_chunk', 'answer', 'total_credit', 'stream_complete']);
    expect(events.find((e) => e.type === 'narrative_chunk')).toMatchObject({ content: 'Revenue: 2,200 EUR.' });
    const total = events.find((e) => e.type === 'total_credit') as Extract<DataAnswerEvent, { type: 'total_credit' }>;
    expect(total.amount).toBeCloseTo(price(QUERY_USAGE) + price(READING_USAGE), 3);
  });

  it('with less credit than the estimate: refused (402) with the out-of-credit message, nothing held or asked (issue item 5)', async () => {
    // 5 credits pay for the prompt, not for the whole estimate (the prompt, 800 tokens read, 600 written).
    await t.ctx.credits.adjust(stewardId, 5 - (await balance()), {
      kind: 'admin_adjustment',
      actorId: stewardId,
      reason: 'test: 5 left',
    });
    const sent = stub.requests.length;
    const before = await lastLedger(1);
    const res = await ask('revenue by month in 2025');
    expect(res.status).toBe(402);
    expect((res.body as unknown as { message: string }).message).toBe(
      'You have run out of credits. Use the Send request button at the bottom of the sidebar to ask for more.',
    );
    expect(stub.requests.length).toBe(sent);
    expect(await balance()).toBeCloseTo(5, 3);
    expect(await lastLedger(1)).toEqual(before);
  });

  it('with no credit left: refused like the chat (402), nothing asked of the model', async () => {
    await t.ctx.credits.adjust(stewardId, -(await balance()), {
      kind: 'admin_adjustment',
      actorId: stewardId,
      reason: 'test: empty balance',
    });
    const sent = stub.requests.length;
    const res = await ask('revenue by month in 2025');
    expect(res.status).toBe(402);
    expect((res.body as unknown as { message: string }).message).toMatch(/run out of credits/);
    expect(stub.requests.length).toBe(sent);
  });
});
