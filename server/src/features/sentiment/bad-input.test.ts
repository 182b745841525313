import { Readable } from 'node:stream';
import { SENTIMENT_ERRORS } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api.ts';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { zip } from '../../../test/zip.ts';
import { uploadSheet, xlsxOf } from './test-helpers.ts';

// Each bad sheet gets a 4xx a person can act on, and nothing is kept: no analysis, no stored file.
let t: TestApp;
let analyst: string;
const call = apiCaller(() => t.url);

beforeAll(async () => {
  t = await startTestApp();
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
}, 180_000);
afterAll(async () => t?.close());

async function nothingKept() {
  expect((await call('GET', '/api/sentiment/analyses', analyst)).body).toEqual([]);
  expect(await t.ctx.store.list('sentiment/')).toEqual([]);
}

describe('bad sheets', () => {
  it('a sheet without a column of free text', async () => {
    const res = await uploadSheet(
      t.url,
      analyst,
      await xlsxOf([
        ['Date', 'Gate', 'Score'],
        ['2026-01-02', 'A1', 3],
        ['2026-01-03', 'B2', 4],
        ['2026-01-04', 'C3', 5],
      ]),
      'numbers.xlsx',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SENTIMENT_ERRORS.noTextColumn);
    await nothingKept();
  });

  it('an empty sheet, a header alone, an empty file', async () => {
    for (const [bytes, name] of [
      [await xlsxOf([]), 'empty.xlsx'],
      [Buffer.from('Comment,Date\r\n'), 'header.csv'],
    ] as const) {
      const res = await uploadSheet(t.url, analyst, bytes, name);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe(SENTIMENT_ERRORS.emptySheet);
    }
    const empty = await uploadSheet(t.url, analyst, Buffer.alloc(0), 'nothing.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('nothing.csv is empty');
    await nothingKept();
  });

  it('a 200 MB file is cut at the limit and refused with 413', async () => {
    const line = Buffer.from(`"${'The queue at security was long but the staff were friendly. '.repeat(16)}"\r\n`);
    const total = 200 * 1024 * 1024;
    const body = Readable.from(
      (function* () {
        yield Buffer.from('Comment\r\n');
        for (let sent = 0; sent < total; sent += line.length) yield line;
      })(),
    );
    const boundary = 'sentimentboundary';
    const multipart = Readable.from(
      (async function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        );
        yield* body;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const res = await fetch(`${t.url}/api/sentiment/analyses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(multipart) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'huge.csv is larger than 50 MB. Keep only the columns the analysis needs (the comments, a date, a category) or split the file, then upload again.',
    );
    await nothingKept();
  }, 120_000);

  it('a zip bomb renamed .xlsx is refused from its directory, before anything is inflated', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    const bomb = await zip([
      { name: 'xl/workbook.xml', chunks: () => [Buffer.from('<workbook/>')] },
      { name: 'xl/sharedStrings.xml', chunks: () => Array.from({ length: 400 }, () => chunk) },
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await uploadSheet(t.url, analyst, bomb, 'comments.xlsx');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^The workbook unpacks to 401 MB from a 1 MB file, more than the portal unpacks \(\d+ MB\): save the data as CSV/,
    );
    await nothingKept();
  });

  it('a file mixing UTF-8 and Windows-1252 lines', async () => {
    const mixed = Buffer.concat([
      Buffer.from('Comment,Area\r\n', 'utf8'),
      Buffer.from('Très bon accueil, personnel aimable,Security\r\n', 'utf8'),
      Buffer.from('Toilettes sales, odeur désagréable,Toilets\r\n', 'latin1'),
      Buffer.from('Embarquement fluide, équipe souriante,Gate\r\n', 'utf8'),
    ]);
    const res = await uploadSheet(t.url, analyst, mixed, 'mixed.csv');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('The file mixes two text encodings');
    await nothingKept();
  });

  it('a Windows-1252 file alone is read, its accents intact', async () => {
    const latin = Buffer.from(
      'Comment;Area\r\nTrès bon accueil, personnel aimable et souriant;Security\r\nToilettes sales, odeur très désagréable;Toilets\r\nEmbarquement fluide, équipe vraiment souriante;Gate\r\n',
      'latin1',
    );
    const res = await uploadSheet(t.url, analyst, latin, 'latin.csv');
    expect(res.status).toBe(201);
    expect(res.body.columns[0].samples[0]).toBe('Très bon accueil, personnel aimable et souriant');
    await call('DELETE', `/api/sentiment/analyses/${res.body.id}`, analyst);
    await nothingKept();
  });

  it('a program, a pdf renamed .csv and another file type are refused with 415', async () => {
    for (const [bytes, name, text] of [
      [Buffer.from('MZ\x90\x00program'), 'comments.csv', 'comments.csv is a Windows program'],
      [Buffer.from('%PDF-1.7 ...'), 'comments.csv', 'comments.csv is a PDF, not CSV text'],
      [Buffer.from('hello'), 'comments.txt', 'Files of type .txt are not accepted'],
      [Buffer.from('hello'), 'comments.xlsx', 'comments.xlsx is not an Office .xlsx file'],
    ] as const) {
      const res = await uploadSheet(t.url, analyst, bytes, name);
      expect(res.status, name).toBe(415);
      expect(res.body.message).toContain(text);
    }
    await nothingKept();
  });
});
