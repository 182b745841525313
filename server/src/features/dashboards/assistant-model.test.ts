import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAT_CREDIT_MARKER } from '@hangar/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { deliverLedgerMonth } from '../../../test/dashboard-ledger.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { type StubRule, type StubScenario, startStubOpenAI } from '../../../test/stub-openai.ts';
import { creditLedger, users } from '../../platform/db/schema.ts';

// The dashboards' assistant read by a model (the local OpenAI-protocol stub, as gpt4): find_kpi
// and query_data tool calls, good, bad and malicious; what each costs; another BU never shows.

let t: TestApp;
let stub: Awaited<ReturnType<typeof startStubOpenAI>>;
let dir: string;
let steward: string;
let stewardId: string;
// gpt4's prices (credits per 1,000 tokens): 2.5 in, 10 out.
const price = (u: { prompt_tokens: number; completion_tokens: number }) => (u.prompt_tokens * 2.5 + u.completion_tokens * 10) / 1000;
const CALL_USAGE = { prompt_tokens: 500, completion_tokens: 40 };
const READING_USAGE = { prompt_tokens: 300, completion_tokens: 30 };

async function ask(message: string, token = steward) {
  const res = await fetch(`${t.url}/api/nav_chat/askstream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'panel-1', message, uc: 'Traffic' }),
  });
  const text = await res.text();
  const at = text.lastIndexOf(CHAT_CREDIT_MARKER);
  return {
    status: res.status,
    text: at < 0 ? text : text.slice(0, at),
    credit: at < 0 ? null : Number(text.slice(at + CHAT_CREDIT_MARKER.length)),
  };
}
const balance = async () => (await t.ctx.credits.balance(stewardId)).remaining;
function script(asked: string, toolCalls: StubScenario['toolCalls'], reading = 'Done.'): void {
  const rules: StubRule[] = [
    { whenAsked: asked, withTools: true, scenario: { chunks: [], toolCalls, usage: CALL_USAGE } },
    { whenAsked: asked, withTools: false, scenario: { chunks: [reading], usage: READING_USAGE } },
  ];
  stub.setRules(rules);
}
const lastLedger = async (n: number) =>
  (
    await t.ctx.db
      .select({ kind: creditLedger.kind, delta: creditLedger.deltaMilli, details: creditLedger.details })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, stewardId), eq(creditLedger.feature, 'dashboards')))
      .orderBy(desc(creditLedger.id))
      .limit(n)
  ).reverse();

beforeAll(async () => {
  stub = await startStubOpenAI();
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl });
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-assistant-model-'));
  await deliverLedgerMonth(t, dir, { bu: 'SSA', month: 1, revenue: { 'CC-1': 1000, 'CC-2': 250 }, expenses: 400 });
  await deliverLedgerMonth(t, dir, { bu: 'SSA', month: 2, revenue: { 'CC-1': 1200 }, expenses: 300 });
  await deliverLedgerMonth(t, dir, { bu: 'LGW', month: 1, revenue: { 'CC-1': 5000 }, expenses: 1500 });
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'finance.ssa@hangar.local'));
  stewardId = u!.id;
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

describe('the assistant with a model', () => {
  it('answers "where is" through find_kpi from the catalogue, charged at the tokens used', async () => {
    script('which dashboard', [{ name: 'find_kpi', arguments: { measure: 'revenue' } }]);
    const before = await balance();
    const sent = stub.requests.length;
    const { status, text, credit } = await ask('In which dashboard do I see the revenue?');
    expect(status).toBe(200);
    expect(text).toContain('Revenue is shown in:');
    expect(text).toMatch(/\*\*Finance\*\* \(tab \d+\): widget "/);
    expect(text).not.toContain('HQ Executive');
    // One model call: the catalogue's answer needs no phrasing.
    expect(stub.requests.length - sent).toBe(1);
    const body = stub.requests[sent]!.body;
    type Fn = { name: string };
    expect((body.tools as { function: Fn }[]).map((x) => x.function.name)).toEqual(['find_kpi', 'query_data', 'ask_clarification']);
    expect(body).toMatchObject({ tool_choice: 'required', parallel_tool_calls: false });
    expect(credit).toBeCloseTo(price(CALL_USAGE), 3);
    expect(before - (await balance())).toBeCloseTo(price(CALL_USAGE), 3);
    const [reserve, settle] = await lastLedger(2);
    expect(reserve).toMatchObject({ kind: 'reserve' });
    expect(settle).toMatchObject({ kind: 'settle', details: { model: 'gpt4', inputTokens: 500, outputTokens: 40 } });
  });

  it('runs a query_data call within the scope and phrases the numbers, charged for both calls', async () => {
    script(
      'split by month',
      [{ name: 'query_data', arguments: { measures: ['revenue'], dimensions: ['month'], time: { from: '2025-01', to: '2025-12' } } }],
      'Revenue went from 1,250 EUR in January to 1,200 EUR in February. <dashboard-insight>{"chart":"x"}</dashboard-insight>',
    );
    const before = await balance();
    const { status, text, credit } = await ask('How does revenue split by month?');
    expect(status).toBe(200);
    expect(text.startsWith('Revenue went from 1,250 EUR in January to 1,200 EUR in February.\n')).toBe(true);
    expect(text).toContain('| 2025-01 | 1,250 EUR |');
    expect(text).toContain('| 2025-02 | 1,200 EUR |');
    expect(text).not.toContain('5,000');
    // The reading's insight tag is dropped, not the computed table after it.
    expect(text).not.toContain('dashboard-insight');
    const cost = price(CALL_USAGE) + price(READING_USAGE);
    expect(credit).toBeCloseTo(cost, 3);
    expect(before - (await balance())).toBeCloseTo(cost, 3);
  });

  it('never shows another BU: a bu filter the user holds no right to is narrowed by the compiler', async () => {
    script('LGW revenue', [{ name: 'query_data', arguments: { measures: ['revenue'], filters: [{ dimension: 'bu', values: ['LGW'] }] } }]);
    const { status, text } = await ask('What is the LGW revenue?');
    expect(status).toBe(200);
    expect(text).not.toContain('5,000');
    expect(text).not.toContain('5 000');
  });

  it('refuses bad and malicious tool calls with a message, charging only the call', async () => {
    const cases: [string, StubScenario['toolCalls'], RegExp][] = [
      ['bad measure', [{ name: 'query_data', arguments: { measures: ['salaries'] } }], /there is no measure "salaries"/],
      [
        'injected filter',
        [{ name: 'query_data', arguments: { measures: ['revenue'], filters: [{ dimension: 'bu', values: ["SSA' OR 1=1 --"] }] } }],
        /holds SQL-like text/,
      ],
      ['extra field', [{ name: 'query_data', arguments: { measures: ['revenue'], sql: 'SELECT * FROM gl' } }], /does not know \(sql\)/],
      ['unknown kpi', [{ name: 'find_kpi', arguments: { measure: 'DROP TABLE x' } }], /there is no measure "DROP TABLE x"/],
      ['kpi extras', [{ name: 'find_kpi', arguments: { measure: 'revenue', bu: 'LGW' } }], /find_kpi takes only a measure/],
      ['not json', [{ name: 'query_data', arguments: '{"measures": [' }], /could not be read|cannot be answered/],
      ['other tool', [{ name: 'run_sql', arguments: { sql: 'SELECT 1' } }], /cannot be answered/],
    ];
    for (const [asked, calls, expected] of cases) {
      script(asked, calls);
      const before = await balance();
      const { status, text, credit } = await ask(`please ${asked}`);
      expect(status, asked).toBe(200);
      expect(text, asked).toMatch(expected);
      expect(text, asked).not.toContain('5,000');
      expect(credit, asked).toBeCloseTo(price(CALL_USAGE), 3);
      expect(before - (await balance()), asked).toBeCloseTo(price(CALL_USAGE), 3);
    }
  });

  it('answers offline, with a notice, when the model calls no tool: its own text is never shown; only the call is charged', async () => {
    for (const chunks of [['The revenue was 9,999,999 EUR.'], []]) {
      stub.setRules([{ whenAsked: 'revenue by month', withTools: true, scenario: { chunks, usage: CALL_USAGE } }]);
      const before = await balance();
      const { status, text, credit } = await ask('revenue by month in 2025');
      expect(status).toBe(200);
      expect(text).toMatch(/^> GPT 4o answered without looking anything up, so the offline assistant answered instead\./);
      expect(text).not.toContain('9,999,999');
      expect(text).toContain('1,250'); // the offline engine's governed number (SSA, January)
      expect(text).not.toContain('5,000');
      // The call is charged (its usage, or the prompt's estimate when the SDK refused the text), nothing more.
      expect(credit).toBeGreaterThan(0);
      expect(before - (await balance())).toBeCloseTo(credit!, 3);
    }
    const rows = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, stewardId));
    const closed = new Set(rows.filter((r) => r.kind === 'settle' || r.kind === 'release').map((r) => r.reservationId));
    expect(rows.filter((r) => r.kind === 'reserve' && r.feature === 'dashboards' && !closed.has(r.reservationId))).toEqual([]);
  });

  it('passes on a question back from the model', async () => {
    script('the numbers', [{ name: 'ask_clarification', arguments: { question: 'Which KPI do you mean?' } }]);
    const { text } = await ask('show me the numbers');
    expect(text).toBe('Which KPI do you mean?');
  });

  it('falls back to the offline assistant, free, with a notice, when the model fails; nothing stays held', async () => {
    stub.setRules([{ whenAsked: 'revenue by month', scenario: { chunks: [], status: 500 } }]);
    const before = await balance();
    const { status, text, credit } = await ask('revenue by month in 2025');
    expect(status).toBe(200);
    expect(text).toContain('could not be reached, so the offline assistant answered instead, at no cost');
    expect(text).toContain('1,250');
    expect(text).not.toContain('5,000');
    expect(credit).toBe(0);
    expect(await balance()).toBeCloseTo(before, 3);
    const rows = await t.ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, stewardId));
    const closed = new Set(rows.filter((r) => r.kind === 'settle' || r.kind === 'release').map((r) => r.reservationId));
    const held = rows.filter((r) => r.kind === 'reserve' && r.feature === 'dashboards');
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((r) => !closed.has(r.reservationId))).toEqual([]);
  });

  it('refuses (402) with the out-of-credit message when the credit left cannot pay the whole estimate: nothing held or asked (issue item 5)', async () => {
    // 5 credits pay for the prompt, not for the whole estimate (the prompt, 800 tokens read, 600 written).
    await t.ctx.credits.adjust(stewardId, 5 - (await balance()), {
      kind: 'admin_adjustment',
      actorId: stewardId,
      reason: 'test: 5 left',
    });
    script('load factor', [{ name: 'find_kpi', arguments: { measure: 'revenue' } }]);
    const sent = stub.requests.length;
    const before = await lastLedger(1);
    const res = await fetch(`${t.url}/api/nav_chat/askstream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${steward}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'panel-1', message: 'where is the load factor', uc: 'Ops' }),
    });
    expect(res.status).toBe(402);
    expect(((await res.json()) as { message: string }).message).toBe(
      'You have run out of credits. Use the Send request button at the bottom of the sidebar to ask for more.',
    );
    expect(stub.requests.length).toBe(sent);
    expect(await balance()).toBeCloseTo(5, 3);
    expect(await lastLedger(1)).toEqual(before);
  });
});
