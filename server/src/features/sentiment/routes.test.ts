import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { FEEDBACK_ROWS, finished, uploadSheet, xlsxOf } from './test-helpers.ts';

// The offline engine end to end: upload, proposed columns, run as a job, result, downloads, rights.
let t: TestApp;
let analyst: string;
let admin: string;
let viewer: string;
const call = apiCaller(() => t.url);

beforeAll(async () => {
  t = await startTestApp();
  [analyst = '', admin = '', viewer = ''] = await Promise.all(
    ['analyst@hangar.local', 'admin@hangar.local', 'viewer@hangar.local'].map(
      async (e) => (await signIn(t.url, e, DEMO_PASSWORD)).accessToken,
    ),
  );
}, 180_000);
afterAll(async () => t?.close());

const sheet = () =>
  xlsxOf([['Date', 'Area', 'Comment', 'Score'], ...FEEDBACK_ROWS.map(([d, a, c], i) => [new Date(`${d}T00:00:00Z`), a, c, i])]);

describe('sentiment analysis, offline engine', () => {
  it('proposes the columns, runs as a job and answers the picture under filters', async () => {
    const up = await uploadSheet(t.url, analyst, await sheet(), 'feedback.xlsx');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      file_name: 'feedback.xlsx',
      rows: 6,
      state: 'uploaded',
      proposed: { text: 'Comment', date: 'Date', category: 'Area' },
    });
    expect(up.body.columns.map((c: { kind: string }) => c.kind)).toEqual(['date', 'category', 'text', 'number']);
    const est = await call('GET', `/api/sentiment/analyses/${up.body.id}/estimate?text_column=Comment&engine=offline`, analyst);
    expect(est.body).toMatchObject({ engine: 'offline', rows: 6, credits: 0 });
    const before = (await call('GET', '/api/credit', analyst)).body.remaining_credit;
    const run = await call('POST', `/api/sentiment/analyses/${up.body.id}/run`, analyst, {
      text_column: 'Comment',
      date_column: 'Date',
      category_column: 'Area',
      engine: 'offline',
    });
    expect(run.status).toBe(202);
    const done = await finished(t.url, analyst, up.body.id);
    expect(done).toMatchObject({ state: 'done', progress: 1, credits: 0 });
    expect((await call('GET', '/api/credit', analyst)).body.remaining_credit).toBe(before);

    const result = (await call('GET', `/api/sentiment/analyses/${up.body.id}/result`, analyst)).body;
    expect(result.total).toBe(6);
    expect(result.distribution).toEqual({ positive: 2, neutral: 1, negative: 3 });
    expect(result.languages).toEqual(['EN', 'ES', 'FR', 'PT']);
    expect(result.time_unit).toBe('day');
    expect(result.over_time.map((p: { period: string }) => p.period)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(result.by_category.find((c: { category: string }) => c.category === 'Security')).toMatchObject({ positive: 1, negative: 1 });
    expect(result.most_negative[0].text).toMatch(/toilets|impoli|intermináveis/);
    expect(result.most_positive.map((c: { text: string }) => c.text)).toContain(FEEDBACK_ROWS[0]![2]);
    expect(result.comments[0]).toMatchObject({ row: 2, language: 'EN', label: 'positive', category: 'Security', date: '2026-03-02' });
    expect(result.comments[0].key_phrases.length).toBeGreaterThan(0);

    const negatives = (await call('GET', `/api/sentiment/analyses/${up.body.id}/result?label=negative&language=FR`, analyst)).body;
    expect(negatives).toMatchObject({ total: 6, matching: 1, distribution: { positive: 0, neutral: 0, negative: 1 } });
    const march9 = (await call('GET', `/api/sentiment/analyses/${up.body.id}/result?from=2026-03-09&to=2026-03-09`, analyst)).body;
    expect(march9.matching).toBe(2);
  });

  it('downloads the original sheet with the added columns, as xlsx and as formula-safe csv', async () => {
    const rows = [
      ['Comment', 'Note'],
      ['=HYPERLINK("http://evil","click") great staff, very friendly', '-5'],
      ['+1 terrible queues, awful', '@SUM(A1)'],
    ];
    const csv = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
    const up = await uploadSheet(t.url, analyst, Buffer.from(csv), 'formulas.csv');
    expect(up.status).toBe(201);
    await call('POST', `/api/sentiment/analyses/${up.body.id}/run`, analyst, { text_column: 'Comment', engine: 'offline' });
    expect((await finished(t.url, analyst, up.body.id)).state).toBe('done');

    const csvRes = await fetch(`${t.url}/api/sentiment/analyses/${up.body.id}/download?format=csv`, {
      headers: { authorization: `Bearer ${analyst}` },
    });
    expect(csvRes.headers.get('content-disposition')).toContain('formulas_sentiment.csv');
    const text = (await csvRes.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Comment,Note,sentiment_language,sentiment,sentiment_score,sentiment_key_phrases');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil"",""click""\) great staff, very friendly",-5,EN,positive,/);
    expect(lines[2]).toMatch(/^"'\+1 terrible queues, awful",'@SUM\(A1\),[A-Z]{2},negative,-/);

    const xlsxRes = await fetch(`${t.url}/api/sentiment/analyses/${up.body.id}/download?format=xlsx`, {
      headers: { authorization: `Bearer ${analyst}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsxRes.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Comment',
      'Note',
      'sentiment_language',
      'sentiment',
      'sentiment_score',
      'sentiment_key_phrases',
    ]);
    // Values, never formulas: the text stays text, the number a number.
    expect(ws.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('A2').value).toBe(rows[1]![0]);
    expect(ws.getCell('B2').value).toBe(-5);
    expect(ws.getCell('D2').value).toBe('positive');
    expect(ws.getCell('D3').value).toBe('negative');
  });

  it("another user's analysis answers 404 on every route; a user without the application gets 403", async () => {
    const up = await uploadSheet(t.url, analyst, await sheet(), 'mine.xlsx');
    const id = up.body.id;
    for (const [method, path, body] of [
      ['GET', `/api/sentiment/analyses/${id}`],
      ['GET', `/api/sentiment/analyses/${id}/estimate?text_column=Comment&engine=offline`],
      ['POST', `/api/sentiment/analyses/${id}/run`, { text_column: 'Comment', engine: 'offline' }],
      ['GET', `/api/sentiment/analyses/${id}/result`],
      ['GET', `/api/sentiment/analyses/${id}/download?format=csv`],
      ['DELETE', `/api/sentiment/analyses/${id}`],
    ] as const) {
      expect((await call(method, path, admin, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', '/api/sentiment/analyses', admin)).body.some((a: { id: string }) => a.id === id)).toBe(false);
    expect((await call('GET', '/api/sentiment/engines', viewer)).status).toBe(403);
    expect((await uploadSheet(t.url, viewer, await sheet(), 'x.xlsx')).status).toBe(403);
    expect((await call('DELETE', `/api/sentiment/analyses/${id}`, analyst)).status).toBe(204);
    expect((await call('GET', `/api/sentiment/analyses/${id}`, analyst)).status).toBe(404);
  });

  it('says which rows have more fields than the header, and runs only once the user chose the fix (issue 33 item 15)', async () => {
    const csv = [
      'Date,Area,Comment',
      '2026-03-02,Security,The security staff were friendly and the check was quick.',
      '2026-03-02,Toilets,The toilets were dirty, and they smelled awful.',
      '2026-03-09,Shops,Lovely shops and good coffee.',
      '2026-03-09,Gate,Boarding was chaotic, slow, and nobody explained the delay.',
    ].join('\r\n');
    const up = await uploadSheet(t.url, analyst, Buffer.from(`${csv}\r\n`), 'cut.csv');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      rows: 4,
      ragged_rows: { header_fields: 3, delimiter: ',', wider: { count: 2, lines: [3, 5] }, narrower: { count: 0, lines: [] } },
    });
    const body = { text_column: 'Comment', date_column: 'Date', category_column: 'Area', engine: 'offline' };
    const refused = await call('POST', `/api/sentiment/analyses/${up.body.id}/run`, analyst, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^2 of 4 rows of cut\.csv have more fields than its header \(3\).*lines 3, 5\)/);
    const run = await call('POST', `/api/sentiment/analyses/${up.body.id}/run`, analyst, { ...body, join_extra_fields: true });
    expect(run.status).toBe(202);
    expect((await finished(t.url, analyst, up.body.id)).state).toBe('done');
    const result = (await call('GET', `/api/sentiment/analyses/${up.body.id}/result`, analyst)).body;
    expect(result.comments.map((c: { text: string }) => c.text)).toContain('Boarding was chaotic, slow, and nobody explained the delay.');
    expect(result.categories).toEqual(['Gate', 'Security', 'Shops', 'Toilets']);
  });

  it('refuses a column the sheet does not have, and an engine the user cannot use', async () => {
    const up = await uploadSheet(t.url, analyst, await sheet(), 'cols.xlsx');
    const bad = await call('POST', `/api/sentiment/analyses/${up.body.id}/run`, analyst, { text_column: 'Nope', engine: 'offline' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('"Nope" is not a column of cols.xlsx');
    const model = await call('POST', `/api/sentiment/analyses/${up.body.id}/run`, analyst, { text_column: 'Comment', engine: 'gpt4' });
    expect(model.status).toBe(400);
    expect(model.body.message).toBe(
      'GPT 4o cannot answer: OpenAI is not set up on this portal (ask your administrator). Choose another model.',
    );
  });
});
