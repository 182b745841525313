import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTabular } from '../governance/index.ts';
import { analyse } from './offline/analyse.ts';
import { analyseSheet } from './run.ts';
import { joinExtraFields, profileSheet } from './sheet.ts';

// Issue 33 item 15: 12 of 40 rows with an unquoted comma were cut at the comma while the screen said
// "40 rows, 3 columns". The profile now counts the rows whose field count differs from the header
// and where they are; the run can take the extra fields as part of the comment. And the proposed
// category is never a language column, which would repeat "By language".

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'hangar-sentiment-fields-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function profileOf(name: string, text: string) {
  const file = path.join(work, name);
  await writeFile(file, text);
  const tabular = await toTabular(file, 'csv', work);
  if (!tabular.ok) throw new Error(tabular.message);
  return { tabular, profile: await profileSheet(tabular.csvPath, tabular.format) };
}

/** 40 rows under Date,Area,Comment; every row whose index is a multiple of 3 (12 of them, rows 3..36) has an unquoted comma. */
function feedback(): { csv: string; cutLines: number[] } {
  const lines = ['Date,Area,Comment'];
  const cutLines: number[] = [];
  for (let i = 1; i <= 40; i++) {
    const cut = i % 3 === 0 && i <= 36;
    const comment = cut ? `The staff at gate ${i} were friendly, and boarding was quick` : `The queue at security ${i} was long and slow`;
    lines.push(`2026-03-${String((i % 28) + 1).padStart(2, '0')},Security,${comment}`);
    if (cut) cutLines.push(i + 1); // the header is line 1
  }
  return { csv: `${lines.join('\r\n')}\r\n`, cutLines };
}

describe('rows whose field count differs from the header', () => {
  it('are counted with their lines, the rows with more fields apart from those with fewer', async () => {
    const { csv, cutLines } = feedback();
    const { profile } = await profileOf('cut.csv', `${csv}2026-04-01,Security\r\n`);
    expect(profile.rows).toBe(41);
    expect(profile.columns.map((c) => c.name)).toEqual(['Date', 'Area', 'Comment']);
    expect(profile.ragged).toMatchObject({
      header_fields: 3,
      delimiter: ',',
      wider: { count: 12, lines: cutLines },
      narrower: { count: 1, lines: [42] },
    });
    expect(profile.ragged!.extra_chars).toBe(12 * ' and boarding was quick'.length + 12);
  });

  it('a sheet whose rows all match has none', async () => {
    const { profile } = await profileOf(
      'fine.csv',
      'Comment,Area\r\n"Friendly staff, quick check",Security\r\nDirty toilets and a long queue,Toilets\r\n',
    );
    expect(profile.ragged).toBeNull();
  });

  it('joining takes the extra fields as part of the comment, wherever the comment column is', () => {
    expect(joinExtraFields(['2026-03-03', 'Security', 'Friendly', ' and quick'], 3, 2, ',')).toEqual([
      '2026-03-03',
      'Security',
      'Friendly, and quick',
    ]);
    expect(joinExtraFields(['Friendly', ' and quick', 'Security'], 2, 0, ',')).toEqual(['Friendly, and quick', 'Security']);
    expect(joinExtraFields(['a', 'b'], 3, 0, ',')).toEqual(['a', 'b']);
  });

  it('the run reads every comment whole, and the enriched sheet keeps its columns in place', async () => {
    const { csv } = feedback();
    const { tabular } = await profileOf('run.csv', csv);
    const out = { enriched: path.join(work, 'enriched.csv'), results: path.join(work, 'results.ndjson') };
    const done = await analyseSheet(
      tabular.csvPath,
      tabular.format.delimiter,
      { text: 'Comment', date: 'Date', category: 'Area' },
      out,
      async (texts) => texts.map(analyse),
      500,
      async () => {},
    );
    expect(done).toBe(40);
    const results = (await readFile(out.results, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { r: number; t: string; c: string });
    expect(results.find((r) => r.r === 4)?.t).toBe('The staff at gate 3 were friendly, and boarding was quick');
    expect(new Set(results.map((r) => r.c))).toEqual(new Set(['Security']));
    const enriched = (await readFile(out.enriched, 'utf8')).split('\n');
    expect(enriched[0]).toBe('Date,Area,Comment,sentiment_language,sentiment,sentiment_score,sentiment_key_phrases');
    expect(enriched[3]).toMatch(/^2026-03-04,Security,"The staff at gate 3 were friendly, and boarding was quick",EN,/);
  });
});

describe('the proposed category column', () => {
  it('is not a language column, by its name or by its values', async () => {
    const rows = [
      ['EN', 'Security', 'T1', 'The staff were friendly and the check was quick'],
      ['FR', 'Toilets', 'T2', 'Les toilettes étaient sales et mal entretenues'],
      ['ES', 'Shops', 'T1', 'Las tiendas son agradables y el café es bueno'],
      ['PT', 'Security', 'T2', 'Filas intermináveis na segurança, mais de uma hora'],
    ];
    const csv = (header: string) => `${header}\r\n${rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\r\n')}\r\n`;
    expect((await profileOf('lang.csv', csv('lang,Area,Terminal,Comment'))).profile.proposed.category).toBe('Area');
    expect((await profileOf('codes.csv', csv('Market,Area,Terminal,Comment'))).profile.proposed.category).toBe('Area');
  });
});
